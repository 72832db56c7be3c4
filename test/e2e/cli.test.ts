import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/types.js';
import { createServiceClient } from '../../src/service/client.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';
import { inRepository, REPOSITORY_ROOT } from '../helpers/repository.js';
import { EXAMPLE_SECRETS } from './action-runner.js';
import { bundle, NODE, runCli } from './bundle.js';

/** Runs the bundled CLI as a user would, with only the environment given (no inherited secrets). */
const cli = (args: readonly string[], env: Record<string, string> = {}) => runCli(args, { env });
/**
 * The same command line's entry function (what cli.js calls) in this process: for the runs of a test after
 * the one that shows the bundle doing it, where another process adds only its cold start.
 */
const inProcess = (args: readonly string[], env: Record<string, string> = {}) => runCliInProcess(args, env);
/** A command on the example repository, named by its place, not by this process's working directory. */
const example = (command: string) => [
  command,
  inRepository('fixtures', 'example'),
  '--root',
  REPOSITORY_ROOT,
];

describe('the CLI bundle', () => {
  it('validates the example repository with no findings and exits 0', async () => {
    const run = await cli(['validate', 'fixtures/example']);
    expect(run.stdout).toContain('0 errors, 0 warnings');
    expect(run.code).toBe(0);
  });

  it('reports every planted error of the invalid corpus at its exact line and column', async () => {
    // Named one by one: found in a directory, the files without a kind of ours would be skipped.
    const corpus = (await readdir(inRepository('fixtures', 'invalid'))).filter((n) => n.endsWith('.yaml'));
    const run = await cli(['validate', ...corpus.map((n) => `fixtures/invalid/${n}`), '--format', 'json']);
    expect(run.code).toBe(1);
    const output = JSON.parse(run.stdout);
    const expected: { file: string; line: number; column: number; code: string; severity: string }[] =
      JSON.parse(await readFile(inRepository('fixtures', 'invalid', 'EXPECTED.json'), 'utf8'));
    const found = output.diagnostics.map(
      (d: { file: string; line: number; column: number; code: string; severity: string }) =>
        `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}`,
    );
    const planted = expected.map((e) => `${e.file}:${e.line}:${e.column} ${e.severity} ${e.code}`);
    expect([...found].sort()).toEqual([...planted].sort());
  });

  it('refuses a file over 1 MiB and a symlink leaving the repository, each with its file, never a stack', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'cli-bad-input-'));
    try {
      await mkdir(join(repo, 'alerting'));
      await writeFile(join(repo, 'alerting', 'big.yaml'), `kind: AlertRule\n# ${'x'.repeat(1024 * 1024)}\n`);
      await writeFile(join(repo, '..', `${basename(repo)}-outside.yaml`), 'kind: AlertRule\n');
      await symlink(join(repo, '..', `${basename(repo)}-outside.yaml`), join(repo, 'alerting', 'leak.yaml'));
      for (const format of ['json', 'github', 'text']) {
        const args = ['validate', 'alerting', '--format', format, '--root', repo];
        const run = format === 'json' ? await cli(args) : await inProcess(args);
        expect(run.code).toBe(1);
        expect(run.stderr).not.toMatch(/\n\s+at /);
        if (format === 'json') {
          const found = JSON.parse(run.stdout).diagnostics.map(
            (d: { file: string; line: number; code: string }) => [d.file, d.line, d.code].join(' '),
          );
          expect(found).toEqual([
            'alerting/big.yaml 1 file.too-large',
            'alerting/leak.yaml 1 file.symlink-outside-root',
          ]);
        } else if (format === 'github') {
          expect(run.stdout).toContain('::error file=alerting/big.yaml,line=1,col=1');
          expect(run.stdout).toContain('::error file=alerting/leak.yaml,line=1,col=1');
          expect(run.stdout).toContain('2 errors, 0 warnings');
        } else {
          expect(run.stdout).toMatch(
            /^alerting\/big\.yaml:1:1: error: file is 1\.0 MiB \(1,048,595 bytes\)/m,
          );
        }
      }
    } finally {
      await rm(join(repo, '..', `${basename(repo)}-outside.yaml`), { force: true });
      await rm(repo, { recursive: true, force: true });
    }
  });

  it('answers a bad command or option with one line and no stack trace', async () => {
    const bad = [
      ['deploy'],
      ['plan', '--bogus'],
      ['validate', '--format', 'xml'],
      ['validate', '--format'],
      ['logs'],
    ];
    for (const [i, args] of bad.entries()) {
      const run = i === 0 ? await cli(args) : await inProcess(args);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^platform-gitops: /);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('says how to set the token when a command needs the service', async () => {
    const run = await cli(['plan', 'fixtures/example']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/QOVERY_API_TOKEN/);
  });

  it('prints help and version', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: platform-gitops <command>/);
    const version = await inProcess(['--version']);
    expect(version.stdout).toMatch(/^platform-gitops \d+\.\d+\.\d+\n$/);
  });
});

