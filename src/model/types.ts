/**
 * The plan: one list of changes of every kind (src/kinds/), each with its kind, address (organization,
 * kind, identity), action, before and after, evidence and references, the way a Terraform plan holds one
 * list of resource changes. Counts, reports, the saved plan, the gate and apply read that one list. The
 * plan is a value: reporters render it, apply executes it, nothing recomputes it on the side.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import type { PendingReceiverChange, ReceiverChange, UnmanagedReceiver } from './alert-receiver-change.js';
import type { AlertRuleChange, LiveRuleRef, PendingRuleChange, UnmanagedRule } from './alert-rule-change.js';
import type { WriteResult } from './change.js';

/** One change of the plan, of any kind; `kind` tells them apart. */
export type Change = AlertRuleChange | ReceiverChange;

/** The kinds a plan changes. */
export type ChangeKind = Change['kind'];

/** A live object of any kind that no document manages: listed, never touched. */
export type UnmanagedObject = UnmanagedRule | UnmanagedReceiver;

/** A change that writes to the service (create, update, delete), of any kind. */
export type PendingChange = PendingRuleChange | PendingReceiverChange;

export interface Plan {
  /** Organizations whose live objects were read (one list call per kind each). */
  readonly organizations: readonly string[];
  /**
   * Organizations that documents name but whose live rules could not be read: those documents are not
   * planned (the read's error is reported by the caller). Absent when every organization was read.
   */
  readonly unread?: readonly string[];
  /**
   * One entry per managed document (noop included) and per prune delete, of every kind: the alert
   * receivers' changes first, then the rules', each in file order then deletes.
   */
  readonly changes: readonly Change[];
  /** Identity errors, immutable-field errors, receiver-name errors; ghost notices; not-up-to-date warnings. */
  readonly diagnostics: readonly Diagnostic[];
  /** Live objects of every kind that no document manages: listed, never touched. */
  readonly unmanaged: readonly UnmanagedObject[];
  /** Live GHOST rules (in the metrics system, not in the service's database). */
  readonly ghosts: readonly LiveRuleRef[];
  /** Live MANAGED rules whose deployed version is outdated (`is_up_to_date: false`). */
  readonly outdated: readonly LiveRuleRef[];
}

export function isPending(change: Change): change is PendingChange {
  return change.action !== 'noop';
}

export function pendingChanges(plan: Plan): PendingChange[] {
  return plan.changes.filter(isPending);
}

/** The changes of one kind, for what only that kind has (a rule's cluster, a receiver's secret). */
export function changesOfKind<K extends ChangeKind>(
  changes: readonly Change[],
  kind: K,
): Extract<Change, { kind: K }>[] {
  return changes.filter((c): c is Extract<Change, { kind: K }> => c.kind === kind);
}

/** The plan with its pending changes, in order, replaced by `replacements` (one for each). */
export function withPendingReplaced(plan: Plan, replacements: readonly PendingChange[]): Plan {
  let next = 0;
  return { ...plan, changes: plan.changes.map((c) => (isPending(c) ? replacements[next++]! : c)) };
}

/** The pending changes the gate admitted: exactly what apply writes. */
export function admittedChanges(plan: Plan): PendingChange[] {
  return pendingChanges(plan).filter((c) => c.gate?.admitted === true);
}

/** The outcome of one planned write: the change as it was sent (without its mark and result), and the answer. */
export interface ChangeResult<C extends PendingChange = PendingChange> extends WriteResult {
  readonly change: C;
}
