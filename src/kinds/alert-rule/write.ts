/**
 * An alert rule's write: POST a create, PUT an update (the full rule: PUT replaces it), DELETE a delete,
 * each with exactly the plan's request. The write's own answer says whether the service stored what was
 * sent (converged.ts): no extra read is spent.
 */
import type { PendingRuleChange } from '../../model/alert-rule-change.js';
import type { FieldDiff } from '../../model/change.js';
import { pendingKey } from '../../model/pending-reference.js';
import { type Change, changesOfKind } from '../../model/types.js';
import { ApiError } from '../../service/errors.js';
import type { ServiceClient } from '../../service/types.js';
import type { Readiness, WriteOutcome } from '../change-kind.js';
import { storedDifferently } from './converged.js';

export async function writeRule(change: PendingRuleChange, client: ServiceClient): Promise<WriteOutcome> {
  try {
    switch (change.action) {
      case 'delete':
        await client.deleteAlertRule(change.id);
        return { id: change.id, ok: true, status: 204, converged: true };
      case 'create': {
        const stored = await client.createAlertRule(change.request);
        return written(stored.id ?? null, 201, storedDifferently(change.request, stored));
      }
      case 'update': {
        const stored = await client.editAlertRule(change.id, change.request);
        return written(stored.id ?? change.id, 200, storedDifferently(change.request, stored));
      }
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { id: change.id, ok: false, status: error.status, error: error.message, failure: error };
  }
}

/** A rule's stored differently is a warning, not a failure: its next plan shows the difference. */
function written(id: string | null, status: number, differences: readonly FieldDiff[]): WriteOutcome {
  return {
    id,
    ok: true,
    status,
    converged: differences.length === 0,
    ...(differences.length > 0 ? { storedDifferently: differences } : {}),
  };
}

/**
 * A rule that pages a receiver this apply creates awaits it (`awaits`: a pending reference, its request
 * holds real ids only): it is sent with the id the create returned added to its receivers, or held when
 * that receiver was not created (its create failed, was held, or is not in this apply).
 */
export function ruleReady(
  change: PendingRuleChange,
  written: readonly Change[],
): Readiness<PendingRuleChange> {
  if (change.action === 'delete' || change.awaits === undefined || change.awaits.length === 0) {
    return { send: change };
  }
  const created = new Map<string, string>();
  for (const receiver of changesOfKind(written, 'AlertReceiver')) {
    if (receiver.action === 'create' && receiver.result?.ok && receiver.result.id) {
      const reference = { kind: receiver.kind, organizationId: receiver.organizationId, name: receiver.name };
      created.set(pendingKey(reference), receiver.result.id);
    }
  }
  const ids = change.awaits.map((reference) => created.get(pendingKey(reference)));
  if (ids.some((id) => id === undefined)) return { hold: 'a receiver it names was not created' };
  // Complete: what is sent names every receiver by its id, and awaits nothing any more.
  const { awaits: _awaits, ...rest } = change;
  const alert_receiver_ids = [...change.request.alert_receiver_ids, ...(ids as string[])];
  return { send: { ...rest, request: { ...change.request, alert_receiver_ids } } as PendingRuleChange };
}
