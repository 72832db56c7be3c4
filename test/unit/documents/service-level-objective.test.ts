/**
 * A ServiceLevelObjective document expands at load time into the SRE workbook's multi-window,
 * multi-burn-rate alert rules. The expected PromQL is computed here from the workbook's formulas, apart
 * from the code under test: factor = share of budget × window ÷ long window, limit = factor × (1 − objective/100).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDocuments } from '../../../src/documents/load.js';
import type { AlertRuleDocument } from '../../../src/documents/types.js';
import { brief, parseText } from './helpers.js';

const FIXTURE = readFileSync(
  new URL('../../fixtures/objectives/api-availability.yaml', import.meta.url),
  'utf8',
);

function rules(text: string): AlertRuleDocument[] {
  const loaded = parseText(text, 'slo.yaml');
  expect(loaded.diagnostics).toEqual([]);
  return loaded.documents as AlertRuleDocument[];
}

const HOURS: Record<string, number> = {
  '5m': 5 / 60,
  '30m': 0.5,
  '1h': 1,
  '2h': 2,
  '6h': 6,
  '1d': 24,
  '3d': 72,
};

/** The workbook's condition, written out independently of src/documents/objective-rules.ts. */
function workbook(objective: number, windowDays: number, share: number, long: string, short: string): string {
  const factor = ((share / 100) * windowDays * 24) / HOURS[long]!;
  const limit = Number((factor * (1 - objective / 100)).toPrecision(12));
  const ratio = (w: string) =>
    `((sum(rate(http_requests_total{job="api", code=~"5.."}[${w}]))) / (sum(rate(http_requests_total{job="api"}[${w}]))))`;
  return `${ratio(long)} > ${limit} and ${ratio(short)} > ${limit}`;
}

