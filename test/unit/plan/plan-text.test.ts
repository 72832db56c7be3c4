import { describe, expect, it } from 'vitest';
import type { AlertRuleChange } from '../../../src/model/alert-rule-change.js';
import type { ChangeResult, Plan } from '../../../src/model/types.js';
import { formatApplyResultsText } from '../../../src/report/apply-text.js';
import { changedSpan, lineDiff } from '../../../src/report/line-diff.js';
import { formatPlanText, planCountLine } from '../../../src/report/plan-text.js';
import { type ChangeFields, testChange, testResult } from '../../helpers/changes.js';

const change = ({
  action = 'noop',
  id,
  ...fields
}: Omit<ChangeFields, 'id'> & {
  action?: AlertRuleChange['action'];
  id?: string | null;
}): AlertRuleChange =>
  testChange(action, {
    ...fields,
    ...(id ? { id } : {}),
    file: fields.file ?? 'alerting/api.yaml',
    line: fields.line ?? 3,
  });

const plan: Plan = {
  organizations: ['o'],
  changes: [
    change({
      action: 'update',
      name: 'api-p99-latency',
      diff: [
        { path: 'severity', before: 'HIGH', after: 'CRITICAL' },
        { path: 'condition.threshold', before: 0.5, after: 0.25 },
        {
          path: 'condition.promql',
          before: 'sum(rate(a[5m]))\n/ sum(rate(b[5m]))',
          after: 'sum(rate(a[10m]))\n/ sum(rate(b[5m]))',
        },
      ],
      outsideEdit: [{ path: 'enabled', before: true, after: false }],
    }),
    change({
      action: 'create',
      id: null,
      name: 'api-new',
      line: 40,
      diff: [
        { path: 'target.target_type', before: null, after: 'CLUSTER' },
        { path: 'name', before: null, after: 'api-new' },
        { path: 'condition.promql', before: null, after: 'sum(rate(a[5m]))\n/ sum(rate(b[5m]))' },
        { path: 'alert_receiver_ids', before: null, after: ['x', 'y'] },
      ],
    }),
    change({ action: 'delete', id: 'r-9', name: 'gone', file: 'alerting/old.yaml', line: 1 }),
    change({ action: 'noop' }),
  ],
  diagnostics: [],
  unmanaged: [
    { kind: 'AlertRule', id: 'r-7', name: 'console-made', organizationId: 'o', clusterId: 'c', state: 'OK' },
  ],
  ghosts: [{ id: null, name: 'phantom', organizationId: 'o', clusterId: null, state: 'TRIGGERED' }],
  outdated: [],
};

describe('formatPlanText', () => {
  it('reads like a terraform plan', () => {
    expect(formatPlanText(plan, { color: false })).toBe(
      [
        'Alert rules: the plan would make these changes:',
        '',
        '  ~ update api-p99-latency (r-1)  alerting/api.yaml:3',
        '      severity:            "HIGH" → "CRITICAL"',
        '      condition.threshold: 0.5 → 0.25',
        '      condition.promql:',
        '          - sum(rate(a[5m]))',
        '          + sum(rate(a[10m]))',
        '            / sum(rate(b[5m]))',
        '      ! edited outside git since the previous revision; applying overwrites: enabled (true → false)',
        '',
        '  + create api-new  alerting/api.yaml:40',
        '      target.target_type: "CLUSTER"',
        '      name:               "api-new"',
        '      condition.promql:',
        '          sum(rate(a[5m]))',
        '          / sum(rate(b[5m]))',
        '      alert_receiver_ids: ["x", "y"]',
        '',
        '  - delete gone (r-9)  its document was removed from alerting/old.yaml:1',
        '',
        'Ghost rules (in the alerting system, not in the service; cannot be managed):',
        '  • phantom (state TRIGGERED)',
        '',
        'Live rules no document manages (listed, never touched):',
        '  • console-made (r-7, cluster c, state OK)',
        '',
      ].join('\n'),
    );
  });

  it('ends with the count line as terraform does, and a drift check speaks of drift', () => {
    expect(planCountLine(plan, { color: false })).toBe('Plan: 1 to create, 1 to update, 1 to delete.');
    expect(planCountLine(plan, { color: false, drift: true })).toBe(
      'Drift: 1 to create, 1 to update, 1 to delete to match the documents.',
    );
    const drift = formatPlanText(plan, { color: false, drift: true });
    expect(drift.split('\n')[0]).toBe(
      'Alert rules: drift: these live rules differ from the documents (applying the documents would make these changes):',
    );
  });

  it('says when nothing changes, and colors only when asked', () => {
    const quiet: Plan = { ...plan, changes: [change({})], ghosts: [], unmanaged: [] };
    expect(formatPlanText(quiet, { color: false })).toBe(
      'Alert rules: no changes. The live rules match the documents.\n',
    );
    expect(formatPlanText({ ...quiet, unread: ['o2'] }, { color: false })).toBe(
      'Alert rules: no changes in the organizations that were read.\n\n' +
        'Not planned: the documents of organization o2, whose live rules could not be read (see the errors below).\n',
    );
    const erroneous: Plan = {
      ...quiet,
      diagnostics: [
        {
          severity: 'error',
          file: 'a.yaml',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          code: 'plan.unknown-receiver',
          message: 'x',
        },
      ],
    };
    expect(formatPlanText(erroneous, { color: false })).toMatch(
      /^Alert rules: no changes for the documents without errors \(1 error below\)\.\n/,
    );
    const many = Array.from({ length: 23 }, (_, i) => ({ ...plan.unmanaged[0]!, name: `r${i}` }));
    const long = formatPlanText({ ...quiet, unmanaged: many }, { color: false }).split('\n');
    expect(long.filter((l) => l.startsWith('  • '))).toHaveLength(20);
    expect(long).toContain('  … and 3 more (--format json lists them all)');
    expect(formatPlanText(plan, { color: false })).not.toContain('\u001b[');
    expect(formatPlanText(plan, { color: true })).toContain('\u001b[33m~\u001b[0m');
  });
});

