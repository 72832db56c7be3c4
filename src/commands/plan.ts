/**
 * `plan`: the plan of the one planner (src/planner/make-plan.ts), with what the command adds: the
 * backtest and the live series check when asked, the saved plan file (`--out`), and the outside edits the
 * base's apply supports (the action's pull-request plan). Never writes to the service.
 */

import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { plural } from '../core/plural.js';
import type { BaseApplied } from '../evidence/base-apply.js';
import { knownOutsideEdits } from '../evidence/known-outside-edits.js';
import { pendingChanges } from '../model/types.js';
import { savePlan } from '../plan/plan-file.js';
import { makePlan, type PlannedRun } from '../planner/make-plan.js';
import { runFindings } from '../planner/run-report.js';
import type { PlanReport } from '../run/reports.js';
import type { RunContext } from '../run/types.js';
import type { BacktestOptions } from './backtest.js';
import type { LiveSeriesOptions } from './live-series-check.js';

export interface PlanOptions {
  /** Write the plan to this file (`plan --out`), for `apply --plan`. */
  readonly out?: string;
  /**
   * The action's pull-request plan: whether its base commit was applied. Its outside edits are then told
   * only as that evidence supports (src/evidence/known-outside-edits.ts), and the report carries it.
   */
  readonly baseApplied?: BaseApplied;
  /** Backtest the rules the plan creates or whose condition it changes (backtest.ts). */
  readonly backtest?: BacktestOptions;
  /** Check that each selector of the rules checked matches series on its cluster (live-series-check.ts). */
  readonly live?: LiveSeriesOptions;
}

/** A planned run whose report carries what `plan` has added to it so far (backtest, live series check). */
type PlanReportRun = Omit<PlannedRun<'plan'>, 'report'> & { readonly report: PlanReport };

export async function runPlan(ctx: RunContext, options: PlanOptions = {}): Promise<PlanReport> {
  const planned = await makePlan(ctx, { command: 'plan' });
  const backtested =
    options.backtest === undefined ? planned.report : await withBacktest(ctx, planned, options.backtest);
  const tested =
    options.live === undefined
      ? backtested
      : await withLiveSeries(ctx, { ...planned, report: backtested }, options.live);
  const report =
    options.out === undefined
      ? tested
      : await writePlanFile(ctx, { ...planned, report: tested }, options.out);
  return options.baseApplied === undefined ? report : withBaseEvidence(report, options.baseApplied);
}

/** The report with the outside edits its base's apply supports (src/evidence/), and that evidence. */
export function withBaseEvidence(report: PlanReport, base: BaseApplied): PlanReport {
  if (report.plan === null) return { ...report, baseApplied: base };
  const known = knownOutsideEdits(report.plan, base);
  return {
    ...report,
    plan: known.plan,
    diagnostics: runFindings([...report.diagnostics, ...known.diagnostics]),
    baseApplied: base,
  };
}

/**
 * The report with the backtest of its plan, its findings and its requests. Nothing to backtest without a
 * plan, without the client that read it, or when no organization's rules could be read (nothing was
 * planned: the run's findings say why, and a backtest section would only say there was nothing to do).
 */
async function withBacktest(
  ctx: RunContext,
  planned: PlannedRun<'plan'>,
  options: BacktestOptions,
): Promise<PlanReport> {
  const { report, client } = planned;
  if (report.plan === null || client === null || report.plan.organizations.length === 0) return report;
  const { runBacktest } = await import('./backtest.js');
  const started = ctx.clock.now();
  const run = await runBacktest(ctx, client, report.plan, options);
  return {
    ...report,
    backtest: run.report,
    diagnostics: runFindings([...report.diagnostics, ...run.diagnostics]),
    requests: client.requestCounts(),
    durationMs: report.durationMs + (ctx.clock.now() - started),
  };
}

/**
 * The report with the live series check of its plan's rules: its findings, its notice when the cluster's
 * metrics could not be asked, and its requests. Nothing to check without a plan or a client, as for the
 * backtest; never on a run without a token (a fork's pull request), which has no client.
 */
async function withLiveSeries(
  ctx: RunContext,
  planned: PlanReportRun,
  options: LiveSeriesOptions,
): Promise<PlanReport> {
  const { report, client } = planned;
  if (report.plan === null || client === null || report.plan.organizations.length === 0) return report;
  const { runLiveSeries } = await import('./live-series-check.js');
  const started = ctx.clock.now();
  const run = await runLiveSeries(ctx, client, report.plan, planned.rules, options);
  return {
    ...report,
    liveSeries: run.summary,
    diagnostics: runFindings([...report.diagnostics, ...run.diagnostics]),
    requests: client.requestCounts(),
    durationMs: report.durationMs + (ctx.clock.now() - started),
  };
}

/**
 * Writes the saved plan. A plan with errors is not saved: apply would refuse it, and a file that exists
 * reads as "ready to apply".
 */
async function writePlanFile(ctx: RunContext, planned: PlanReportRun, out: string): Promise<PlanReport> {
  const { report } = planned;
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  if (errors > 0 || report.plan === null) {
    const why = errors > 0 ? `${plural(errors, 'error')} must be fixed first` : 'nothing was planned';
    return { ...report, skipped: [...report.skipped, `no plan file written to ${out}: ${why}`] };
  }
  // The base as a commit: a name such as `main` or `HEAD~1` may name another one when the plan is applied.
  const base = ctx.base === null || ctx.git === null ? null : await ctx.git.commitOf(ctx.base);
  const saved = savePlan(pendingChanges(report.plan), {
    digest: planned.digest,
    commit: ctx.head,
    base,
    prune: ctx.prune,
    rotateSecrets: ctx.rotateSecrets === true,
  });
  await writeFile(resolve(out), `${JSON.stringify(saved, null, 2)}\n`, 'utf8');
  ctx.progress(`plan written to ${out} (${plural(saved.changes.length, 'change')})`);
  return report;
}
