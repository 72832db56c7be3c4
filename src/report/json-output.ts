import { type ChangeResult, overwroteOutsideEdit } from '../apply/types.js';
import { writeJson } from '../core/json-writer.js';
import type { Redactor } from '../core/redact.js';
import { pendingReceivers } from '../plan/receiver-types.js';
import { pendingChanges } from '../plan/types.js';
import { type ExitPolicy, exitCodeFor } from '../run/exit-code.js';
import type { RunReport } from '../run/types.js';
import { receiversJson, unmanagedReceiversJson } from './receiver-lines.js';
import { runOutcome } from './run-counts.js';

/** Version of the JSON output's shape; bumped only on a breaking change (docs/reference/json-output.md shows the shape, generated from toJsonOutput). */
export const JSON_OUTPUT_VERSION = 1;

/**
 * The `--format json` object (DESIGN "Contracts"): diagnostics, changes, results and requests, plus what
 * this tool adds beside them (components, skipped, summary counts). Consumers may rely on every field here.
 */
export function toJsonOutput(report: RunReport, policy: ExitPolicy): Record<string, unknown> {
  const plan = report.plan;
  const pending = plan ? [...pendingChanges(plan), ...pendingReceivers(plan)] : [];
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
    changes: (plan?.changes ?? []).map((c) => ({
      kind: c.kind,
      action: c.action,
      id: c.id,
      name: c.name,
      organizationId: c.organizationId,
      clusterId: c.clusterId,
      file: c.file,
      line: c.line,
      diff: c.diff.map((d) => ({ path: d.path, before: d.before, after: d.after })),
      // The cluster, target and receivers by id and name (name null when not known), as applying leaves them.
      ...(c.references ? { references: c.references } : {}),
      ...(c.referencesBefore ? { referencesBefore: c.referencesBefore } : {}),
      ...(c.objective
        ? {
            // A rule a ServiceLevelObjective generates: the objective's name, the window pair (`1h-5m`) and
            // the urgency (`page` or `ticket`); the change's file and line are the objective's document.
            objective: { name: c.objective.objective, pair: c.objective.pair, urgency: c.objective.urgency },
          }
        : {}),
      ...(c.action === 'update' && c.outsideEdit && c.outsideEdit.length > 0
        ? { outsideEdit: c.outsideEdit }
        : {}),
      // What the gate decided (src/plan/gate.ts), on a run that applies: admitted, or held and why.
      ...(c.action !== 'noop' && c.gate ? { gate: c.gate } : {}),
    })),
    results: report.results.map(resultJson),
    ...(report.receiverTests ? { receiverTests: report.receiverTests } : {}),
    // The alert receivers' changes, each with its gate mark and result, and whether its secret is sent.
    ...(plan?.receivers !== undefined
      ? { receivers: receiversJson(plan), unmanagedReceivers: unmanagedReceiversJson(plan) }
      : {}),
    ...(report.review ? { review: report.review } : {}),
    ...(report.baseApplied ? { baseApplied: report.baseApplied } : {}),
    // `plan --backtest`, `backtest`, the action's pull-request plan (docs/decisions/backtest.md).
    ...(report.backtest ? { backtest: report.backtest } : {}),
    // `plan --live`, the action's `live-series` (docs/decisions/live-series.md); its findings are diagnostics.
    ...(report.liveSeries ? { liveSeries: report.liveSeries } : {}),
    components: report.components,
    unmanaged: plan?.unmanaged ?? [],
    ghosts: plan?.ghosts ?? [],
    outdated: plan?.outdated ?? [],
    requests: {
      total: report.requests.total,
      byOperation: report.requests.byOperation,
      ...(report.requests.unanswered ? { unanswered: report.requests.unanswered } : {}),
    },
    summary: {
      // Rules and receivers together, as every other face counts them.
      create: pending.filter((c) => c.action === 'create').length,
      update: pending.filter((c) => c.action === 'update').length,
      delete: pending.filter((c) => c.action === 'delete').length,
      unchanged: (plan?.changes.length ?? 0) + (plan?.receivers?.length ?? 0) - pending.length,
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
