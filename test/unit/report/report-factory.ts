import { type Diagnostic, diagnostic, type Severity } from '../../../src/core/diagnostic.js';
import type { ReceiverChange } from '../../../src/model/alert-receiver-change.js';
import type { AlertRuleChange } from '../../../src/model/alert-rule-change.js';
import type { HoldReason, WriteResult } from '../../../src/model/change.js';
import type { Change, ChangeResult, Plan } from '../../../src/model/types.js';
import type { PlanReport, ReportBase, RunReport } from '../../../src/run/reports.js';
import { testChange } from '../../helpers/changes.js';

/** Builders for reports of any size, for tests of the reporters. */

export function finding(
  severity: Severity,
  file: string,
  line: number,
  message = `problem on line ${line}`,
): Diagnostic {
  return diagnostic(
    severity,
    file,
    { line, column: 3, endLine: line, endColumn: 9 },
    `test.${severity}`,
    message,
  );
}

export function findings(count: number, severity: Severity = 'error', files = 3): Diagnostic[] {
  return Array.from({ length: count }, (_, i) => finding(severity, `alerting/file-${i % files}.yaml`, i + 1));
}

/** A change the gate held back, as src/plan/gate.ts marks it. */
export function held<C extends Change>(c: C, reason: HoldReason = 'findings block the apply'): C {
  return { ...c, gate: { admitted: false, reason } };
}

export function change<A extends AlertRuleChange['action'] = 'update'>(
  i: number,
  action: A = 'update' as A,
): Extract<AlertRuleChange, { action: A }> {
  return testChange(action, {
    id: `a2a2a2a2-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `rule-${i}`,
    organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
    clusterId: 'c1a5e7e0-0000-4000-8000-000000000101',
    file: `alerting/rules-${i % 4}.yaml`,
    line: 1 + i * 20,
    diff:
      action === 'noop' || action === 'delete'
        ? []
        : [
            { path: 'severity', before: 'LOW', after: 'HIGH' },
            { path: 'condition.threshold', before: 0.5, after: 0.9 },
          ],
  });
}

/** An update of a receiver's `send_resolved`, its secret kept: a receiver edited outside git. */
export const receiverUpdate: ReceiverChange = {
  kind: 'AlertReceiver',
  action: 'update',
  id: '5e1ec7ed-0000-4000-8000-000000000202',
  name: 'email-platform',
  type: 'EMAIL',
  organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
  file: 'alerting/receivers.yaml',
  line: 11,
  diff: [{ path: 'send_resolved', before: false, after: true }],
  against: {},
  request: {
    name: 'email-platform',
    description: '',
    type: 'EMAIL',
    send_resolved: true,
    owner: null,
    severity: null,
  },
  secrets: [],
};

/** A plan of `changes`, of any kind, in the order given (a plan lists receivers first, then rules). */
export function plan(changes: readonly Change[], diagnostics: readonly Diagnostic[] = []): Plan {
  return {
    organizations: ['7f1b2c3d-0000-4000-8000-000000000001'],
    changes,
    diagnostics,
    unmanaged: [],
    ghosts: [],
    outdated: [],
  };
}

export function result(i: number, ok = true): ChangeResult<Extract<AlertRuleChange, { action: 'update' }>> {
  return {
    change: change(i, 'update'),
    id: `a2a2a2a2-0000-4000-8000-${String(i).padStart(12, '0')}`,
    ok,
    status: ok ? 200 : 400,
    ...(ok ? {} : { error: 'the service refused the rule' }),
  };
}

/**
 * A report as a run makes it: its plan carries the results given (apply writes them on the plan's own
 * changes, src/apply/apply-admitted.ts), so a reporter may read either.
 */
/**
 * What a test gives of a report: any of the fields every report has, and a command other than a plan with
 * the fields that command must fill.
 */
export type ReportOverrides =
  | Partial<PlanReport>
  | (RunReport extends infer R
      ? R extends RunReport
        ? Partial<ReportBase> & Omit<R, keyof ReportBase> & Pick<R, 'command'>
        : never
      : never);

export function report(overrides: ReportOverrides = {}): RunReport {
  const made = madeReport(overrides);
  return { ...made, plan: withResults(made.plan, made.results) };
}

/** A plan's report, for a test of what reads a plan's own fields. */
export function planReport(overrides: Partial<PlanReport> = {}): PlanReport {
  const made: PlanReport = { ...MADE, ...overrides };
  return { ...made, plan: withResults(made.plan, made.results) };
}

function withResults(made: Plan | null, results: readonly ChangeResult[]): Plan | null {
  if (made === null || results.length === 0) return made;
  const byChange = new Map<object, WriteResult>(results.map(({ change, ...r }) => [change, r]));
  return {
    ...made,
    changes: made.changes.map((c) => {
      const written = c.action === 'noop' ? undefined : byChange.get(c);
      return written ? { ...c, result: written } : c;
    }),
  };
}

/** What every report of these tests has unless a test says otherwise. */
const MADE: ReportBase<'plan'> = {
  command: 'plan',
  diagnostics: [],
  plan: null,
  components: [],
  results: [],
  requests: { total: 2, byOperation: { getAlertRules: 1, getAlertReceivers: 1 } },
  durationMs: 1234,
  skipped: [],
  clusters: [],
};

function madeReport(overrides: ReportOverrides): RunReport {
  return { ...MADE, ...overrides };
}
