/**
 * `export --format prometheus-rules` in this process: the rule file written to --out, an --out that cannot
 * be written, and the organization's rules read with a token the service refuses.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runExportRulesCommand } from '../../../src/commands/export-rules.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { inRepository } from '../../helpers/repository.js';
import { useSandbox } from '../../helpers/sandbox.js';

const EXAMPLE = inRepository('fixtures', 'example');
const sandbox = useSandbox({ rateLimit: false });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-rules-out-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

type RuleFile = { groups: { name: string; rules: { alert: string; expr: string }[] }[] };

const exportRules = (...args: string[]) =>
  runCliInProcess(['export', '--format', 'prometheus-rules', '--root', EXAMPLE, ...args], {});

describe('export --format prometheus-rules --out FILE', () => {
  it('writes the rule file there, prints nothing on stdout and says where it went', async () => {
    const file = join(dir, 'example.rules.yaml');
    const run = await exportRules('alerting', '--out', file);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const written = parse(await readFile(file, 'utf8')) as RuleFile;
    expect(written.groups.length).toBeGreaterThan(0);
    const rules = written.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toContain('api-5xx-ratio');
    expect(rules.every((r) => typeof r.expr === 'string' && r.expr !== '')).toBe(true);
    expect(run.stderr).toMatch(
      new RegExp(`exported ${rules.length} of \\d+ alert rules? as a Prometheus rule file to ${file}`),
    );
    // The same text as on stdout without --out.
    const printed = await exportRules('alerting');
    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe(await readFile(file, 'utf8'));
  });

  it('refuses a file inside a file, naming the path and what to do', async () => {
    const plain = join(dir, 'plain.txt');
    await writeFile(plain, 'not a directory\n');
    const target = join(plain, 'rules.yaml');
    const run = await exportRules('alerting', '--out', target);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`export cannot write ${target} (ENOTDIR): choose another --out file`);
    expect(run.stdout).toBe('');
  });

  it('refuses a file in a directory that does not exist, naming the path', async () => {
    const target = join(dir, 'missing', 'rules.yaml');
    const run = await exportRules('alerting', '--out', target);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`export cannot write ${target} (ENOENT): choose another --out file`);
  });
});

describe('runExportRulesCommand', () => {
  it('writes a relative --out file under the repository root when no other directory is given', async () => {
    const root = join(dir, 'repository');
    await cp(EXAMPLE, root, { recursive: true });
    const warned: string[] = [];
    const status = await runExportRulesCommand({
      root,
      paths: ['alerting'],
      outFile: 'rules.yaml',
      print: () => {
        throw new Error('nothing is printed on stdout with --out');
      },
      warn: (text) => warned.push(text),
    });
    expect(status).toBe(0);
    const written = parse(await readFile(join(root, 'rules.yaml'), 'utf8')) as RuleFile;
    expect(written.groups.flatMap((g) => g.rules).map((r) => r.alert)).toContain('api-5xx-ratio');
    expect(warned.join('')).toMatch(/as a Prometheus rule file to rules\.yaml\n$/);
  });
});

describe('export --format prometheus-rules --org', () => {
  it('writes the rules of the organization, one group per cluster, to --out', async () => {
    const file = join(dir, 'org.rules.yaml');
    const run = await runCliInProcess(
      [
        'export',
        '--format',
        'prometheus-rules',
        '--org',
        sandbox().organizationId,
        '--api-url',
        sandbox().url,
        '--out',
        file,
      ],
      { QOVERY_API_TOKEN: sandbox().token },
    );
    expect(run.code).toBe(0);
    const written = parse(await readFile(file, 'utf8')) as RuleFile;
    expect(written.groups.length).toBeGreaterThan(0);
    for (const group of written.groups) expect(group.name).toMatch(/^cluster [0-9a-f-]{36}$/);
  });

  it('with a token the service refuses: an error naming the organization, exit 1, no rule file', async () => {
    const run = await runCliInProcess(
      [
        'export',
        '--format',
        'prometheus-rules',
        '--org',
        sandbox().organizationId,
        '--api-url',
        sandbox().url,
      ],
      { QOVERY_API_TOKEN: 'not-a-token-the-service-knows' },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `The alert rules of organization ${sandbox().organizationId} could not be read`,
    );
    expect(run.stderr).toContain('HTTP 401');
    // No rule file, not even an empty one: redirected, it would replace a good file with nothing.
    expect(run.stdout).toBe('');
  });

  it('with --out and a token the service refuses, leaves the file as it was', async () => {
    const file = join(dir, 'kept.rules.yaml');
    await writeFile(file, 'groups: [{ name: kept, rules: [] }]\n');
    const run = await runCliInProcess(
      [
        'export',
        '--format',
        'prometheus-rules',
        '--org',
        sandbox().organizationId,
        '--api-url',
        sandbox().url,
        '--out',
        file,
      ],
      { QOVERY_API_TOKEN: 'not-a-token-the-service-knows' },
    );
    expect(run.code).toBe(1);
    expect(await readFile(file, 'utf8')).toBe('groups: [{ name: kept, rules: [] }]\n');
  });

  it('takes the documents under PATH or the organization, not both', async () => {
    const run = await runCliInProcess(
      [
        'export',
        '--format',
        'prometheus-rules',
        '--org',
        sandbox().organizationId,
        'alerting',
        '--root',
        EXAMPLE,
      ],
      { QOVERY_API_TOKEN: sandbox().token },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/under PATH or, with --org, the organization's rules: not both/);
    expect(run.stdout).toBe('');
  });
});
