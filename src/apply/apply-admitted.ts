/**
 * applyPlan executes a Plan and nothing else: it writes exactly the changes the gate admitted
 * (src/plan/gate.ts), with the plan's own `request`s and deletes, and returns the same plan with each
 * written change's result. It never diffs again; after creates it re-reads each organization once to
 * remove a duplicate another run created at the same time (concurrent-duplicates.ts).
 */

import { mapWithConcurrency } from '../core/concurrency.js';
import { hasErrors } from '../core/diagnostic.js';
import type { PendingChange, Plan } from '../plan/types.js';
import { admittedChanges, pendingChanges, withPendingReplaced } from '../plan/types.js';
import { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';
import { removeConcurrentDuplicates } from './concurrent-duplicates.js';
import { storedDifferently } from './converged.js';
import type { RuleResult } from './types.js';

export interface ApplyOptions {
  /** Writes in flight at once. */
  readonly concurrency: number;
  /** One human line per finished write. */
  readonly progress?: (line: string) => void;
}

/**
 * The plan, each admitted change with its result, in plan order; a change not admitted (or not gated) is
 * not written and carries no result. Refuses a plan with errors that admits a change (throws before any
 * request). The rate-limit budget is not checked here: executePlan (src/commands/execute-plan.ts) checks it
 * once for the whole apply, rules and receivers, before the first write of either, so that no check can
 * refuse the rules after receivers were written. A failed write does not stop the others, unless its answer
 * is one every write would get (401, a redirect): the writes after it are then reported as not sent.
 */
export async function applyPlan(plan: Plan, client: ServiceClient, options: ApplyOptions): Promise<Plan> {
  const writes = admittedChanges(plan);
  if (writes.length === 0) return plan;
  if (hasErrors(plan.diagnostics)) {
    throw new Error('applyPlan: refusing to apply a plan that has errors; nothing was written');
  }
  let refusedAll: ApiError | null = null;
  const answered = await mapWithConcurrency(writes, options.concurrency, async (change) => {
    const result: Outcome = refusedAll ? notSent(change, refusedAll) : await applyChange(change, client);
    if (!refusedAll && result.failure && refusesEveryRequest(result.failure)) refusedAll = result.failure;
    const { failure: _failure, ...reported } = result;
    options.progress?.(progressLine(reported));
    return reported;
  });
  const results = refusedAll ? answered : await removeConcurrentDuplicates(answered, client);
  const byChange = new Map(results.map(({ change, ...result }) => [change, result] as const));
  return withPendingReplaced(
    plan,
    pendingChanges(plan).map((change) => {
      const result = byChange.get(change);
      return result ? { ...change, result } : change;
    }),
  );
}

/**
 * An answer that every later write would get too: the token is refused (401), or the address redirects
 * elsewhere (a wrong API URL). Sending the rest would only spend the budget on the same failure.
 */
function refusesEveryRequest(error: ApiError): boolean {
  return error.status === 401 || (error.status !== null && error.status >= 300 && error.status < 400);
}

function notSent(change: PendingChange, cause: ApiError): RuleResult {
  return {
    change,
    id: change.id,
    ok: false,
    status: null,
    notSent: true,
    error:
      `Not sent: an earlier write was refused with HTTP ${cause.status}, which every write would get (${cause.operation} ${cause.path}). ${cause.hint ?? ''}`.trim(),
  };
}

/** A result, with the error behind a failure (kept out of the report). */
type Outcome = RuleResult & { readonly failure?: ApiError };

async function applyChange(change: PendingChange, client: ServiceClient): Promise<Outcome> {
  try {
    switch (change.action) {
      case 'delete':
        await client.deleteAlertRule(change.id);
        return { change, id: change.id, ok: true, status: 204, converged: true };
      case 'create': {
        const stored = await client.createAlertRule(change.request);
        return written(change, stored.id ?? null, 201, storedDifferently(change.request, stored));
      }
      case 'update': {
        const stored = await client.editAlertRule(change.id, change.request);
        return written(change, stored.id ?? change.id, 200, storedDifferently(change.request, stored));
      }
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { change, id: change.id, ok: false, status: error.status, error: error.message, failure: error };
  }
}

function written(
  change: PendingChange,
  id: string | null,
  status: number,
  differences: RuleResult['storedDifferently'] & {},
): RuleResult {
  return {
    change,
    id,
    ok: true,
    status,
    converged: differences.length === 0,
    ...(differences.length > 0 ? { storedDifferently: differences } : {}),
  };
}

function progressLine(result: RuleResult): string {
  const what = `${result.change.action} ${result.change.name}${result.id ? ` (${result.id})` : ''}`;
  if (!result.ok) return `${what}: failed: ${result.error ?? `HTTP ${result.status}`}`;
  return result.converged ? `${what}: done` : `${what}: done, but the service stored some fields differently`;
}
