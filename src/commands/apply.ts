/**
 * `apply`: plan, then execute that plan. Nothing is written when any finding is an error (an invalid
 * document, a plan error, a component violation, a failed read): a half-valid repository is not half
 * applied.
 */
import { resultsOf } from '../apply/types.js';
import { type ReviewGate, reviewEvidence } from '../evidence/review-gate.js';
import { pendingChanges } from '../model/types.js';
import { makePlan, type PlannedRun, type PlanningCommand } from '../planner/make-plan.js';
import { runFindings } from '../planner/run-report.js';
import type { ApplyReport, ReportBase } from '../run/reports.js';
import type { RunContext } from '../run/types.js';
import { executePlan } from './execute-plan.js';

export async function runApply(ctx: RunContext, gate?: ReviewGate): Promise<ApplyReport> {
  const started = ctx.clock.now();
  const planned = await makePlan(ctx, { command: 'apply' });
  const { report, evidence } = await applyPlannedRun(ctx, planned, ctx.prune, started, gate);
  // The push run's report carries the review and the base's apply its gate judged by.
  return evidence === null
    ? report
    : { ...report, review: evidence.review, baseApplied: evidence.baseApplied };
}

/** A planned run applied: its report, and what the review gate judged by (null without a gate). */
export interface AppliedRun<C extends PlanningCommand> {
  readonly report: ReportBase<C>;
  readonly evidence: ReturnType<typeof reviewEvidence> | null;
}

/** Applies a planned run's plan when it has no error; shared with `drift --remediate`. */
export async function applyPlannedRun<C extends PlanningCommand>(
  ctx: RunContext,
  planned: PlannedRun<C>,
  prune: boolean,
  started: number,
  gate?: ReviewGate,
): Promise<AppliedRun<C>> {
  const { report, client } = planned;
  const plan = report.plan;
  if (plan === null || client === null || pendingChanges(plan).length === 0) {
    return { report, evidence: null };
  }
  // The outside edits the report claims are those its evidence supports, whether or not anything is
  // written: a refused apply shows the same plan a writing one would, with the same notice.
  const evidence = gate ? reviewEvidence(plan, planned.digest, gate) : null;
  // The gate marks each change admitted or held, apply writes exactly the admitted ones and returns the
  // same plan with their results, which every report reads (execute-plan.ts).
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  const executed = await executePlan(ctx, client, evidence?.plan ?? plan, {
    prune,
    errors,
    ...(gate && evidence
      ? {
          review: { entries: evidence.review, onUnreviewed: gate.onUnreviewed },
        }
      : {}),
  });
  const diagnostics = runFindings([
    ...report.diagnostics,
    ...(evidence?.diagnostics ?? []),
    ...executed.diagnostics,
  ]);
  const skipped = [...report.skipped, ...executed.skipped];
  // A run with errors made no request: it reports as it planned.
  if (errors > 0) return { report: { ...report, plan: executed.plan, diagnostics, skipped }, evidence };
  return {
    report: {
      ...report,
      plan: executed.plan,
      diagnostics,
      skipped,
      results: resultsOf(executed.plan),
      requests: client.requestCounts(),
      durationMs: ctx.clock.now() - started,
    },
    evidence,
  };
}
