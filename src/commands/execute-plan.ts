/**
 * The one path from a plan to the service: the gate marks the plan from the run's evidence
 * (src/plan/gate.ts), apply writes exactly the admitted changes and returns the same plan with their
 * results (src/apply/apply-admitted.ts). `apply`, `apply --plan` and `drift --remediate` all write through
 * here.
 */
import { applyPlan } from '../apply/apply-admitted.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { admittedChanges, type Plan } from '../model/types.js';
import { admit, type GateEvidence } from '../plan/gate.js';
import { serviceError } from '../planner/service-findings.js';
import type { RunContext } from '../run/types.js';
import { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';

export interface ExecutedPlan {
  /** The plan, marked by the gate, with the result of each change written. */
  readonly plan: Plan;
  /** The gate's findings, then the refusal of a budget too small for the writes (nothing written). */
  readonly diagnostics: readonly Diagnostic[];
  readonly skipped: readonly string[];
}

/**
 * With errors in the evidence nothing is admitted, and no request is made. The kinds order the writes of
 * one apply (src/kinds/change-kind.ts): receivers created and updated, then the rules (with the ids of the
 * receivers just created), then receivers deleted (docs/decisions/alert-receivers.md).
 */
export async function executePlan(
  ctx: RunContext,
  client: ServiceClient,
  plan: Plan,
  evidence: GateEvidence,
): Promise<ExecutedPlan> {
  const admission = admit(plan, evidence);
  const diagnostics = [...admission.diagnostics];
  let applied = admission.plan;
  const options = {
    concurrency: ctx.concurrency,
    env: ctx.env,
    redactor: ctx.redactor,
    progress: ctx.progress,
  };
  try {
    // The whole apply's writes, of every kind, against the budget once, before the first of them: the
    // only check, so that none can refuse a later phase after an earlier one was written.
    client.assertBudget(admittedChanges(admission.plan).length);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    diagnostics.push(serviceError('Nothing was written', error));
    return { plan: applied, diagnostics, skipped: admission.skipped };
  }
  applied = await applyPlan(applied, client, options);
  return { plan: applied, diagnostics, skipped: admission.skipped };
}
