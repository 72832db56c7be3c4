/**
 * The gate between a plan and apply: it marks each pending change of the plan, of every kind, admitted or
 * held, with the reason, from the run's evidence (its errors, the review of the push run, the check of a
 * saved plan, prune). Apply (src/apply/apply-admitted.ts) writes exactly the admitted changes, and the
 * reports read the marks: no list of writes is made anywhere else. Pure: the marked plan, the findings the
 * judgement adds and the sentences that say what was not written. docs/decisions/apply-executes-a-plan.md.
 */
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { partOf, plural } from '../core/plural.js';
import { ADMITTED, type GateMark, type HoldReason, held } from '../model/change.js';
import { PLAN_CODES } from '../model/codes.js';
import { type PendingChange, type Plan, pendingChanges, withPendingReplaced } from '../model/types.js';
import { notAsReviewedFinding, reviewHoldReason } from './evidence/not-as-reviewed.js';
import type { OnUnreviewed, ReviewEntry } from './evidence/review.js';

export interface GateEvidence {
  /** Deletes are admitted only with prune: the plan made with prune and the run's own prune, two keys. */
  readonly prune: boolean;
  /** The number of errors the run found before apply: with any, nothing is admitted. */
  readonly errors?: number;
  /** The push run: each pending change against the review (in plan order), and what to do when off. */
  readonly review?: {
    readonly entries: readonly ReviewEntry[];
    readonly onUnreviewed: OnUnreviewed;
  };
  /**
   * `apply --plan`: the changes set aside by the saved-plan check (by index among the pending changes,
   * with the finding that says why, or null when the read's error says it), and whether one hold holds all.
   */
  readonly savedPlan?: {
    readonly setAside: ReadonlyMap<number, Diagnostic | null>;
    readonly strict: boolean;
  };
}

export interface Admission {
  /** The same plan, each pending change marked. */
  readonly plan: Plan;
  /** The findings of the judgement (a change not as reviewed, a change whose object moved, …). */
  readonly diagnostics: readonly Diagnostic[];
  /** What was not written and why, one sentence each. */
  readonly skipped: readonly string[];
}

export function admit(plan: Plan, evidence: GateEvidence): Admission {
  const changes = pendingChanges(plan);
  const marked = (marks: readonly GateMark[]): Plan =>
    withPendingReplaced(
      plan,
      changes.map((change, i) => ({ ...change, gate: marks[i]! })),
    );
  if ((evidence.errors ?? 0) > 0) {
    return {
      plan: marked(changes.map(() => held('findings block the apply'))),
      diagnostics: [],
      skipped: [`nothing was written: ${plural(evidence.errors!, 'error')} must be fixed first`],
    };
  }
  const marks: GateMark[] = changes.map(() => ADMITTED);
  const diagnostics: Diagnostic[] = [];
  const skipped: string[] = [];
  const hold = (i: number, reason: HoldReason) => {
    if (marks[i]!.admitted) marks[i] = held(reason);
  };

  if (evidence.savedPlan && evidence.savedPlan.setAside.size > 0) {
    const { setAside, strict } = evidence.savedPlan;
    for (const [i, finding] of setAside) {
      hold(i, 'changed since the saved plan');
      if (finding) diagnostics.push(finding);
    }
    if (strict) {
      for (const i of changes.keys()) hold(i, 'another change was held (strict)');
      skipped.push(
        `nothing was written (--strict): ${partOf(setAside.size, changes.length, 'change')} refused`,
      );
    } else {
      skipped.push(`${partOf(setAside.size, changes.length, 'change')} not written: see the errors`);
    }
  }
  if (evidence.review) {
    const judged = judgeReview(changes, evidence.review.entries, evidence.review.onUnreviewed);
    for (const [i, reason] of judged.held) hold(i, reason);
    diagnostics.push(...judged.diagnostics);
    skipped.push(...judged.skipped);
  }
  for (const [i, change] of changes.entries()) {
    if (change.action === 'delete' && !evidence.prune) hold(i, 'prune is off');
  }
  return { plan: marked(marks), diagnostics, skipped };
}

/**
 * `warn`: every change is written, one warning per change not as reviewed. `refuse`: those are not written
 * (one error each, so the step fails), the others are. `apply`: all written, one notice says how many were
 * not as reviewed.
 */
export function judgeReview(
  changes: readonly PendingChange[],
  review: readonly ReviewEntry[],
  onUnreviewed: OnUnreviewed,
): { held: Map<number, HoldReason>; diagnostics: Diagnostic[]; skipped: string[] } {
  const off = review.flatMap((entry, i) => (entry.status === 'as reviewed' ? [] : [{ entry, i }]));
  if (off.length === 0) return { held: new Map(), diagnostics: [], skipped: [] };
  if (onUnreviewed === 'apply') {
    const message = `${partOf(off.length, changes.length, 'change')} written although not as reviewed (on-unreviewed: apply).`;
    return {
      held: new Map(),
      diagnostics: [diagnostic('notice', '', FILE_START, PLAN_CODES.reviewNotChecked, message)],
      skipped: [],
    };
  }
  const refuse = onUnreviewed === 'refuse';
  const diagnostics = off.map(({ entry }) => notAsReviewedFinding(entry, refuse));
  if (!refuse) return { held: new Map(), diagnostics, skipped: [] };
  return {
    held: new Map(off.map(({ entry, i }) => [i, reviewHoldReason(entry.status)] as const)),
    diagnostics,
    skipped: [
      `${partOf(off.length, changes.length, 'change')} not written: not as reviewed (on-unreviewed: refuse)`,
    ],
  };
}
