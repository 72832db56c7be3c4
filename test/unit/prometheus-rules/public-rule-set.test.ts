/**
 * A public rule set imported whole: kube-prometheus's PrometheusRule manifests (a copy with its licence,
 * test/fixtures/prometheus-rules/kube-prometheus/SOURCE.md). Every alerting rule becomes a document or a
 * reported skip, every document validates, and every loss is reported on the line it comes from.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figuresLine, runImportCommand } from '../../../src/commands/import.js';
import { loadDocuments } from '../../../src/documents/load.js';
import type { AlertRuleDocument } from '../../../src/documents/types.js';
import { importRules } from '../../../src/prometheus-rules/import-rules.js';
import { distinctNames } from '../../../src/prometheus-rules/names.js';
import { isoDuration, prometheusMilliseconds } from '../../../src/prometheus-rules/prometheus-duration.js';
import { readRuleFile } from '../../../src/prometheus-rules/read-rules.js';
import { DEFAULT_SEVERITY_MAP } from '../../../src/prometheus-rules/severity.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/prometheus-rules/', import.meta.url));
const SET = 'kube-prometheus/manifests';
const CLUSTER = 'c1a5e7e0-0000-4000-8000-000000000101';
const RECEIVER = '5e1ec7ed-0000-4000-8000-000000000201';

describe('importing kube-prometheus', () => {
  let out: string;
  let printed = '';
  let status: number;
  let documents: AlertRuleDocument[];
  let loadErrors: string[];

  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'import-kube-prometheus-'));
    status = await runImportCommand({
      paths: [SET],
      cwd: FIXTURES,
      cluster: CLUSTER,
      target: undefined,
      receivers: [RECEIVER],
      severityMap: undefined,
      outDir: out,
      dryRun: false,
      format: 'json',
      print: (text) => {
        printed += text;
      },
    });
    const loaded = await loadDocuments(out, ['.']);
    documents = loaded.documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
    loadErrors = loaded.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`);
  });
  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it('turns every alerting rule into a document or a reported skip, and prints the figures', async () => {
    const report = JSON.parse(printed);
    const { figures } = report;
    // Counted from the files themselves, not from the importer.
    const alerts = await countInFixture(/^\s*(- )?alert:/);
    const records = await countInFixture(/^\s*(- )?record:/);
    expect(figures.alerting).toBe(alerts);
    expect(figures.recording).toBe(records);
    expect(figures.imported + figures.notImported).toBe(alerts);
    expect(figures.exact + figures.withLosses).toBe(figures.imported);
    expect(documents).toHaveLength(figures.imported);
    const skips = report.diagnostics.filter((d: { code: string }) => d.code === 'import.invalid-rule');
    expect(skips).toHaveLength(figures.notImported);
    const split = documents.filter((d) => d.value.condition.operator !== 'NONE').length;
    console.log(
      `kube-prometheus: ${figuresLine(figures, 8, report.durationMs)}; ${split} conditions as operator + threshold, ${documents.length - split} kept whole`,
    );
    expect(status).toBe(0);
  });

  it('writes documents that validate, PromQL checks included', () => {
    expect(loadErrors).toEqual([]);
  });

  it('maps durations and severities as documented', async () => {
    const byName = new Map(documents.map((d) => [d.value.name, d.value]));
    // `for: 15m`, severity warning (kubernetesControlPlane: KubePodCrashLooping).
    expect(byName.get('KubePodCrashLooping')).toMatchObject({ for_duration: 'PT15M', severity: 'MEDIUM' });
    // `for: 1h`, critical, then `for: 1d`? each repeated KubeAPIErrorBudgetBurn is distinct and named by its labels.
    const burns = documents.filter((d) => d.value.tag === 'KubeAPIErrorBudgetBurn').map((d) => d.value.name);
    expect(burns.sort()).toEqual([
      'KubeAPIErrorBudgetBurn-critical-1h-5m',
      'KubeAPIErrorBudgetBurn-critical-6h-30m',
      'KubeAPIErrorBudgetBurn-warning-1d-2h',
      'KubeAPIErrorBudgetBurn-warning-3d-6h',
    ]);
    // Watchdog has severity none: LOW, reported.
    expect(byName.get('Watchdog')?.severity).toBe('LOW');
    // Every rule, from its source: `for` in whole seconds as ISO-8601, severity through the default map.
    const { readdir } = await import('node:fs/promises');
    const alerts = [];
    for (const name of (await readdir(join(FIXTURES, SET))).sort()) {
      const text = await readFile(join(FIXTURES, SET, name), 'utf8');
      alerts.push(
        ...readRuleFile(name, text).groups.flatMap((g) => g.rules.filter((r) => r.kind === 'alert')),
      );
    }
    const names = distinctNames(alerts);
    alerts.forEach((rule, i) => {
      const doc = byName.get(names[i]!);
      const seconds = rule.for === null ? 0 : prometheusMilliseconds(rule.for)! / 1000;
      expect(doc?.for_duration, rule.name).toBe(isoDuration(seconds));
      const label = rule.labels.severity?.toLowerCase();
      expect(doc?.severity, rule.name).toBe((label && DEFAULT_SEVERITY_MAP[label]) || 'LOW');
    });
    expect(alerts).toHaveLength(documents.length);
  });

  it('reports each loss on the line it is written on', async () => {
    const { diagnostics } = JSON.parse(printed) as {
      diagnostics: { file: string; line: number; code: string; message: string }[];
    };
    const losses = diagnostics.filter((d) => d.code.startsWith('import.') && d.file !== '');
    expect(losses.length).toBeGreaterThan(0);
    for (const loss of losses) {
      const lines = (await readFile(join(FIXTURES, loss.file), 'utf8')).split('\n');
      const line = lines[loss.line - 1] ?? '';
      const expected: Record<string, RegExp> = {
        'import.recording-rule': /record:/,
        'import.renamed': /alert:/,
        'import.other-label': /^\s+[\w]+:/,
        'import.other-annotation': /^\s+[\w]+:/,
        'import.template': /(summary|description):/,
        'import.unknown-severity': /severity:|alert:/,
      };
      expect(line, `${loss.code} at ${loss.file}:${loss.line}`).toMatch(expected[loss.code] ?? /./);
    }
    const watchdog = diagnostics.find(
      (d) => d.code === 'import.unknown-severity' && d.message.startsWith('Watchdog'),
    );
    expect(watchdog?.message).toContain('"none"');
  });

  it('reads the same result with the pure core as with the command', async () => {
    const text = await readFile(join(FIXTURES, SET, 'grafana-prometheusRule.yaml'), 'utf8');
    const read = readRuleFile('grafana.yaml', text);
    expect(read.diagnostics).toEqual([]);
    const result = importRules(read.groups, {
      cluster: { cluster_id: CLUSTER },
      target: { target_type: 'CLUSTER', target_id: CLUSTER },
      receiverIds: [RECEIVER],
      receiverNames: [],
      severityMap: DEFAULT_SEVERITY_MAP,
    });
    expect(result.figures).toMatchObject({ alerting: 1, recording: 1, imported: 1 });
  });
});

async function countInFixture(pattern: RegExp): Promise<number> {
  const { readdir } = await import('node:fs/promises');
  let count = 0;
  for (const name of await readdir(join(FIXTURES, SET))) {
    const text = await readFile(join(FIXTURES, SET, name), 'utf8');
    count += text.split('\n').filter((line) => pattern.test(line)).length;
  }
  return count;
}
