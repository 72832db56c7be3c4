import { kindOf } from '../kinds/registry.js';
import type { FieldDiff } from '../model/change.js';
import { type ChangeResult, type PendingChange, type Plan, pendingChanges } from '../model/types.js';

/**
 * The results a plan carries, in the order one apply writes them (the kinds' phases: receivers created and
 * updated, the rules, receivers deleted; plan order within a phase). Each written change, as it was sent
 * (without its mark and result), beside the service's answer: every face counts and lists these, so that
 * every kind's write is counted alike.
 */
export function resultsOf(plan: Plan | null): ChangeResult[] {
  if (plan === null) return [];
  const phase = (c: PendingChange) => kindOf(c).phase(c);
  return pendingChanges(plan)
    .map((change, i) => ({ change, i }))
    .sort((a, b) => phase(a.change) - phase(b.change) || a.i - b.i)
    .flatMap(({ change: { gate: _gate, result, ...change } }) =>
      result ? [{ change: change as PendingChange, ...result }] : [],
    );
}

/** The outside edits a successful write overwrote (an update's `outsideEdit`, for a kind that tells them). */
export function overwroteOutsideEdit(result: ChangeResult): readonly FieldDiff[] {
  const { change } = result;
  return result.ok && change.action === 'update' && 'outsideEdit' in change ? (change.outsideEdit ?? []) : [];
}