describe('ServiceLevelObjective', () => {
  it('generates the workbook four rules: 14.4, 6 page; 3, 1 open a ticket', () => {
    const generated = rules(FIXTURE);
    expect(generated.map((r) => r.value.name)).toEqual([
      'api-availability-1h-5m',
      'api-availability-6h-30m',
      'api-availability-1d-2h',
      'api-availability-3d-6h',
    ]);
    expect(generated.map((r) => r.value.condition.promql)).toEqual([
      workbook(99.9, 30, 2, '1h', '5m'),
      workbook(99.9, 30, 5, '6h', '30m'),
      workbook(99.9, 30, 10, '1d', '2h'),
      workbook(99.9, 30, 10, '3d', '6h'),
    ]);
    // The four limits of the workbook's table for 99.9%: 14.4, 6, 3 and 1 times 0.001.
    expect(generated.map((r) => r.value.condition.promql.split(' > ')[1]!.split(' ')[0])).toEqual([
      '0.0144',
      '0.006',
      '0.003',
      '0.001',
    ]);
    for (const rule of generated) {
      expect(rule.value.condition).toMatchObject({
        kind: 'CUSTOM',
        operator: 'ABOVE',
        threshold: 0,
        function: 'NONE',
      });
      expect(rule.file).toBe('slo.yaml');
      expect(rule.range.line).toBe(1);
      expect(rule.value.presentation?.runbook_url).toBe('https://runbooks.example.com/api-availability');
      expect(rule.value.description).toMatch(
        /^Generated from the service level objective "api-availability"/,
      );
    }
    expect(
      generated.map((r) => [r.generatedBy?.urgency, r.value.severity, r.value.alert_receiver_ids]),
    ).toEqual([
      ['page', 'CRITICAL', ['5e1ec7ed-0000-4000-8000-000000000201']],
      ['page', 'CRITICAL', ['5e1ec7ed-0000-4000-8000-000000000201']],
      ['ticket', 'LOW', ['5e1ec7ed-0000-4000-8000-000000000202']],
      ['ticket', 'LOW', ['5e1ec7ed-0000-4000-8000-000000000202']],
    ]);
    // A finding about a generated rule's receivers lands on the objective's field.
    expect(generated[2]!.locate(['alert_receiver_ids', 0]).line).toBe(16);
  });

  it('scales the factors to another window: share × window ÷ long window', () => {
    const generated = rules(FIXTURE.replace('objective: 99.9', 'objective: 99.5\nwindow: 28d'));
    expect(generated.map((r) => r.value.condition.promql)).toEqual([
      workbook(99.5, 28, 2, '1h', '5m'),
      workbook(99.5, 28, 5, '6h', '30m'),
      workbook(99.5, 28, 10, '1d', '2h'),
      workbook(99.5, 28, 10, '3d', '6h'),
    ]);
  });

  it('takes overridden pairs, a ratio indicator and rule ids per pair', () => {
    const text = FIXTURE.replace(
      /indicator:\n.*\n.*\n/,
      'indicator:\n  ratio: sum(rate(errors[{{.window}}])) / sum(rate(requests[{{.window}}]))\n',
    ).concat(
      'burn_rates:\n  - {long: 2h, short: 10m, factor: 10, urgency: page}\n  - {long: 1d, short: 2h, budget_share: 20, urgency: ticket}\n',
      'rule_ids:\n  2h-10m: 3c0e6f0a-0000-4000-8000-000000000001\n',
    );
    const generated = rules(text);
    expect(generated.map((r) => [r.value.name, r.value.id])).toEqual([
      ['api-availability-2h-10m', '3c0e6f0a-0000-4000-8000-000000000001'],
      ['api-availability-1d-2h', undefined],
    ]);
    expect(generated[0]!.value.condition.promql).toBe(
      '(sum(rate(errors[2h])) / sum(rate(requests[2h]))) > 0.01 and (sum(rate(errors[10m])) / sum(rate(requests[10m]))) > 0.01',
    );
    // 20% × 30d ÷ 1d = 6.
    expect(generated[1]!.value.condition.promql).toContain('> 0.006 and');
  });

  it('refuses an objective outside (0, 100), a pair beyond retention or not shorter, a query without the window', () => {
    const out = parseText(FIXTURE.replace('objective: 99.9', 'objective: 100'), 'slo.yaml');
    expect(out.documents).toEqual([]);
    expect(out.diagnostics.map(brief)).toEqual([
      { code: 'schema.invalid', severity: 'error', line: 8, column: 12 },
    ]);

    const shapes = parseText(
      FIXTURE.replace('objective: 99.9', 'objective: 99.9\nwindow: 1x').replace(
        'name: api-availability',
        'name: api availability',
      ),
      'slo.yaml',
    );
    expect(shapes.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [
        6,
        '`name` must start with a letter or a digit and hold only letters, digits, `.`, `_` and `-`: its rules are named after it (got "api availability")',
      ],
      [
        9,
        '`window` must be a Prometheus duration such as 5m, 1h or 3d, in whole minutes, hours, days or weeks (got "1x")',
      ],
    ]);
    const keys = parseText(`${FIXTURE}rule_ids:\n  1h5m: 3c0e6f0a-0000-4000-8000-000000000001\n`, 'slo.yaml');
    expect(keys.diagnostics.map((d) => d.code)).toContain('schema.pattern');
    expect(keys.diagnostics.map((d) => d.message).join('\n')).toContain('a window pair such as 1h-5m');

    const bad = parseText(
      FIXTURE.replace('[{{.window}}]))\n  total', '[5m]))\n  total').concat(
        'burn_rates:\n  - {long: 8d, short: 1h, factor: 1, urgency: ticket}\n  - {long: 1h, short: 1h, factor: 14.4, urgency: page}\n  - {long: 1h, short: 1h, factor: 2, urgency: page}\n',
        'rule_ids:\n  6h-30m: 3c0e6f0a-0000-4000-8000-000000000001\n',
      ),
      'slo.yaml',
    );
    expect(bad.documents).toEqual([]);
    expect(bad.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['objective.indicator-without-window', 10],
      ['objective.beyond-retention', 22],
      ['objective.short-not-shorter', 23],
      ['objective.duplicate-pair', 24],
      ['objective.short-not-shorter', 24],
      ['objective.unknown-rule-id', 26],
    ]);
    expect(bad.diagnostics[1]!.message).toContain('longer than the 7 days of metrics');
  });

  it('checks the indicator PromQL on its own line, and the generated rules are not checked twice', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'slo-'));
    await writeFile(
      join(dir, 'slo.yaml'),
      FIXTURE.replace('sum(rate(http_requests_total{job="api"}', 'sum(rat(http_requests_total{job="api"}'),
    );
    const broken = await loadDocuments(dir, ['.']);
    expect(broken.diagnostics.map((d) => [d.code, d.line])).toEqual([['promql.unknown-function', 11]]);
    await writeFile(join(dir, 'slo.yaml'), FIXTURE);
    const good = await loadDocuments(dir, ['.']);
    expect(good.diagnostics).toEqual([]);
    expect(good.documents).toHaveLength(4);
    expect(good.objectives?.map((o) => o.value.name)).toEqual(['api-availability']);
  });
});
