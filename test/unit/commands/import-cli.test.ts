/**
 * `import` through the command line in this process: what a user sees for each form of output, for the
 * files it cannot read as rules, and for the options it refuses.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runImportCommand } from '../../../src/commands/import.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { inRepository } from '../../helpers/repository.js';

const FIXTURES = inRepository('test', 'fixtures', 'prometheus-rules');
const HELM = join(FIXTURES, 'helm-template.yaml');
const CLUSTER = 'c1a5e7e0-0000-4000-8000-000000000101';
const RECEIVER = '5e1ec7ed-0000-4000-8000-000000000201';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-cli-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const importing = (...args: string[]) =>
  runCliInProcess(['import', ...args, '--cluster', CLUSTER, '--receiver', RECEIVER], {});

describe('import: its output', () => {
  it('without --out nor --dry-run: a usage error saying what to pass, nothing printed', async () => {
    const run = await importing(HELM);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("'import' needs --out DIR (or --dry-run to print the documents)");
    expect(run.stdout).toBe('');
  });

  it('writes one file per group to --out and says so', async () => {
    const out = join(dir, 'imported');
    const run = await importing(HELM, '--out', out);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`wrote 1 file to ${out}`);
    expect(await readdir(out)).toEqual(['billing-rules.yaml']);
    expect(await readFile(join(out, 'billing-rules.yaml'), 'utf8')).toContain('name: BillingJobFailed');
  });

  it('--format json --dry-run: one JSON object holding the documents, nothing written', async () => {
    const run = await importing(HELM, '--format', 'json', '--dry-run', '--out', dir);
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout);
    expect(output).toMatchObject({ command: 'import', exitCode: 0 });
    expect(output.files.map((f: { fileName: string }) => f.fileName)).toEqual(['billing-rules.yaml']);
    expect(output.files[0].text).toContain('name: BillingJobFailed');
    expect(await readdir(dir)).toEqual([]);
  });

  it('--format json with --out: the files named without their text, which is on disk', async () => {
    const run = await importing(HELM, '--format', 'json', '--out', dir);
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout);
    expect(output.files).toHaveLength(1);
    expect(output.files[0].fileName).toBe('billing-rules.yaml');
    expect(output.files[0]).not.toHaveProperty('text');
    expect(await readdir(dir)).toEqual(['billing-rules.yaml']);
  });

  it('--format github: our warnings as workflow commands, left as commands, and the text below', async () => {
    const run = await importing(HELM, '--format', 'github', '--dry-run');
    expect(run.code).toBe(0);
    const commands = run.stdout.split('\n').filter((l) => l.startsWith('::warning '));
    expect(commands.length).toBeGreaterThan(0);
    expect(commands[0]).toMatch(/^::warning file=[^,]*helm-template\.yaml,line=\d+/);
    // Not escaped as text from a file would be (the stop-commands token or %3A in place of ::).
    expect(run.stdout).not.toContain('%3A%3Awarning');
    expect(run.stdout).toContain('nothing written (--dry-run)');
  });

  it('--format github called without a channel for commands prints them on the output', async () => {
    let printed = '';
    const status = await runImportCommand({
      paths: ['helm-template.yaml'],
      cwd: FIXTURES,
      cluster: CLUSTER,
      target: undefined,
      receivers: [RECEIVER],
      severityMap: undefined,
      outDir: undefined,
      dryRun: true,
      format: 'github',
      print: (text) => {
        printed += text;
      },
    });
    expect(status).toBe(0);
    expect(printed).toMatch(/^::warning file=helm-template\.yaml,line=\d+/m);
  });
});

describe('import: what it refuses', () => {
  it('a target of a known type whose id is not a uuid: the name forms are offered', async () => {
    const target = await importing(HELM, '--target', `APPLICATION:shop-api`, '--dry-run');
    expect(target.code).toBe(1);
    expect(target.stderr).toContain(
      "--target 'APPLICATION:shop-api' does not end in an id: pass APPLICATION:UUID, or name it (service:PROJECT/ENVIRONMENT/SERVICE",
    );
  });

  it('a cluster and a target by name: written in the name forms', async () => {
    const run = await runCliInProcess(
      [
        'import',
        HELM,
        '--cluster',
        'prod-eu',
        '--target',
        'service:shop/production/api',
        '--receiver',
        RECEIVER,
        '--dry-run',
      ],
      {},
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('cluster: prod-eu\ntarget:\n  service: shop/production/api\n');
  });

  it('a --severity-map entry that is not LABEL=SEVERITY, named', async () => {
    const run = await importing(HELM, '--severity-map', 'info=LOW,sev1=URGENT', '--dry-run');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--severity-map entry 'sev1=URGENT' must be LABEL=SEVERITY");
    expect(run.stdout).toBe('');
  });

  it('an --out it cannot write to, named, with nothing written', async () => {
    const file = join(dir, 'plain.txt');
    await writeFile(file, 'not a directory\n');
    const run = await importing(HELM, '--out', file);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /import cannot write to .*plain\.txt \(E[A-Z]+\): choose another --out directory/,
    );
    expect(await readFile(file, 'utf8')).toBe('not a directory\n');
  });

  it('a file in --out that an import did not write: nothing is overwritten', async () => {
    await writeFile(join(dir, 'billing-rules.yaml'), 'kind: AlertRule\n');
    const run = await importing(HELM, '--out', dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/would overwrite 1 file .*billing-rules\.yaml.*nothing was written/);
    expect(await readFile(join(dir, 'billing-rules.yaml'), 'utf8')).toBe('kind: AlertRule\n');
  });
});

describe('import: files that are not rules', () => {
  it('a file that is not UTF-8 is an error at its line, not imported', async () => {
    await writeFile(join(dir, 'latin1.yaml'), Buffer.from('groups:\n  - name: caf\xe9\n', 'latin1'));
    const run = await importing(join(dir, 'latin1.yaml'), '--dry-run');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/latin1\.yaml:2:\d+: error: not UTF-8 text: not imported/);
  });

  it('in a directory, YAML files holding no rules are passed over with a notice; the rules are imported', async () => {
    const source = join(dir, 'manifests');
    await mkdir(source);
    await copyFile(HELM, join(source, 'billing.yaml'));
    await writeFile(join(source, 'kustomization.yaml'), 'resources: [billing.yaml]\n');
    const run = await importing(source, '--dry-run');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /notice: passed over 1 YAML file holding no rule groups nor PrometheusRule: .*kustomization\.yaml/,
    );
    expect(run.stdout).toContain('# ==> billing-rules.yaml <==');
  });

  it('a directory holding no rule file at all is an error naming it', async () => {
    const source = join(dir, 'empty');
    await mkdir(source);
    await writeFile(join(source, 'deployment.yaml'), 'apiVersion: apps/v1\nkind: Deployment\n');
    const run = await importing(source, '--dry-run');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`no Prometheus rule file found under ${source}`);
  });
});

describe('import: Sloth files', () => {
  const SLOTH = inRepository('test', 'fixtures', 'sloth', 'myservice.yaml');

  it('Sloth files alone: their line closes the run with its time, no line of 0 alerting rules', async () => {
    const run = await importing(SLOTH, '--dry-run');
    // The fixture holds one SLO that cannot be imported (a plugin SLI): an error.
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /Sloth SLOs?: \d+ imported as ServiceLevelObjective .*not imported; \d+\.\d\d s\n/,
    );
    expect(run.stdout).not.toContain('alerting rule');
  });

  it('with a Prometheus rule file too: both lines, the rules counted in their one file', async () => {
    const run = await importing(SLOTH, HELM, '--dry-run');
    // The fixture holds one SLO that cannot be imported (a plugin SLI): an error.
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Sloth SLOs?: \d+ imported as ServiceLevelObjective .*not imported\n/);
    expect(run.stdout).toMatch(/\d+ alerting rules? in 1 file: /);
  });
});
