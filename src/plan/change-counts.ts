/** Counts every face shows for a plan: the closing line, action outputs, the drift issue. */
import { type Change, type ChangeKind, type Plan, pendingChanges } from '../model/types.js';

export interface PlanCounts {
  readonly create: number;
  readonly update: number;
  readonly delete: number;
  readonly unchanged: number;
}

/** Every change of the plan by action, whatever its kind: a receiver's create counts as a rule's does. */
export function countChanges(plan: Plan): PlanCounts {
  const counts = { create: 0, update: 0, delete: 0, unchanged: 0 };
  for (const change of plan.changes) {
    if (change.action === 'noop') counts.unchanged++;
    else counts[change.action]++;
  }
  return counts;
}

/** Changes by kind (a kind with none is absent): what words that name each kind count. */
export type KindCounts = Readonly<Partial<Record<ChangeKind, number>>>;

export function countByKind(changes: readonly Pick<Change, 'kind'>[]): KindCounts {
  const counts: Partial<Record<ChangeKind, number>> = {};
  for (const change of changes) counts[change.kind] = (counts[change.kind] ?? 0) + 1;
  return counts;
}

/**
 * Drift on a schedule: pending changes are drift; ghost and outdated rules are counted apart because
 * applying the plan does not remove them.
 */
export interface DriftCounts {
  /** The changes that differ from the documents, every kind together. */
  readonly drifted: number;
  /** The same, by kind, for the words that name them (`1 rule and 1 alert receiver`). */
  readonly byKind: KindCounts;
  readonly ghosts: number;
  readonly outdated: number;
}

export function countDrift(plan: Plan): DriftCounts {
  const pending = pendingChanges(plan);
  return {
    drifted: pending.length,
    byKind: countByKind(pending),
    ghosts: plan.ghosts.length,
    outdated: plan.outdated.length,
  };
}

/** The changes that write, of every kind. */
export function pendingCount(plan: Plan | null): number {
  return plan === null ? 0 : pendingChanges(plan).length;
}
