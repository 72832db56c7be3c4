import { type PendingReceiverChange, pendingReceivers } from '../plan/receiver-types.js';
import {
  type FieldDiff,
  type PendingChange,
  type Plan,
  pendingChanges,
  type WriteResult,
} from '../plan/types.js';

/** A change apply writes: an alert rule's or an alert receiver's, told apart by `kind`. */
export type WrittenChange = PendingChange | PendingReceiverChange;

/** The outcome of one planned write: the change itself, and what the service answered. */
export interface ChangeResult<C extends WrittenChange = WrittenChange> extends WriteResult {
  readonly change: C;
}

/** A rule's write (apply-admitted.ts, concurrent-duplicates.ts): its change has the rule's fields. */
export type RuleResult = ChangeResult<PendingChange>;

/**
 * The results a plan carries (apply-admitted.ts, apply-receivers.ts), in the order one apply writes them
 * (execute-plan.ts): receivers created and updated, the rules, receivers deleted. Each written change, as
 * it was sent (without its mark and result), beside the service's answer: every face counts and lists
 * these, so a receiver's write is counted as a rule's is.
 */
export function resultsOf(plan: Plan | null): ChangeResult[] {
  if (plan === null) return [];
  const receivers = pendingReceivers(plan);
  return [
    ...paired(receivers.filter((c) => c.action !== 'delete')),
    ...paired(pendingChanges(plan)),
    ...paired(receivers.filter((c) => c.action === 'delete')),
  ];
}

function paired(changes: readonly WrittenChange[]): ChangeResult[] {
  return changes.flatMap(({ gate: _gate, result, ...change }) =>
    result ? [{ change: change as WrittenChange, ...result }] : [],
  );
}

/** The outside edits a successful write overwrote (from its change's `outsideEdit`). */
export function overwroteOutsideEdit(result: ChangeResult): readonly FieldDiff[] {
  const { change } = result;
  return result.ok && change.kind === 'AlertRule' && change.action === 'update'
    ? (change.outsideEdit ?? [])
    : [];
}
