/**
 * `apply`: plan, then execute that plan. Nothing is written when any finding is an error (an invalid
 * document, a plan error, a component violation, a failed read): a half-valid repository is not half
 * applied.
 */
import { applyChanges } from '../apply/apply.js';
import type { ChangeResult } from '../apply/types.js';
import { type Diagnostic, diagnostic, FILE_START, hasErrors } from '../core/diagnostic.js';
import { partOf, plural } from '../core/plural.js';
import { type BaseApplied, withKnownOutsideEdits } from '../plan/base-applied.js';
import { PLAN_CODES } from '../plan/codes.js';
import {
  type OnUnreviewed,
  type ReviewEntry,
  type ReviewedPlan,
  reviewStatuses,
  withReviewedOutsideEdits,
} from '../plan/review.js';
import { type PendingChange, pendingChanges, withPendingReplaced } from '../plan/types.js';
import type { CommandName, RunContext, RunReport } from '../run/types.js';
import { ApiError } from '../service/errors.js';
import { type PlannedRun, planRun } from './plan.js';
import { runFindings } from './run-report.js';
import { serviceError } from './service-findings.js';

/**
 * The review the push run found (or why none), what to do with changes not as reviewed, and whether the
 * base revision's apply succeeded (outside edits of changes not reviewed are told from the base only then).
 */
export interface ReviewGate {
  readonly review: { readonly plan: ReviewedPlan } | { readonly why: string };
  readonly onUnreviewed: OnUnreviewed;
  readonly baseApplied: BaseApplied;
}

export async function runApply(ctx: RunContext, gate?: ReviewGate): Promise<RunReport> {
  const started = ctx.clock.now();
  const planned = await planRun(ctx, 'apply');
  return executePlanned(ctx, planned, 'apply', ctx.prune, started, gate);
}

/** Applies a planned run's plan when it has no error; shared with `drift --remediate`. */
export async function executePlanned(
  ctx: RunContext,
  planned: PlannedRun,
  command: CommandName,
  prune: boolean,
  started: number,
  gate?: ReviewGate,
): Promise<RunReport> {
  const { report, client } = planned;
  const plan = report.plan;
  if (plan === null || client === null || pendingChanges(plan).length === 0) {
    return { ...report, command };
  }
  // The outside edits the report claims are those its evidence supports, whether or not anything is
  // written: a refused apply shows the same plan a writing one would, with the same notice.
  const evidence = gate ? reviewEvidence(plan, planned.digest, gate) : null;
  const told = {
    plan: evidence?.plan ?? plan,
    ...(evidence ? { review: evidence.review, baseApplied: evidence.baseApplied } : {}),
  };
  const diagnostics: Diagnostic[] = [...report.diagnostics, ...(evidence?.diagnostics ?? [])];
  if (hasErrors(report.diagnostics)) {
    const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
    return {
      ...report,
      ...told,
      command,
      diagnostics: runFindings(diagnostics),
      skipped: [...report.skipped, `nothing was written: ${plural(errors, 'error')} must be fixed first`],
    };
  }
  const skipped = [...report.skipped];
  let writes = pendingChanges(told.plan);
  if (gate && evidence) {
    const judged = judgeReview(writes, evidence.review, gate.onUnreviewed);
    writes = judged.writes;
    diagnostics.push(...judged.diagnostics);
    skipped.push(...judged.skipped);
  }
  let results: ChangeResult[] = [];
  try {
    results = await applyChanges(writes, client, {
      concurrency: ctx.concurrency,
      prune,
      progress: ctx.progress,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    diagnostics.push(serviceError('Nothing was written', error));
  }
  return {
    ...report,
    ...told,
    command,
    diagnostics: runFindings(diagnostics),
    skipped,
    results,
    requests: client.requestCounts(),
    durationMs: ctx.clock.now() - started,
  };
}

/**
 * What the push run's evidence supports: each change's review status, and outside edits kept only where
 * the review or the base revision's successful apply tells them (src/plan/base-applied.ts), with the
 * notice that says when they could not be told.
 */
function reviewEvidence(
  plan: NonNullable<RunReport['plan']>,
  digest: PlannedRun['digest'],
  gate: ReviewGate,
): {
  plan: NonNullable<RunReport['plan']>;
  review: ReviewEntry[];
  baseApplied: BaseApplied;
  diagnostics: Diagnostic[];
} {
  const changes = pendingChanges(plan);
  const review = reviewStatuses(changes, gate.review, digest);
  const known = withKnownOutsideEdits(
    changes.map((c, i) => withReviewedOutsideEdits(c, review[i]!)),
    review,
    gate.baseApplied,
  );
  return {
    plan: withPendingReplaced(plan, known.changes),
    review,
    baseApplied: gate.baseApplied,
    diagnostics: known.diagnostics,
  };
}

/**
 * `warn`: every change is written, one warning per change not as reviewed. `refuse`: those are not written
 * (one error each, so the step fails), the others are. `apply`: all written, one notice says how many were
 * not as reviewed.
 */
function judgeReview(
  changes: readonly PendingChange[],
  review: readonly ReviewEntry[],
  onUnreviewed: OnUnreviewed,
): { writes: PendingChange[]; diagnostics: Diagnostic[]; skipped: string[] } {
  const off = review.flatMap((entry, i) =>
    entry.status === 'as reviewed' ? [] : [{ entry, change: changes[i]! }],
  );
  if (off.length === 0) return { writes: [...changes], diagnostics: [], skipped: [] };
  if (onUnreviewed === 'apply') {
    const message = `${partOf(off.length, changes.length, 'change')} written although not as reviewed (on-unreviewed: apply).`;
    return {
      writes: [...changes],
      diagnostics: [diagnostic('notice', '', FILE_START, PLAN_CODES.reviewNotChecked, message)],
      skipped: [],
    };
  }
  const refuse = onUnreviewed === 'refuse';
  const diagnostics = off.map(({ entry }) =>
    diagnostic(
      refuse ? 'error' : 'warning',
      entry.file,
      { line: entry.line, column: 1, endLine: entry.line, endColumn: 1 },
      PLAN_CODES.notAsReviewed,
      `${refuse ? 'Not written' : 'Written'}: the ${entry.action} of alert rule "${entry.name}"${entry.id ? ` (${entry.id})` : ''} is ${entry.status}: ${entry.why}.` +
        (refuse ? ' Review it in a pull request, or set on-unreviewed: warn.' : ''),
    ),
  );
  if (!refuse) return { writes: [...changes], diagnostics, skipped: [] };
  const refused = new Set(off.map((o) => o.change));
  return {
    writes: changes.filter((c) => !refused.has(c)),
    diagnostics,
    skipped: [
      `${partOf(off.length, changes.length, 'change')} not written: not as reviewed (on-unreviewed: refuse)`,
    ],
  };
}
