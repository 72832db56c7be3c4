/**
 * Outside edits told from the base revision are true only when the base revision's documents were applied:
 * the live rule then matched them, so a live value that differs was set outside git. When that apply was
 * refused or failed, or cannot be known, a difference is just as likely a value that was never applied,
 * and no outside edit is claimed (docs/decisions/saved-plan.md, "Outside edits").
 */
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { PLAN_CODES } from '../model/codes.js';
import type { PendingChange } from '../model/types.js';
import type { ReviewEntry } from '../plan/evidence/review.js';
import type { ApplyOutcome } from './provenance.js';

/** Whether the apply of the base revision wrote and converged every change: known, or why it is not. */
export type BaseApplied =
  | { readonly applied: true; readonly commit: string }
  | {
      readonly applied: false;
      readonly commit: string | null;
      readonly why: string;
      /** Its apply ran and concluded otherwise than success (rather than: not known). */
      readonly concluded?: true;
    };

/**
 * The changes with the outside edits that can be told (`review`: the push run's statuses; null for a plan
 * without a review, whose updates all rely on the base). A change the review held (`as reviewed`,
 * `changed since review`) has its outside edits from the review already and is left as it is; an update
 * that relies on the base keeps them only when the base was applied. When the base was not, one notice
 * says for how many updates a difference from the base was not called an outside edit, and why; none when
 * there was no such difference (then there is nothing to tell either way).
 */
export function withKnownOutsideEdits(
  changes: readonly PendingChange[],
  review: readonly ReviewEntry[] | null,
  base: BaseApplied,
): { readonly changes: PendingChange[]; readonly diagnostics: Diagnostic[] } {
  if (base.applied) return { changes: [...changes], diagnostics: [] };
  let untold = 0;
  const out = changes.map((change, i) => {
    // Only an update of a kind that tells outside edits (`outsideEdit`, a rule's) has any.
    if (change.action !== 'update' || !('outsideEdit' in change) || change.outsideEdit === undefined) {
      return change;
    }
    const status = review?.[i]?.status ?? 'not reviewed';
    if (status !== 'not reviewed') return change;
    untold += 1;
    const { outsideEdit: _unknown, ...rest } = change;
    return rest;
  });
  if (untold === 0) return { changes: out, diagnostics: [] };
  const updates = `${plural(untold, 'update')}${review === null ? '' : ' not reviewed'}`;
  const message = `The live rules of ${updates} differ from the base revision's documents; that is not reported as an outside edit, because ${base.why}: those values may simply never have been applied.`;
  return {
    changes: out,
    diagnostics: [diagnostic('notice', '', FILE_START, PLAN_CODES.outsideEditsUnknown, message)],
  };
}

/** No evidence, because GitHub was not asked: `why` says why it could not be. */
export function baseNotAsked(base: string | null, why: string): BaseApplied {
  return {
    applied: false,
    commit: base,
    why: `GitHub was not asked how the apply of the base commit went (${why})`,
  };
}

/** What GitHub says of the apply of `sha`: its run's conclusion, or why it cannot be told. */
export type ApplyRunAnswer =
  | { readonly sha: string; readonly conclusion: string }
  | { readonly sha: string; readonly why: string };

/** The base revision's apply as outside-edit evidence: applied only when its run concluded `success`. */
export function baseAppliedFrom(answer: ApplyRunAnswer): BaseApplied {
  if ('why' in answer) return { applied: false, commit: answer.sha, why: answer.why };
  if (answer.conclusion === 'success') return { applied: true, commit: answer.sha };
  return {
    applied: false,
    commit: answer.sha,
    concluded: true,
    why: `the apply of commit ${answer.sha.slice(0, 12)} did not succeed (its Checks run concluded ${answer.conclusion})`,
  };
}

/** The same evidence as the one line under a change says it (src/report/provenance-lines.ts). */
export function applyOutcomeOf(base: BaseApplied): ApplyOutcome {
  if (base.applied) return 'succeeded';
  return base.concluded ? 'did not succeed' : 'unknown';
}
