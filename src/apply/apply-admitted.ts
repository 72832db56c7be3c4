/**
 * applyPlan executes a Plan and nothing else: it writes exactly the changes the gate admitted
 * (src/plan/gate.ts), of every kind, with the plan's own requests and deletes, and returns the same plan
 * with each written change's result. It never diffs again. The kinds say the order (src/kinds/change-kind.ts,
 * `phase`: receivers created and updated, then the rules, then receivers deleted), what an earlier write
 * makes known to a later one (`ready`: the id of a receiver just created), how each is sent (`write`) and
 * what is checked once the writes of a phase are done (`settle`: a duplicate created concurrently).
 */

import { mapWithConcurrency } from '../core/concurrency.js';
import { hasErrors } from '../core/diagnostic.js';
import type { WriteOptions, WriteOutcome } from '../kinds/change-kind.js';
import { kindOf, nounOf } from '../kinds/registry.js';
import { held } from '../model/change.js';
import {
  admittedChanges,
  type ChangeResult,
  type PendingChange,
  type Plan,
  pendingChanges,
  withPendingReplaced,
} from '../model/types.js';
import type { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';

/**
 * The plan, each admitted change with its result, in plan order; a change not admitted (or not gated) is
 * not written and carries no result. Refuses a plan with errors that admits a change (throws before any
 * request). The rate-limit budget is not checked here: executePlan (src/commands/execute-plan.ts) checks it
 * once for the whole apply, before the first write of any kind. A failed write does not stop the others,
 * unless its answer is one every write would get (401, a redirect): the writes after it are then reported
 * as not sent.
 */
export async function applyPlan(plan: Plan, client: ServiceClient, options: WriteOptions): Promise<Plan> {
  const writes = admittedChanges(plan);
  if (writes.length === 0) return plan;
  if (hasErrors(plan.diagnostics)) {
    throw new Error('applyPlan: refusing to apply a plan that has errors; nothing was written');
  }
  const phases = [...new Set(writes.map((c) => kindOf(c).phase(c)))].sort((a, b) => a - b);
  const refused: { error: ApiError | null } = { error: null };
  let current = plan;
  for (const phase of phases) {
    current = withReadiness(current, phase);
    current = await writePhase(current, phase, client, options, refused);
  }
  return current;
}

const inPhase = (change: PendingChange, phase: number) => kindOf(change).phase(change) === phase;

/** Each admitted change of the phase as it may be sent now: completed, held, or not sent with why. */
function withReadiness(plan: Plan, phase: number): Plan {
  return withPendingReplaced(
    plan,
    pendingChanges(plan).map((change): PendingChange => {
      if (change.gate?.admitted !== true || !inPhase(change, phase)) return change;
      const readiness = kindOf(change).ready(change, plan.changes);
      if ('send' in readiness) return readiness.send;
      if ('hold' in readiness) return { ...change, gate: held(readiness.hold) };
      const error = `Not sent: ${readiness.notSent}.`;
      return { ...change, result: { id: change.id, ok: false, status: null, notSent: true, error } };
    }),
  );
}

async function writePhase(
  plan: Plan,
  phase: number,
  client: ServiceClient,
  options: WriteOptions,
  refused: { error: ApiError | null },
): Promise<Plan> {
  const writes = admittedChanges(plan).filter((c) => inPhase(c, phase) && c.result === undefined);
  const answered = await mapWithConcurrency(writes, options.concurrency, async (change) => {
    const outcome: WriteOutcome = refused.error
      ? notSent(change, refused.error)
      : await kindOf(change).write(change, client, options);
    if (!refused.error && outcome.failure && refusesEveryRequest(outcome.failure))
      refused.error = outcome.failure;
    const { failure: _failure, ...result } = outcome;
    options.progress?.(progressLine(change, result));
    return { change, ...result } as ChangeResult;
  });
  const settled = refused.error ? answered : await settle(answered, client);
  const byChange = new Map(settled.map(({ change, ...result }) => [change, result] as const));
  return withPendingReplaced(
    plan,
    pendingChanges(plan).map((change) => {
      const result = byChange.get(change);
      return result ? ({ ...change, result } as PendingChange) : change;
    }),
  );
}

/** Each kind's own check once its writes of the phase are done, the results kept in their order. */
async function settle(results: readonly ChangeResult[], client: ServiceClient): Promise<ChangeResult[]> {
  const out = [...results];
  const kinds = [...new Set(results.map((r) => r.change.kind))];
  for (const kind of kinds) {
    const indexes = results.flatMap((r, i) => (r.change.kind === kind ? [i] : []));
    const ofKind = indexes.map((i) => results[i]!);
    const settle = kindOf(ofKind[0]!.change).settle;
    if (settle === undefined) continue;
    const after = await settle(ofKind as never, client);
    indexes.forEach((at, i) => {
      out[at] = after[i]!;
    });
  }
  return out;
}

/**
 * An answer that every later write would get too: the token is refused (401), or the address redirects
 * elsewhere (a wrong API URL). Sending the rest would only spend the budget on the same failure.
 */
function refusesEveryRequest(error: ApiError): boolean {
  return error.status === 401 || (error.status !== null && error.status >= 300 && error.status < 400);
}

function notSent(change: PendingChange, cause: ApiError): WriteOutcome {
  return {
    id: change.id,
    ok: false,
    status: null,
    notSent: true,
    error:
      `Not sent: an earlier write was refused with HTTP ${cause.status}, which every write would get (${cause.operation} ${cause.path}). ${cause.hint ?? ''}`.trim(),
  };
}

function progressLine(change: PendingChange, result: Omit<ChangeResult, 'change'>): string {
  const what = `${change.action} ${nounOf(change)} ${change.name}${result.id ? ` (${result.id})` : ''}`;
  if (!result.ok) return `${what}: failed: ${result.error ?? `HTTP ${result.status}`}`;
  return result.converged === false
    ? `${what}: done, but the service stored some fields differently`
    : `${what}: done`;
}
