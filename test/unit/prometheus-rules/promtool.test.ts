/**
 * The rule files `export --format prometheus-rules` writes, checked by Prometheus itself: `promtool check
 * rules` on the example repository's rules, and `promtool test rules` firing an exported alert at the time
 * Prometheus would. CI installs promtool (.ci/run) and runs with CI=true: there a missing promtool fails
 * the test instead of skipping it; elsewhere the test is skipped without it.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportRulesCommand } from '../../../src/commands/export-rules.js';
import { runImportCommand } from '../../../src/commands/import.js';
import { evaluatedExpression } from '../../../src/prometheus-rules/rules-from-documents.js';
import { splitCondition } from '../../../src/prometheus-rules/split-condition.js';

const EXAMPLE = fileURLToPath(new URL('../../../fixtures/example/', import.meta.url));
const PUBLIC_SET = fileURLToPath(
  new URL('../../fixtures/prometheus-rules/kube-prometheus/', import.meta.url),
);
// PROMTOOL names another binary (and lets the CI=true failure be seen on a machine that has promtool).
const PROMTOOL = process.env.PROMTOOL ?? 'promtool';
const present = spawnSync(PROMTOOL, ['--version'], { encoding: 'utf8' }).status === 0;
const inCi = process.env.CI === 'true';

async function exportOf(root: string): Promise<{ status: number; text: string; warnings: string }> {
  let text = '';
  let warnings = '';
  const status = await runExportRulesCommand({
    root,
    paths: ['.'],
    outFile: undefined,
    print: (t) => {
      text += t;
    },
    warn: (t) => {
      warnings += t;
    },
  });
  return { status, text, warnings };
}

function promtool(args: string[], cwd: string) {
  const run = spawnSync(PROMTOOL, args, { cwd, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('promtool on exported rule files', () => {
  if (!present) {
    if (inCi) {
      it('has promtool', () => {
        expect.fail(
          'promtool is not installed: CI must check exported rule files with it, not skip (see .ci/run)',
        );
      });
    } else {
      it.skip('skipped: promtool is not installed (apt-get install prometheus; CI=true makes this a failure)', () => {});
    }
    return;
  }

  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'promtool-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('promtool check rules accepts the export of the example repository', async () => {
    const { status, text, warnings } = await exportOf(EXAMPLE);
    expect(status).toBe(0);
    await writeFile(join(dir, 'example.rules.yaml'), text);
    const checked = promtool(['check', 'rules', 'example.rules.yaml'], dir);
    expect(checked.output).toMatch(/SUCCESS: \d+ rules found/);
    expect(checked.status).toBe(0);
    const found = Number(/SUCCESS: (\d+) rules found/.exec(checked.output)![1]);
    // Every rule of the example but the one disabled (databases.yaml), which the service does not evaluate.
    expect(warnings).toContain(`exported ${found} of ${found + 1} alert rules`);
    expect(warnings).toMatch(
      /alerting\/databases\.yaml:\d+:\d+: notice: alert rule "[^"]+" left out of the rule file: it is disabled/,
    );
  });

  it('promtool test rules fires an exported alert when Prometheus would', async () => {
    const { text } = await exportOf(EXAMPLE);
    await writeFile(join(dir, 'example.rules.yaml'), text);
    // prod-eu-pending-pods (fixtures/example/alerting/cluster.yaml): sum(pending pods) ABOVE 5 for PT15M.
    // One more pending pod each minute: 6 pods (above 5) at 6m, so pending from 6m and firing from 21m.
    const alert = {
      exp_labels: { severity: 'warning' },
      exp_annotations: {
        summary: 'More than 5 pods have been pending for 15 minutes',
        description: 'Pods that cannot be scheduled (capacity or affinity problems)',
        runbook_url: 'https://runbooks.acme.example/cluster/pending-pods',
      },
    };
    const tests = {
      rule_files: ['example.rules.yaml'],
      evaluation_interval: '1m',
      tests: [
        {
          interval: '1m',
          input_series: [{ series: 'kube_pod_status_phase{phase="Pending",pod="p"}', values: '0+1x40' }],
          alert_rule_test: [
            { eval_time: '20m', alertname: 'prod-eu-pending-pods', exp_alerts: [] },
            { eval_time: '21m', alertname: 'prod-eu-pending-pods', exp_alerts: [alert] },
          ],
        },
      ],
    };
    await writeFile(join(dir, 'pending-pods.test.yaml'), JSON.stringify(tests, null, 2));
    const tested = promtool(['test', 'rules', 'pending-pods.test.yaml'], dir);
    expect(tested.output).toContain('SUCCESS');
    expect(tested.status).toBe(0);
  });

  it('fires an imported rule, as the service evaluates it, exactly when Prometheus fires the original', async () => {
    // m{i="a"} is 0, 5, 10 at 0m, 1m, 2m; n{i="a"} is 4. Each case: the original expression, and when it fires.
    const cases: readonly [string, readonly boolean[]][] = [
      ['m > 5', [false, false, true]],
      ['m >= 5', [false, true, true]],
      ['5 < m', [false, false, true]],
      ['5 <= m', [false, true, true]],
      ['m == 5', [false, true, false]],
      ['(m > (5))', [false, false, true]],
      // bool never filters: it fires at every evaluation, and so must the import (kept whole).
      ['m > bool 5', [true, true, true]],
      ['m > on(i) n', [false, true, true]],
    ];
    const rules = cases.flatMap(([expr], k) => [
      { alert: `original_${k}`, expr },
      { alert: `imported_${k}`, expr: evaluatedExpression(splitCondition(expr)) },
    ]);
    const alertTests = cases.flatMap(([, fires], k) =>
      fires.flatMap((firing, minute) =>
        ['original', 'imported'].map((side) => ({
          eval_time: `${minute}m`,
          alertname: `${side}_${k}`,
          exp_alerts: firing ? [{ exp_labels: { i: 'a' } }] : [],
        })),
      ),
    );
    await writeFile(join(dir, 'same.rules.yaml'), JSON.stringify({ groups: [{ name: 'same', rules }] }));
    const tests = {
      rule_files: ['same.rules.yaml'],
      tests: [
        {
          interval: '1m',
          input_series: [
            { series: 'm{i="a"}', values: '0 5 10' },
            { series: 'n{i="a"}', values: '4 4 4' },
          ],
          alert_rule_test: alertTests,
        },
      ],
    };
    await writeFile(join(dir, 'same.test.yaml'), JSON.stringify(tests));
    const tested = promtool(['test', 'rules', 'same.test.yaml'], dir);
    expect(tested.output).toContain('SUCCESS');
    expect(tested.status).toBe(0);
    // The split did happen where it should: the service's operator and threshold, not the whole expression.
    expect(splitCondition('5 <= m')).toEqual({ promql: 'm', operator: 'ABOVE_OR_EQUAL', threshold: 5 });
  });

  it('promtool check rules accepts kube-prometheus, imported then exported', async () => {
    const imported = join(dir, 'kube-prometheus');
    await runImportCommand({
      paths: ['manifests'],
      cwd: PUBLIC_SET,
      cluster: 'c1a5e7e0-0000-4000-8000-000000000101',
      target: undefined,
      receivers: ['oncall'],
      severityMap: undefined,
      outDir: imported,
      dryRun: false,
      format: 'json',
      print: () => {},
    });
    const { status, text, warnings } = await exportOf(imported);
    expect(status).toBe(0);
    expect(warnings).toContain('exported 139 of 139 alert rules');
    await writeFile(join(dir, 'kube-prometheus.rules.yaml'), text);
    const checked = promtool(['check', 'rules', 'kube-prometheus.rules.yaml'], dir);
    expect(checked.output).toContain('SUCCESS: 139 rules found');
  });

  it("runs the import guide's promtool test on the guide's export command", async () => {
    const guide = await readFile(
      fileURLToPath(new URL('../../../docs/guides/prometheus-rules.md', import.meta.url)),
      'utf8',
    );
    const block = /```yaml\n(# tests\/pending-pods\.test\.yaml[\s\S]*?)```/.exec(guide)?.[1];
    expect(block, 'the guide shows tests/pending-pods.test.yaml').toBeDefined();
    const { text } = await exportOf(EXAMPLE);
    await mkdir(join(dir, 'readme', 'tests'), { recursive: true });
    await writeFile(join(dir, 'readme', 'alerting.rules.yaml'), text);
    await writeFile(join(dir, 'readme', 'tests', 'pending-pods.test.yaml'), block!);
    const tested = promtool(['test', 'rules', 'tests/pending-pods.test.yaml'], join(dir, 'readme'));
    expect(tested.output).toContain('SUCCESS');
    expect(tested.status).toBe(0);
  });

  it('leaves out, and reports, a rule whose expression Prometheus refuses; the rest passes promtool', async () => {
    const repo = join(dir, 'repo');
    await mkdir(repo, { recursive: true });
    const rule = (name: string, condition: string) =>
      `kind: AlertRule\ncluster_id: c1a5e7e0-0000-4000-8000-000000000101\nname: ${name}\ncondition:\n${condition}for_duration: PT5M\nseverity: HIGH\nalert_receivers: [oncall]\n`;
    await writeFile(
      join(repo, 'rules.yaml'),
      [
        rule('fine', '  kind: CUSTOM\n  promql: up\n  operator: BELOW\n  threshold: 1\n'),
        // avg() of a scalar: the document is valid, the expression the service builds from it is not.
        rule(
          'avg-of-scalar',
          '  kind: CUSTOM\n  promql: scalar(up)\n  operator: ABOVE\n  threshold: 1\n  function: AVG\n',
        ),
      ].join('---\n'),
    );
    const { status, text, warnings } = await exportOf(repo);
    expect(status).toBe(0);
    expect(warnings).toMatch(
      /rules\.yaml:\d+:\d+: warning: alert rule "avg-of-scalar" left out of the rule file: Prometheus would refuse its expression `avg\(scalar\(up\)\) > 1`/,
    );
    expect(warnings).toContain('exported 1 of 2 alert rules');
    await writeFile(join(dir, 'left-out.rules.yaml'), text);
    const checked = promtool(['check', 'rules', 'left-out.rules.yaml'], dir);
    expect(checked.output).toContain('SUCCESS: 1 rules found');
  });
});