describe('long PromQL', () => {
  it('underlines what changed in a long line replaced by another', () => {
    const before = `sum(rate(http_requests_total{app="api",status=~"5.."}[5m])) / sum(rate(http_requests_total{app="api"}[5m]))`;
    const after = before.replace('[5m])) /', '[10m])) /');
    const text = formatPlanText(
      {
        ...plan,
        changes: [change({ action: 'update', diff: [{ path: 'condition.promql', before, after }] })],
      },
      { color: false },
    );
    const lines = text.split('\n');
    const plus = lines.findIndex((l) => l.startsWith('          + '));
    expect(lines[plus - 1]).toBe(`          - ${before}`);
    expect(lines[plus + 1]).toBe(`            ${' '.repeat(after.indexOf('10m'))}^^`);
    expect(changedSpan('abc', 'abXc')).toEqual({ start: 2, end: 3 });
    expect(changedSpan('abc', 'abc')).toEqual({ start: 3, end: 3 });
    expect(changedSpan('aXc', 'aYYc')).toEqual({ start: 1, end: 3 });
  });
});

describe('lineDiff', () => {
  it('keeps shared lines as context', () => {
    expect(lineDiff('a\nb\nc', 'a\nx\nc')).toEqual([
      { op: ' ', line: 'a' },
      { op: '-', line: 'b' },
      { op: '+', line: 'x' },
      { op: ' ', line: 'c' },
    ]);
    expect(lineDiff('', 'a')).toEqual([{ op: '+', line: 'a' }]);
  });
});

describe('formatApplyResultsText', () => {
  it('shows each write, what the service stored differently, outside edits and failures', () => {
    const results: ChangeResult[] = [
      testResult(testChange('update', { id: 'r-1', name: 'a', file: 'f.yaml', line: 1 }), {
        id: 'r-1',
        ok: true,
        status: 200,
        converged: true,
      }),
      testResult(
        testChange('update', {
          id: 'r-2',
          name: 'b',
          file: 'f.yaml',
          line: 20,
          outsideEdit: [{ path: 'severity', before: 'HIGH', after: 'LOW' }],
        }),
        {
          ok: true,
          status: 200,
          converged: false,
          storedDifferently: [{ path: 'for_duration', before: 'PT5M', after: 'PT10M' }],
        },
      ),
      testResult(testChange('update', { id: 'r-3', name: 'c', file: 'f.yaml', line: 40 }), {
        id: 'r-3',
        ok: false,
        status: 500,
        error: 'editAlertRule (PUT /alert-rules/r-3) failed with HTTP 500',
      }),
    ];
    expect(formatApplyResultsText(results, { color: false })).toBe(
      [
        '  ✓ updated a (r-1)  f.yaml:1',
        '  ✓ updated b (r-2)  f.yaml:20',
        '      the service stored differently: for_duration (sent "PT5M", stored "PT10M")',
        '      ! overwrote an edit made outside git: severity',
        '  ✗ update c (r-3) failed (HTTP 500)  f.yaml:40',
        '      editAlertRule (PUT /alert-rules/r-3) failed with HTTP 500',
        '',
        'Apply: 2 succeeded, 1 failed.',
        '',
      ].join('\n'),
    );
    expect(formatApplyResultsText([], { color: false })).toBe('Apply: nothing to do.\n');
  });

  it('a write the service accepted but whose answer could not be read is not called a plain failure', () => {
    const text = formatApplyResultsText(
      [
        testResult(testChange('create', { name: 'd', file: 'f.yaml', line: 60 }), {
          id: null,
          ok: false,
          status: 201,
          error: 'createAlertRule (POST /alert-rules) failed with HTTP 201. The answer cannot be used.',
        }),
      ],
      { color: false },
    );
    expect(text).toContain('  ✗ create d accepted, answer unreadable (HTTP 201)  f.yaml:60\n');
    expect(text).not.toContain('d failed (HTTP 201)');
  });
});

describe('the text of a very large plan', () => {
  it('lists 100 000 pending changes without running out of call stack', () => {
    // Each update is several lines: spread into one push, hundreds of thousands of arguments overflowed the stack.
    const changes = Array.from({ length: 100_000 }, (_, i) =>
      change({
        action: 'update',
        name: `rule-${i}`,
        diff: [{ path: 'condition.threshold', before: 1, after: 2 }],
      }),
    );
    const text = formatPlanText(
      { ...plan, changes, unmanaged: [], ghosts: [] },
      {
        color: false,
      },
    );
    expect(text).toContain('~ update rule-99999');
    expect(text.split('\n').length).toBeGreaterThan(300_000);
  });
});
