import {
  type FieldDiff,
  type PendingChange,
  type Plan,
  pendingChanges,
  type WriteResult,
} from '../plan/types.js';

/** The outcome of one planned write: the change itself, and what the service answered. */
export interface ChangeResult extends WriteResult {
  readonly change: PendingChange;
}

/**
 * The results a plan carries (apply-admitted.ts), in plan order: each written change, as it was sent (without
 * its mark and result), beside the service's answer.
 */
export function resultsOf(plan: Plan | null): ChangeResult[] {
  if (plan === null) return [];
  return pendingChanges(plan).flatMap(({ gate: _gate, result, ...change }) =>
    result ? [{ change: change as PendingChange, ...result }] : [],
  );
}

/** The outside edits a successful write overwrote (from its change's `outsideEdit`). */
export function overwroteOutsideEdit(result: ChangeResult): readonly FieldDiff[] {
  return result.ok && result.change.action === 'update' ? (result.change.outsideEdit ?? []) : [];
}
