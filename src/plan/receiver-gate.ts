/**
 * The gate's marks on the receivers' changes (gate.ts marks the rules'): held on the same evidence, so
 * that apply writes exactly the admitted ones of both lists. Rules and receivers of one plan stand
 * together: with errors, or a strict saved plan with a change held, or a review that refuses, none is
 * written.
 */
import type { GateEvidence } from './gate.js';
import type { PendingReceiverChange, ReceiverChange } from './receiver-types.js';
import { ADMITTED, type GateMark, type HoldReason, held, type Plan } from './types.js';

/**
 * `reviewHeld`: the receivers' changes the review holds, with their reason (review-receivers.ts);
 * `strictHold`: a strict saved plan held a change, so none is written.
 */
export function markReceivers(
  plan: Plan,
  evidence: GateEvidence,
  reviewHeld: ReadonlyMap<PendingReceiverChange, HoldReason> = new Map(),
  strictHold = false,
): Plan {
  if (plan.receivers === undefined) return plan;
  const receivers = plan.receivers.map((change): ReceiverChange => {
    if (change.action === 'noop') return change;
    const mark = (): GateMark => {
      if ((evidence.errors ?? 0) > 0) return held('findings block the apply');
      if (strictHold) return held('another change was held (strict)');
      const review = reviewHeld.get(change);
      if (review !== undefined) return held(review);
      if (change.action === 'delete' && !evidence.prune) return held('prune is off');
      return ADMITTED;
    };
    return { ...change, gate: mark() };
  });
  return { ...plan, receivers };
}

/** The receivers' changes the gate admitted: exactly what apply writes. */
export function admittedReceivers(plan: Plan): ReceiverChange[] {
  return (plan.receivers ?? []).filter((c) => c.action !== 'noop' && c.gate?.admitted === true);
}
