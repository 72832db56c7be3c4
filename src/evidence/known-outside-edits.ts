/**
 * A pull-request plan's outside edits, kept only when its base revision is known to have been applied
 * (base-apply.ts): the action's pull-request plan, whose comment a reviewer reads, must not call a value
 * of the base that was never applied "an edit made outside git". Such a plan has no review, so every
 * update's outside edits rely on the base.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { type Plan, pendingChanges, withPendingReplaced } from '../model/types.js';
import { type BaseApplied, withKnownOutsideEdits } from './base-apply.js';

/** The plan with the outside edits its base's apply supports, and the notice that says when it supports none. */
export function knownOutsideEdits(
  plan: Plan,
  base: BaseApplied,
): { readonly plan: Plan; readonly diagnostics: Diagnostic[] } {
  const known = withKnownOutsideEdits(pendingChanges(plan), null, base);
  return { plan: withPendingReplaced(plan, known.changes), diagnostics: known.diagnostics };
}
