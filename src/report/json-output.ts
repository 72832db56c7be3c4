import { overwroteOutsideEdit } from '../apply/types.js';
import { writeJson } from '../core/json-writer.js';
import type { Redactor } from '../core/redact.js';
import { kindOf } from '../kinds/registry.js';
import type { Change, ChangeResult } from '../model/types.js';
import { countChanges } from '../plan/change-counts.js';
import { type ExitPolicy, exitCodeFor } from '../run/exit-code.js';
import type { RunReport } from '../run/reports.js';
import { runOutcome } from './run-counts.js';

/** Version of the JSON output's shape; bumped only on a breaking change (docs/reference/json-output.md shows the shape, generated from toJsonOutput). */
export const JSON_OUTPUT_VERSION = 2;

/**
 * The `--format json` object (DESIGN "Contracts"): diagnostics, changes (every kind in one list), results
 * and requests, plus what this tool adds beside them (components, skipped, summary counts). Consumers may
 * rely on every field here.
 */
export function toJsonOutput(report: RunReport, policy: ExitPolicy): Record<string, unknown> {
  const plan = report.plan;
  const counted = plan ? countChanges(plan) : { create: 0, update: 0, delete: 0, unchanged: 0 };
  const count = (severity: string) => report.diagnostics.filter((d) => d.severity === severity).length;
  return {
    version: JSON_OUTPUT_VERSION,
    command: report.command,
    exitCode: exitCodeFor(report, policy),
    // How the run ended, as the terminal's closing line and the job summary say it (report/run-counts.ts).
    outcome: runOutcome(report, policy.failOn),
    diagnostics: report.diagnostics.map((d) => ({
      severity: d.severity,
      file: d.file,
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
      code: d.code,
      message: d.message,
      ...(d.title !== undefined && d.title !== d.code ? { title: d.title } : {}),
    })),
    // Every change of the plan, of every kind, in plan order, each with its `kind` (changeJson).
    changes: (plan?.changes ?? []).map(changeJson),
    results: report.results.map(resultJson),
    ...(report.command === 'test-receivers' && report.receiverTests.length > 0
      ? { receiverTests: report.receiverTests }
      : {}),
    ...(report.command === 'apply' && report.review ? { review: report.review } : {}),
    // A plan's or an apply's, when the run asked whether the base commit was applied.
    ...((report.command === 'plan' || report.command === 'apply') && report.baseApplied
      ? { baseApplied: report.baseApplied }
      : {}),
    // `plan --backtest`, `backtest`, the action's pull-request plan (docs/decisions/backtest.md).
    ...(report.command === 'plan' && report.backtest ? { backtest: report.backtest } : {}),
    // `plan --live`, the action's `live-series` (docs/decisions/live-series.md); its findings are diagnostics.
    ...(report.command === 'plan' && report.liveSeries ? { liveSeries: report.liveSeries } : {}),
    components: report.components,
    // The live objects of every kind that no document manages, each with its `kind`.
    unmanaged: plan?.unmanaged ?? [],
    ghosts: plan?.ghosts ?? [],
    outdated: plan?.outdated ?? [],
    requests: {
      total: report.requests.total,
      byOperation: report.requests.byOperation,
      ...(report.requests.unanswered ? { unanswered: report.requests.unanswered } : {}),
    },
    summary: {
      // Every kind together, as every other face counts them (plan/change-counts.ts).
      create: counted.create,
      update: counted.update,
      delete: counted.delete,
      unchanged: counted.unchanged,
      errors: count('error'),
      warnings: count('warning'),
      notices: count('notice'),
      applied: report.results.filter((r) => r.ok).length,
      failed: report.results.filter((r) => !r.ok).length,
    },
    skipped: report.skipped,
    skippedFiles: report.skippedFiles ?? [],
    durationMs: Math.round(report.durationMs),
  };
}

/**
 * A change of any kind: what every change has, then what only its kind has, as its kind gives it
 * (src/kinds/<kind>/describe.ts; scripts/json-output-reference.mjs lists those keys from there).
 */
function changeJson(c: Change): Record<string, unknown> {
  return {
    // `AlertRule` or `AlertReceiver`: every change of the plan is here, of either kind, in plan order.
    kind: c.kind,
    action: c.action,
    id: c.id,
    name: c.name,
    organizationId: c.organizationId,
    file: c.file,
    line: c.line,
    // Field by field, before = live, after = the document's. A rule's `alert_receiver_ids` may hold, beside ids, `{ kind, organizationId, name }`: a receiver the same apply creates.
    diff: c.diff.map((d) => ({ path: d.path, before: d.before, after: d.after })),
    // What only its kind's changes have (each kind's describe.ts, `changeJson`).
    ...kindOf(c).json(c),
    // What the gate decided (src/plan/gate.ts), on a run that applies: admitted, or held and why.
    ...(c.action !== 'noop' && c.gate ? { gate: c.gate } : {}),
  };
}

/**
 * A result as the JSON output has always shown it: the change's names beside the service's answer, with
 * its kind (`AlertRule`, `AlertReceiver`), as `changes` has it.
 */
function resultJson(result: ChangeResult): Record<string, unknown> {
  const { change, id, ...answer } = result;
  const overwrote = overwroteOutsideEdit(result);
  return {
    // `AlertRule` or `AlertReceiver`: every write of the run is here, of either kind.
    kind: change.kind,
    id,
    name: change.name,
    action: change.action,
    file: change.file,
    line: change.line,
    // The service's answer (WriteResult): `ok` and `status` (null: no answer), and when they apply `error`,
    // `notSent`, `converged` (the answer equals what was sent) and `storedDifferently` (sent, stored), `note`.
    ...answer,
    ...(overwrote.length > 0 ? { overwroteOutsideEdit: overwrote } : {}),
  };
}

/**
 * The JSON text, redacted string by string as it is written, one object, two-space indented, ending with a
 * newline: given to `write` in pieces that end at a line's end (core/json-writer.ts), never held whole.
 */
export function writeJsonOutput(
  report: RunReport,
  redactor: Redactor,
  policy: ExitPolicy,
  write: (piece: string) => void,
): void {
  writeJson(toJsonOutput(report, policy), { redact: (text) => redactor.redact(text), write });
}

/** The same JSON text whole, for what needs it as one string (a small report, a test). */
export function renderJson(report: RunReport, redactor: Redactor, policy: ExitPolicy = {}): string {
  const pieces: string[] = [];
  writeJsonOutput(report, redactor, policy, (piece) => pieces.push(piece));
  return pieces.join('');
}
