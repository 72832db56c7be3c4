/** Counts every face shows for a plan: the closing line, action outputs, the drift issue. */
import { pendingReceivers } from './receiver-types.js';
import { type Plan, pendingChanges, type WriteResult } from './types.js';

export interface PlanCounts {
  readonly create: number;
  readonly update: number;
  readonly delete: number;
  readonly unchanged: number;
}

/** The rules' and the receivers' changes together. */
export function countChanges(plan: Plan): PlanCounts {
  const counts = { create: 0, update: 0, delete: 0, unchanged: 0 };
  for (const change of [...plan.changes, ...(plan.receivers ?? [])]) {
    if (change.action === 'noop') counts.unchanged++;
    else counts[change.action]++;
  }
  return counts;
}

/**
 * Drift on a schedule: pending changes are drift; ghost and outdated rules are counted apart because
 * applying the plan does not remove them.
 */
export interface DriftCounts {
  /** Rules and receivers that differ from the documents, each counted in its own list. */
  readonly rules: number;
  readonly receivers: number;
  readonly ghosts: number;
  readonly outdated: number;
}

export function countDrift(plan: Plan): DriftCounts {
  return {
    rules: pendingChanges(plan).length,
    receivers: pendingReceivers(plan).length,
    ghosts: plan.ghosts.length,
    outdated: plan.outdated.length,
  };
}

/** The changes that write, rules and receivers. */
export function pendingCount(plan: Plan | null): number {
  return plan === null ? 0 : pendingChanges(plan).length + pendingReceivers(plan).length;
}

/** What the service answered to each receiver write (the rules' are the report's `results`). */
export function receiverResults(plan: Plan | null): WriteResult[] {
  return plan === null ? [] : pendingReceivers(plan).flatMap((c) => (c.result ? [c.result] : []));
}
