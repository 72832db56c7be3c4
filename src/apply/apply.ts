/**
 * applyPlan executes a Plan and nothing else: the bodies it sends are the plan's own `request`s, the
 * rules it deletes are the plan's own deletes. It never diffs again; after creates it re-reads each
 * organization once to remove a duplicate another run created at the same time (concurrent-duplicates.ts).
 */
import { hasErrors } from '../core/diagnostic.js';
import type { AlertRuleChange, Plan } from '../plan/types.js';
import { pendingChanges } from '../plan/types.js';
import { ApiError } from '../service/errors.js';
import type { AlertRuleCreationRequest, ManagedAlertRule, ServiceClient } from '../service/types.js';
import { removeConcurrentDuplicates } from './concurrent-duplicates.js';
import { storedDifferently } from './converged.js';
import { mapWithConcurrency } from './pool.js';
import type { ChangeResult } from './types.js';

export interface ApplyOptions {
  /** Writes in flight at once. */
  readonly concurrency: number;
  /** Deletes run only when the plan was made with prune and this is on too: two keys for one lock. */
  readonly prune: boolean;
  /** One human line per finished write. */
  readonly progress?: (line: string) => void;
}

/**
 * Refuses a plan with errors (throws before any request). Throws the client's budget ApiError, before any
 * write, when the known rate-limit budget cannot cover the writes. Otherwise one result per write, in
 * plan order; a failed write does not stop the others, unless its answer is one every write would get
 * (401, a redirect): the writes after it are then reported as not sent.
 */
export async function applyPlan(
  plan: Plan,
  client: ServiceClient,
  options: ApplyOptions,
): Promise<ChangeResult[]> {
  if (hasErrors(plan.diagnostics)) {
    throw new Error('applyPlan: refusing to apply a plan that has errors; nothing was written');
  }
  const writes = pendingChanges(plan).filter((c) => c.action !== 'delete' || options.prune);
  if (writes.length === 0) return [];
  client.assertBudget(writes.length);
  let refusedAll: ApiError | null = null;
  const results = await mapWithConcurrency(writes, options.concurrency, async (change) => {
    const result: Outcome = refusedAll ? notSent(change, refusedAll) : await applyChange(change, client);
    if (!refusedAll && result.failure && refusesEveryRequest(result.failure)) refusedAll = result.failure;
    const { failure: _failure, ...reported } = result;
    options.progress?.(progressLine(reported));
    return reported;
  });
  return refusedAll ? results : removeConcurrentDuplicates(writes, results, client);
}

/**
 * An answer that every later write would get too: the token is refused (401), or the address redirects
 * elsewhere (a wrong API URL). Sending the rest would only spend the budget on the same failure.
 */
function refusesEveryRequest(error: ApiError): boolean {
  return error.status === 401 || (error.status !== null && error.status >= 300 && error.status < 400);
}

function notSent(change: AlertRuleChange, cause: ApiError): ChangeResult {
  return {
    ...baseOf(change),
    ok: false,
    status: null,
    notSent: true,
    error:
      `Not sent: an earlier write was refused with HTTP ${cause.status}, which every write would get (${cause.operation} ${cause.path}). ${cause.hint ?? ''}`.trim(),
  };
}

function baseOf(change: AlertRuleChange) {
  return {
    id: change.id,
    name: change.name,
    action: change.action,
    file: change.file,
    line: change.line,
    ...(change.outsideEdit && change.outsideEdit.length > 0
      ? { overwroteOutsideEdit: change.outsideEdit }
      : {}),
  };
}

/** A result, with the error behind a failure (kept out of the report). */
type Outcome = ChangeResult & { readonly failure?: ApiError };

async function applyChange(change: AlertRuleChange, client: ServiceClient): Promise<Outcome> {
  const base = baseOf(change);
  try {
    if (change.action === 'delete') {
      await client.deleteAlertRule(requireId(change));
      return { ...base, ok: true, status: 204, converged: true };
    }
    const request = change.request;
    if (request === undefined)
      throw new Error(`applyPlan: the plan's ${change.action} of "${change.name}" has no request`);
    let stored: ManagedAlertRule;
    let status: number;
    if (change.action === 'create') {
      stored = await client.createAlertRule(request as AlertRuleCreationRequest);
      status = 201;
    } else {
      stored = await client.editAlertRule(requireId(change), request);
      status = 200;
    }
    const differences = storedDifferently(request, stored);
    return {
      ...base,
      id: stored.id ?? change.id,
      ok: true,
      status,
      converged: differences.length === 0,
      ...(differences.length > 0 ? { storedDifferently: differences } : {}),
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ...base, ok: false, status: error.status, error: error.message, failure: error };
  }
}

function requireId(change: AlertRuleChange): string {
  if (change.id === null)
    throw new Error(`applyPlan: the plan's ${change.action} of "${change.name}" has no id`);
  return change.id;
}

function progressLine(result: ChangeResult): string {
  const what = `${result.action} ${result.name}${result.id ? ` (${result.id})` : ''}`;
  if (!result.ok) return `${what}: failed: ${result.error ?? `HTTP ${result.status}`}`;
  return result.converged ? `${what}: done` : `${what}: done, but the service stored some fields differently`;
}
