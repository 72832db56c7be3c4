/**
 * What a run found and did: one report type per command that yields a report, each the common part every
 * report has plus what that command alone fills. `RunReport` is their union, told apart by `command`: a
 * face reads a command's own field after narrowing on it, so a field that command never fills cannot be
 * read by mistake, and a command's own function returns its own type.
 */
import type { BacktestReport } from '../backtest/types.js';
import type { ComponentResult } from '../components/types.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { BaseApplied } from '../evidence/base-apply.js';
import type { LiveSeriesSummary } from '../live-series/types.js';
import type { ChangeResult, Plan } from '../model/types.js';
import type { WriteBack } from '../plan/drift-write-back.js';
import type { ReviewEntry } from '../plan/evidence/review.js';
import type { RequestCounts } from '../service/types.js';
import type { ClusterRef, CommandName, ReceiverTest } from './types.js';

/**
 * What every report has, whichever command made it. Every face (terminal text/json/github, annotations,
 * Checks run, job summary, PR comment, drift issue, action outputs) renders at least this.
 */
export interface ReportBase<C extends CommandName = CommandName> {
  readonly command: C;
  /** All findings, most important first (see compareDiagnostics). */
  readonly diagnostics: readonly Diagnostic[];
  /** The plan; null when no plan was made (validate, export, logs, or stopped before planning). */
  readonly plan: Plan | null;
  readonly components: readonly ComponentResult[];
  /** One per write apply attempted. */
  readonly results: readonly ChangeResult[];
  readonly requests: RequestCounts;
  readonly durationMs: number;
  /** What was not done and why, one sentence each (e.g. "fork pull request: no token, service checks skipped"). */
  readonly skipped: readonly string[];
  readonly clusters: readonly ClusterRef[];
  /** YAML files found in directories that hold no document of ours (not validated), for --verbose and JSON. */
  readonly skippedFiles?: readonly string[];
  /** documentsDigest of the documents planned (plan-file.ts), when a plan was made. */
  readonly digest?: string;
}

/** `validate`: the documents read and checked, offline. */
export type ValidateReport = ReportBase<'validate'>;

/** `plan` (and `backtest`, the action's pull-request plan). */
export interface PlanReport extends ReportBase<'plan'> {
  /** `plan --backtest`, `backtest`, the action's pull-request plan: what the changed rules would have done. */
  readonly backtest?: BacktestReport;
  /** `plan --live`, the action's `live-series`: what the live series check did (its findings are diagnostics). */
  readonly liveSeries?: LiveSeriesSummary;
  /** The action's pull-request plan: whether the apply of the base commit succeeded (outside edits, provenance). */
  readonly baseApplied?: BaseApplied;
}

/** `apply` and `apply --plan`. */
export interface ApplyReport extends ReportBase<'apply'> {
  /** The action's push run: each pending change against the review on its pull request. */
  readonly review?: readonly ReviewEntry[];
  /** The action's push run: whether the apply of the base commit succeeded (outside edits, provenance). */
  readonly baseApplied?: BaseApplied;
}

/** `drift` (and `drift --remediate`, `drift --write`). */
export interface DriftReport extends ReportBase<'drift'> {
  /** `drift --write`, the action's drift pull request: the drift written back into the documents. */
  readonly writeBack?: WriteBack;
}

/** `export --out DIR`: the documents written from the service. */
export type ExportReport = ReportBase<'export'>;

/** `logs`: the findings of fetching a cluster's logs (the entries themselves are the command's own output). */
export type LogsReport = ReportBase<'logs'>;

/** `receivers test`, the action's `test-receivers`. */
export interface TestReceiversReport extends ReportBase<'test-receivers'> {
  /** One entry per receiver asked for, in the order asked; empty when none was tested (the list unread). */
  readonly receiverTests: readonly ReceiverTest[];
}

/** Everything a run found and did, of whichever command. */
export type RunReport =
  | ValidateReport
  | PlanReport
  | ApplyReport
  | DriftReport
  | ExportReport
  | LogsReport
  | TestReceiversReport;
