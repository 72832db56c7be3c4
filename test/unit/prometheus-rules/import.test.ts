/**
 * `import` of hand-written rule files of the kinds teams have: a `groups:` file with every kind of loss,
 * and `helm template` output with a PrometheusRule among other resources.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/command-line.js';
import { runImportCommand } from '../../../src/commands/import.js';
import { parseFiles } from '../../../src/documents/parse.js';
import type { AlertRuleDocument } from '../../../src/documents/types.js';
import { readRuleFile } from '../../../src/prometheus-rules/read-rules.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/prometheus-rules/', import.meta.url));
const CLUSTER = 'c1a5e7e0-0000-4000-8000-000000000101';
const APP = 'a1a1a1a1-0000-4000-8000-000000000301';
const RECEIVER = '5e1ec7ed-0000-4000-8000-000000000201';

interface Finding {
  file: string;
  line: number;
  severity: string;
  code: string;
  message: string;
}

let out: string;
beforeEach(async () => {
  out = await mkdtemp(join(tmpdir(), 'import-'));
});
afterEach(async () => {
  await rm(out, { recursive: true, force: true });
});

async function runImport(paths: string[], extra: Partial<Parameters<typeof runImportCommand>[0]> = {}) {
  let printed = '';
  const status = await runImportCommand({
    paths,
    cwd: FIXTURES,
    cluster: CLUSTER,
    target: `APPLICATION:${APP}`,
    receivers: [RECEIVER, 'oncall'],
    severityMap: undefined,
    outDir: out,
    dryRun: false,
    format: 'json',
    print: (text) => {
      printed += text;
    },
    ...extra,
  });
  const report = JSON.parse(printed) as {
    figures: Record<string, unknown>;
    diagnostics: Finding[];
    files: { fileName: string }[];
  };
  const documents: AlertRuleDocument[] = [];
  for (const name of (await readdir(out).catch(() => [])).sort()) {
    const parsed = parseFiles([{ path: name, bytes: new Uint8Array(await readFile(join(out, name))) }]);
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    documents.push(...(parsed.documents as AlertRuleDocument[]));
  }
  const byName = new Map(documents.map((d) => [d.value.name, d]));
  return { status, report, documents, byName };
}

function at(findings: readonly Finding[], code: string, name: string): Finding {
  const found = findings.find((f) => f.code === code && f.message.startsWith(`${name}:`));
  if (!found) throw new Error(`no ${code} for ${name} in ${JSON.stringify(findings, null, 1)}`);
  return found;
}

describe('import of a rule file', () => {
  it('maps each field, one file per group, with every loss at its line', async () => {
    const { status, report, byName } = await runImport(['shop.rules.yml']);
    expect(report.files.map((f) => f.fileName)).toEqual(['shop-api.yaml', 'shop-workers.yaml']);
    const errors = byName.get('ShopApiHighErrorRate')!.value;
    expect(errors).toEqual({
      kind: 'AlertRule',
      cluster_id: CLUSTER,
      target: { target_type: 'APPLICATION', target_id: APP },
      name: 'ShopApiHighErrorRate',
      description: 'More than 5% of the requests to the shop API fail.',
      condition: {
        kind: 'CUSTOM',
        promql:
          'sum(rate(http_requests_total{app="shop-api",code=~"5.."}[5m]))\n  / sum(rate(http_requests_total{app="shop-api"}[5m]))',
        operator: 'ABOVE',
        threshold: 0.05,
        function: 'NONE',
      },
      for_duration: 'PT1H30M',
      severity: 'CRITICAL',
      enabled: true,
      alert_receiver_ids: [RECEIVER],
      alert_receivers: ['oncall'],
      presentation: {
        summary: 'Shop API error rate is above 5%',
        runbook_url: 'https://runbooks.example.com/shop/errors',
      },
    });
    expect(byName.get('ShopApiLatency')!.value.condition).toMatchObject({
      operator: 'ABOVE_OR_EQUAL',
      threshold: 1,
    });
    expect(byName.get('ShopQueueBacklog')!.value.condition).toMatchObject({
      promql: 'max(shop_queue_depth)',
      operator: 'ABOVE',
      threshold: 1000,
    });
    expect(byName.get('ShopQueueStuck')!.value).toMatchObject({
      condition: { promql: 'rate(shop_queue_processed_total[10m]) == bool 0', operator: 'NONE' },
      for_duration: 'PT1H30M',
      severity: 'LOW',
    });
    expect(byName.get('ShopApiDown')!.value).toMatchObject({ for_duration: 'PT2S', severity: 'LOW' });
    expect(byName.get('ShopApiDown')!.value.presentation).toBeUndefined();

    const findings = report.diagnostics;
    // Lines of test/fixtures/prometheus-rules/shop.rules.yml.
    expect(at(findings, 'import.keep-firing-for', 'ShopApiLatency').line).toBe(20);
    expect(at(findings, 'import.other-label', 'ShopApiLatency')).toMatchObject({
      line: 23,
      severity: 'warning',
    });
    expect(at(findings, 'import.template', 'ShopApiLatency').line).toBe(25);
    expect(at(findings, 'import.other-annotation', 'ShopApiLatency').line).toBe(26);
    expect(at(findings, 'import.duration-rounded', 'ShopApiDown').line).toBe(31);
    expect(at(findings, 'import.unknown-severity', 'ShopApiDown').line).toBe(33);
    expect(at(findings, 'import.runbook-url', 'ShopApiDown').line).toBe(35);
    expect(at(findings, 'import.unknown-severity', 'ShopQueueStuck').line).toBe(43);
    expect(at(findings, 'import.refused-query', 'ShopBrokenQuery')).toMatchObject({
      line: 47,
      severity: 'error',
    });
    expect(at(findings, 'import.invalid-rule', 'ShopBadFor')).toMatchObject({ line: 52, severity: 'error' });
    expect(findings.find((f) => f.code === 'import.group-setting')).toMatchObject({
      line: 4,
      severity: 'warning',
    });
    const recording = findings.find((f) => f.code === 'import.recording-rule')!;
    expect(recording).toMatchObject({ line: 27, severity: 'notice' });
    // The refused query is imported as it is (and reported); the rule with a bad `for` is not imported.
    expect(byName.get('ShopBrokenQuery')!.value.condition.promql).toBe('rate(shop_queue_depth)');
    expect(byName.has('ShopBadFor')).toBe(false);
    expect(report.figures).toMatchObject({
      alerting: 7,
      imported: 6,
      notImported: 1,
      recording: 1,
      exact: 2,
      withLosses: 4,
    });
    expect(status).toBe(1);
  });

  it('counts every alerting rule it was given, those refused as they were read among those not imported', async () => {
    const sources = await mkdtemp(join(tmpdir(), 'import-sources-'));
    const file = join(sources, 'four.rules.yml');
    await writeFile(
      file,
      [
        'groups:',
        '  - name: four',
        '    rules:',
        '      - alert: Good',
        '        expr: up == 0',
        '      - alert: AlsoGood',
        '        expr: up == 0',
        '      - alert: UnknownField',
        '        expr: up == 0',
        '        severity: page',
        '      - alert: BadFor',
        '        expr: up == 0',
        '        for: soon',
        // A recording rule refused as it is read is a recording rule, not an alerting one.
        '      - record: job:up:sum',
        '        expr: sum(up)',
        '        labels: [not, a, mapping]',
        '',
      ].join('\n'),
    );
    const { report } = await runImport([file]);
    expect(report.figures).toMatchObject({ alerting: 4, imported: 2, notImported: 2, recording: 1 });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toHaveLength(3);
    // The text's closing figures say the same counts.
    let printed = '';
    await runImportCommand({
      paths: [file],
      cwd: FIXTURES,
      cluster: CLUSTER,
      target: `APPLICATION:${APP}`,
      receivers: [RECEIVER],
      severityMap: undefined,
      outDir: undefined,
      dryRun: true,
      format: 'text',
      print: (text) => {
        printed += text;
      },
    });
    expect(printed).toMatch(
      /\n4 alerting rules in 1 file: 2 imported \(.*\), 2 not imported, 1 recording rule skipped;/,
    );
  });

  it('reads PrometheusRule resources among the other resources of helm template, and names repeated alerts apart', async () => {
    const { status, report, byName } = await runImport(['helm-template.yaml'], { target: undefined });
    expect(status).toBe(0);
    expect([...byName.keys()].sort()).toEqual([
      'BillingJobFailed',
      'BillingJobSlow-critical',
      'BillingJobSlow-warning',
    ]);
    expect(byName.get('BillingJobSlow-critical')!.value).toMatchObject({
      tag: 'BillingJobSlow',
      condition: {
        promql: 'time() - kube_job_status_start_time{job_name=~"billing-.*"}',
        operator: 'ABOVE',
        threshold: 7200,
      },
      for_duration: 'PT0S',
      // No --target: the cluster itself.
      target: { target_type: 'CLUSTER', target_id: CLUSTER },
    });
    const renamed = report.diagnostics.filter((f) => f.code === 'import.renamed').map((f) => f.line);
    expect(renamed).toEqual([25, 30]);
  });

  it('reads the List that kubectl get prints', async () => {
    const { status, byName } = await runImport(['kubectl-get.yaml']);
    expect(status).toBe(0);
    expect([...byName.keys()]).toEqual(['PaymentsQueueGrowing']);
    expect(byName.get('PaymentsQueueGrowing')!.value).toMatchObject({
      condition: { promql: 'deriv(payments_queue_length[15m])', operator: 'ABOVE', threshold: 0 },
      for_duration: 'PT30M',
      severity: 'MEDIUM',
    });
  });

  it('applies --severity-map over the default map', async () => {
    const { byName } = await runImport(['shop.rules.yml'], { severityMap: 'info=HIGH,warning=LOW' });
    expect(byName.get('ShopApiDown')!.value.severity).toBe('HIGH');
    expect(byName.get('ShopApiLatency')!.value.severity).toBe('LOW');
  });

  it('refuses to overwrite a file an import did not write, and overwrites its own', async () => {
    await writeFile(join(out, 'billing-rules.yaml'), 'kind: AlertRule\n');
    await expect(runImport(['helm-template.yaml'])).rejects.toThrow(
      /would overwrite 1 file .*billing-rules\.yaml.*nothing was written/,
    );
    await rm(join(out, 'billing-rules.yaml'));
    await runImport(['helm-template.yaml']);
    const again = await runImport(['helm-template.yaml']);
    expect(again.documents).toHaveLength(3);
  });
});

describe('reading rule files', () => {
  it('names what is not a rule file, at its line', () => {
    // One of our own documents is no rule file either (a directory holding both passes it over).
    expect(readRuleFile('a.yaml', 'kind: AlertRule\nname: x\n').diagnostics[0]?.code).toBe(
      'import.not-rules',
    );
    const plain = readRuleFile('b.yaml', 'foo: 1\n');
    expect(plain.diagnostics[0]).toMatchObject({ code: 'import.not-rules', line: 1 });
    const noExpr = readRuleFile(
      'c.yaml',
      'groups:\n  - name: g\n    rules:\n      - alert: A\n        for: 5m\n',
    );
    expect(noExpr.diagnostics[0]).toMatchObject({ code: 'import.invalid-rule', line: 4 });
    expect(noExpr.diagnostics[0]!.message).toMatch(/rule "A" needs an `expr`/);
    const unknown = readRuleFile(
      'd.yaml',
      'groups:\n  - name: g\n    rules:\n      - alert: A\n        expr: up\n        fro: 5m\n',
    );
    expect(unknown.diagnostics[0]).toMatchObject({ code: 'import.invalid-rule', line: 6 });
    const other = readRuleFile('f.yaml', 'apiVersion: apps/v1\nkind: Deployment\n');
    expect(other.diagnostics[0]).toMatchObject({ code: 'import.not-rules', line: 1 });
    expect(other.diagnostics[0]!.message).toMatch(/no rule group and no PrometheusRule/);
    const yaml = readRuleFile('e.yaml', 'groups: [\n');
    expect(yaml.diagnostics[0]?.code).toBe('yaml.syntax');
  });
});

describe('the command line', () => {
  async function cli(argv: string[]) {
    let stdout = '';
    let stderr = '';
    const status = await main(argv, {
      stdout: (t) => {
        stdout += t;
      },
      stderr: (t) => {
        stderr += t;
      },
      env: {},
      isTty: false,
    });
    return { status, stdout, stderr };
  }

  it('prints the default severity map in import --help', async () => {
    const { status, stdout } = await cli(['import', '--help']);
    expect(status).toBe(0);
    expect(stdout).toContain(
      'Default severity map (labels.severity → severity; any other value becomes LOW, reported):\n' +
        'critical=CRITICAL,page=CRITICAL,high=HIGH,error=HIGH,warning=MEDIUM,medium=MEDIUM,low=LOW\n',
    );
    expect(stdout).toMatch(/--severity-map LABEL=SEVERITY/);
    expect(stdout).toMatch(/--target FORM +what the imported rules are about: service:PROJECT\/ENV\/SERVICE/);
  });

  it("shows the command-line reference the help's synopsis and default severity map", async () => {
    const reference = await readFile(
      fileURLToPath(new URL('../../../docs/reference/cli.md', import.meta.url)),
      'utf8',
    );
    const { stdout } = await cli(['import', '--help']);
    const lines = stdout.split('\n').filter((l) => /^(Usage|Default severity map|critical=)/.test(l));
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      // The reference shows the synopsis in a block of its own, the options in a table below it.
      expect(reference).toContain(line.replace(/^Usage: /, '').replace(/ \[options\]$/, ''));
    }
  });

  it('writes a cluster and a target given by name in the name forms, which plan resolves', async () => {
    const named = await runImport(['helm-template.yaml'], {
      cluster: 'prod-eu',
      target: 'service:shop/production/api',
    });
    expect(named.status).toBe(0);
    expect(named.byName.get('BillingJobFailed')!.value).toMatchObject({
      cluster: 'prod-eu',
      target: { service: 'shop/production/api' },
    });
    expect(named.byName.get('BillingJobFailed')!.value).not.toHaveProperty('cluster_id');
    // No --target: the cluster itself, by name as --cluster gave it.
    const clusterOnly = await runImport(['helm-template.yaml'], { cluster: 'prod-eu', target: undefined });
    expect(clusterOnly.byName.get('BillingJobFailed')!.value).toMatchObject({
      cluster: 'prod-eu',
      target: { cluster: 'prod-eu' },
    });
    const environment = await runImport(['helm-template.yaml'], { target: 'environment:shop / production' });
    expect(environment.byName.get('BillingJobFailed')!.value).toMatchObject({
      cluster_id: CLUSTER,
      target: { environment: 'shop/production' },
    });
  });

  it('refuses a target in no form it knows, or a name path of the wrong shape, before reading a file', async () => {
    const path = join(FIXTURES, 'helm-template.yaml');
    const target = await cli([
      'import',
      path,
      '--cluster',
      CLUSTER,
      '--target',
      'shop/production/api',
      '--receiver',
      RECEIVER,
      '--dry-run',
    ]);
    expect(target.status).toBe(1);
    expect(target.stderr).toMatch(
      /--target 'shop\/production\/api' is neither a name form nor TYPE:ID: pass service:PROJECT\/ENVIRONMENT\/SERVICE/,
    );
    const shape = await cli([
      'import',
      path,
      '--cluster',
      CLUSTER,
      '--target',
      'service:shop/api',
      '--receiver',
      RECEIVER,
      '--dry-run',
    ]);
    expect(shape.status).toBe(1);
    expect(shape.stderr).toMatch(/--target service:shop\/api: "shop\/api" has 2 parts, expected 3/);
    const targetType = await cli([
      'import',
      path,
      '--cluster',
      CLUSTER,
      '--target',
      `SERVER:${APP}`,
      '--receiver',
      RECEIVER,
      '--dry-run',
    ]);
    expect(targetType.stderr).toMatch(/--target type 'SERVER' is not one of CLUSTER, ENVIRONMENT/);
    expect(targetType.stderr).toMatch(/nor a name form/);
    const noReceiver = await cli(['import', path, '--cluster', CLUSTER, '--dry-run']);
    expect(noReceiver.stderr).toMatch(/'import' needs --receiver/);
    const noPath = await cli(['import', '--cluster', CLUSTER]);
    expect(noPath.stderr).toMatch(/'import' needs the rule files/);
    const noOut = await cli(['import', path, '--cluster', CLUSTER, '--receiver', RECEIVER]);
    expect(noOut.stderr).toMatch(/'import' needs --out DIR/);
  });

  it('prints the documents and writes nothing with --dry-run', async () => {
    const path = join(FIXTURES, 'helm-template.yaml');
    const run = await cli([
      'import',
      path,
      '--cluster',
      CLUSTER,
      '--receiver',
      'oncall',
      '--dry-run',
      '--out',
      out,
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('# ==> billing-rules.yaml <==');
    expect(run.stdout).toContain('name: BillingJobFailed');
    expect(run.stdout).toMatch(
      /3 alerting rules in 1 file: 3 imported \(1 exactly, 2 with reported losses: renamed 2\)/,
    );
    expect(run.stdout).toContain('nothing written (--dry-run)');
    expect(await readdir(out)).toEqual([]);
    // In a workflow: the findings as workflow commands too.
    const github = await cli([
      'import',
      path,
      '--cluster',
      CLUSTER,
      '--receiver',
      'oncall',
      '--dry-run',
      '--format',
      'github',
    ]);
    expect(github.stdout).toMatch(
      /^::warning file=.*helm-template\.yaml,line=25,.*BillingJobSlow: the alert name is repeated/m,
    );
    // JSON stays one object, the documents in it.
    const json = await cli([
      'import',
      path,
      '--cluster',
      CLUSTER,
      '--receiver',
      'oncall',
      '--dry-run',
      '--format',
      'json',
    ]);
    const output = JSON.parse(json.stdout);
    expect(output).toMatchObject({ version: 2, command: 'import', exitCode: 0 });
    expect(output.files[0].text).toContain('name: BillingJobFailed');
    expect(await readdir(out)).toEqual([]);
  });
});
