/**
 * The push run's evidence and what it supports: the review found on the pull request the commit came
 * from, what to do with changes not as reviewed, and whether the base revision's apply succeeded; from
 * them, each change's review status and the outside edits that can be told. Pure: the action gathers the
 * evidence (src/action/run-evidence.ts), apply reads what it supports.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { type Plan, pendingChanges, withPendingReplaced } from '../model/types.js';
import {
  type OnUnreviewed,
  type ReviewEntry,
  type ReviewedPlan,
  reviewStatuses,
  withReviewedOutsideEdits,
} from '../plan/evidence/review.js';
import { type BaseApplied, withKnownOutsideEdits } from './base-apply.js';

/**
 * The review the push run found (or why none), what to do with changes not as reviewed, and whether the
 * base revision's apply succeeded (outside edits of changes not reviewed are told from the base only then).
 */
export interface ReviewGate {
  readonly review: { readonly plan: ReviewedPlan } | { readonly why: string };
  readonly onUnreviewed: OnUnreviewed;
  readonly baseApplied: BaseApplied;
}

/**
 * What the push run's evidence supports: each pending change's review status (one entry per change of
 * every kind, in `pendingChanges(plan)` order: the gate reads them by that index), and outside edits kept
 * only where the review or the base revision's successful apply tells them (base-apply.ts), with the
 * notice that says when they could not be told.
 */
export function reviewEvidence(
  plan: Plan,
  digest: string,
  gate: ReviewGate,
): {
  plan: Plan;
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