describe('the CLI bundle against the sandbox', () => {
  let sandbox: Sandbox;
  let env: Record<string, string>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    // The example reads its sensitive value from the environment, as its workflow passes a secret.
    env = { QOVERY_API_URL: sandbox.url, QOVERY_API_TOKEN: sandbox.token, ...EXAMPLE_SECRETS };
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('plans the example with one alert-rule list call per organization, never printing the token', async () => {
    sandbox.resetLog();
    const run = await cli(
      ['plan', 'fixtures/example', '--org', sandbox.organizationId, '--format', 'json'],
      env,
    );
    const output = JSON.parse(run.stdout);
    expect(output.requests.byOperation.getAlertRules).toBe(1);
    expect(sandbox.count('getAlertRules')).toBe(1);
    expect(sandbox.count('editAlertRule') + sandbox.count('createAlertRule')).toBe(0);
    expect(output.changes.length).toBeGreaterThan(20);
    expect(run.stdout + run.stderr).not.toContain(sandbox.token);
  });

  it('applies, and a plan right after the apply is empty', async () => {
    const org = ['--org', sandbox.organizationId];
    const apply = await cli(['apply', 'fixtures/example', ...org, '--format', 'json'], env);
    expect(apply.code).toBe(0);
    const applied = JSON.parse(apply.stdout);
    expect(applied.results.length).toBeGreaterThan(0);
    expect(applied.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    const again = await inProcess([...example('plan'), ...org, '--detailed-exitcode'], env);
    expect(again.code).toBe(0);
    const drift = await inProcess([...example('drift'), ...org], env);
    expect(drift.code).toBe(0);
  });

  it('exports the organization so that a plan on the export shows no changes', async () => {
    const out = await mkdtemp(join(tmpdir(), 'export-'));
    try {
      const exported = await cli(['export', '--out', out, '--org', sandbox.organizationId], env);
      expect(exported.code).toBe(0);
      // By name; the plan below needs the document forms by name in the loader.
      expect(await readFile(join(out, 'api-p99-latency.yaml'), 'utf8')).toContain(
        'cluster: prod-eu\ntarget:\n  service: shop/production/api\n',
      );
      const plan = await inProcess(
        ['plan', out, '--root', out, '--org', sandbox.organizationId, '--detailed-exitcode'],
        env,
      );
      expect(plan.stdout).toContain('0 to create, 0 to update, 0 to delete');
      expect(plan.code).toBe(0);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});

describe('the CLI bundle: plan --out, then apply --plan', () => {
  let sandbox: Sandbox;
  let repo: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    sandbox = await startSandbox();
    env = { QOVERY_API_URL: sandbox.url, QOVERY_API_TOKEN: sandbox.token };
    repo = await mkdtemp(join(tmpdir(), 'cli-saved-plan-'));
    await cp(inRepository('fixtures', 'example'), repo, { recursive: true });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(repo, { recursive: true, force: true });
  });

  it('refuses an edited plan file whole; refuses the rule edited in the console since the plan and writes the others; a plan of other documents writes nothing', async () => {
    const planFile = join(repo, 'plan.json');
    const args = ['--root', repo, '--org', sandbox.organizationId];
    const planned = await cli(['plan', join(repo, 'alerting'), ...args, '--out', planFile], env);
    expect(planned.code).toBe(0);
    const saved = JSON.parse(await readFile(planFile, 'utf8'));
    const edited = saved.changes.find((c: { action: string }) => c.action === 'update');
    expect(saved.changes.length).toBeGreaterThan(1);

    // The file edited after the plan: refused whole, the first difference named, nothing written.
    const tampered = join(repo, 'tampered.json');
    const threshold = { ...edited.request.condition, threshold: 0.92 };
    await writeFile(
      tampered,
      JSON.stringify({
        ...saved,
        changes: [{ ...edited, request: { ...edited.request, condition: threshold } }],
      }),
    );
    sandbox.resetLog();
    const forged = await cli(['apply', join(repo, 'alerting'), ...args, '--plan', tampered], env);
    expect(forged.code).toBe(1);
    expect(forged.stdout + forged.stderr).toContain('apply.plan-differs');
    expect(forged.stdout + forged.stderr).toContain('`request.condition.threshold` is 0.92 in the file');
    expect(sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    // The id of one update pointed at another rule, every other change kept: refused whole, the change
    // named as the documents give it, with both ids; nothing written.
    const otherId =
      saved.changes.find((c: { action: string; id?: string }) => c.action === 'update' && c.id !== edited.id)
        ?.id ?? 'a2a2a2a2-0000-4000-8000-000000000501';
    const pointed = join(repo, 'pointed.json');
    await writeFile(
      pointed,
      JSON.stringify({
        ...saved,
        changes: saved.changes.map((c: { id?: string }) => (c === edited ? { ...c, id: otherId } : c)),
      }),
    );
    sandbox.resetLog();
    const elsewhere = await cli(['apply', join(repo, 'alerting'), ...args, '--plan', pointed], env);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stdout + elsewhere.stderr).toContain(
      `the update of alert rule "${edited.name}" (${edited.id}) (${edited.file}:${edited.line}): \`id\` is "${otherId}" in the file, the documents give "${edited.id}"`,
    );
    expect(sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    // A console edit: a direct write to the service between the plan and the apply.
    const client = createServiceClient({ apiUrl: sandbox.url, token: sandbox.token });
    try {
      const live = await client.getAlertRule(edited.id);
      await client.editAlertRule(edited.id, { ...live, enabled: !live.enabled });
    } finally {
      await client.close();
    }
    sandbox.resetLog();
    const applied = await cli(
      ['apply', join(repo, 'alerting'), ...args, '--plan', planFile, '--format', 'json'],
      env,
    );
    expect(applied.code).toBe(1);
    const output = JSON.parse(applied.stdout);
    expect(output.diagnostics.map((d: { code: string }) => d.code)).toEqual(['apply.changed-since-plan']);
    expect(output.diagnostics[0].message).toContain('`enabled`');
    expect(output.results.map((r: { name: string; ok: boolean }) => r.ok)).toEqual(
      Array(saved.changes.length - 1).fill(true),
    );
    expect(output.results.map((r: { id: string }) => r.id)).not.toContain(edited.id);
    // One list before the writes, and one re-read after creates for a rule another run created meanwhile.
    const creates = saved.changes.some((c: { action: string }) => c.action === 'create');
    expect(sandbox.count('getAlertRules')).toBe(creates ? 2 : 1);

    // The documents change after the plan: the saved plan is refused whole.
    const api = join(repo, 'alerting', 'api.yaml');
    await writeFile(api, (await readFile(api, 'utf8')).replace('severity: HIGH\n', 'severity: CRITICAL\n'));
    sandbox.resetLog();
    const stale = await inProcess(['apply', join(repo, 'alerting'), ...args, '--plan', planFile], env);
    expect(stale.code).toBe(1);
    expect(stale.stdout + stale.stderr).toContain('apply.plan-other-documents');
    expect(sandbox.requests).toEqual([]);
    // Processes of the bundle, one after the other, on a shared machine.
  }, 90_000);
});

describe('the CLI bundle writing into a pipe its reader closed', () => {
  it('finishes its run and exits with its own status, never crashing with EPIPE', async () => {
    // `validate … | head -1`: the reader goes away after its first chunk, the run still has lines to write.
    const corpus = (await readdir(inRepository('fixtures', 'invalid'))).filter((n) => n.endsWith('.yaml'));
    const args = ['validate', ...corpus.map((n) => `fixtures/invalid/${n}`), '--format', 'github'];
    const run = await new Promise<{ code: number | null; stderr: string }>((done, fail) => {
      const child = spawn(NODE, [bundle('cli.js'), ...args], {
        cwd: REPOSITORY_ROOT,
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stdout.once('data', () => child.stdout.destroy());
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('error', fail);
      child.on('close', (code) => done({ code, stderr }));
    });
    expect(run.stderr).not.toMatch(/EPIPE|internal error|Error:/);
    // The invalid corpus fails validation: the status of the run, not of the closed pipe.
    expect(run.code).toBe(1);
  });
});
