import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostic.js';
import type { AlertRuleChange } from '../../../src/model/alert-rule-change.js';
import type { Plan } from '../../../src/model/types.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import type { RunReport } from '../../../src/run/reports.js';
import { testChange, testResult } from '../../helpers/changes.js';
import type { ReportOverrides } from '../report/report-factory.js';

const finding = (severity: Diagnostic['severity']): Diagnostic => ({
  severity,
  file: 'a.yaml',
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 2,
  code: 'x',
  message: 'm',
});

const change = (action: AlertRuleChange['action']): AlertRuleChange => testChange(action);

const plan = (...changes: AlertRuleChange[]): Plan => ({
  organizations: ['o'],
  changes,
  diagnostics: [],
  unmanaged: [],
  ghosts: [],
  outdated: [],
});

const report = (over: ReportOverrides): RunReport => ({
  command: 'plan',
  diagnostics: [],
  plan: null,
  components: [],
  results: [],
  requests: { total: 0, byOperation: {} },
  durationMs: 0,
  skipped: [],
  clusters: [],
  ...over,
});

describe('exitCodeFor', () => {
  it('is 0 when done and nothing failed', () => {
    expect(exitCodeFor(report({ plan: plan(change('noop')) }))).toBe(0);
    expect(exitCodeFor(report({ diagnostics: [finding('warning'), finding('notice')] }))).toBe(0);
  });

  it('is 1 on errors, and on warnings when asked to fail on them', () => {
    expect(exitCodeFor(report({ diagnostics: [finding('error')] }))).toBe(1);
    expect(exitCodeFor(report({ diagnostics: [finding('warning')] }), { failOn: 'warning' })).toBe(1);
    expect(exitCodeFor(report({ diagnostics: [finding('notice')] }), { failOn: 'warning' })).toBe(0);
  });

  it('is 1 when a write failed', () => {
    const failed = testResult(testChange('update'), { ok: false, status: 500 });
    expect(exitCodeFor(report({ command: 'apply', results: [failed] }))).toBe(1);
  });

  it('is 2 for pending changes only with --detailed-exitcode, and for drift', () => {
    const pending = plan(change('update'));
    expect(exitCodeFor(report({ plan: pending }))).toBe(0);
    expect(exitCodeFor(report({ plan: pending }), { detailedExitcode: true })).toBe(2);
    expect(exitCodeFor(report({ command: 'drift', plan: pending }))).toBe(2);
    expect(exitCodeFor(report({ command: 'drift', plan: plan(change('noop')) }))).toBe(0);
  });

  it('is 0 for a drift that --remediate wrote away, and 1 when a remediation write failed', () => {
    const pending = plan(change('update'));
    const ok = testResult(testChange('update'), { ok: true, status: 200 });
    expect(exitCodeFor(report({ command: 'drift', plan: pending, results: [ok] }))).toBe(0);
    expect(
      exitCodeFor(report({ command: 'drift', plan: pending, results: [{ ...ok, ok: false, status: 500 }] })),
    ).toBe(1);
  });

  it('lets errors win over pending changes', () => {
    const r = report({ command: 'drift', plan: plan(change('create')), diagnostics: [finding('error')] });
    expect(exitCodeFor(r)).toBe(1);
  });
});
