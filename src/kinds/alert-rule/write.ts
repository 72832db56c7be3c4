/**
 * An alert rule's write: POST a create, PUT an update (the full rule: PUT replaces it), DELETE a delete,
 * each with exactly the plan's request. The write's own answer says whether the service stored what was
 * sent (converged.ts): no extra read is spent.
 */
import { isNewReceiverId, newReceiverId } from '../../model/alert-receiver-change.js';
import type { PendingRuleChange } from '../../model/alert-rule-change.js';
import type { FieldDiff } from '../../model/change.js';
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
 * A rule that names a receiver this apply creates carries its pending id (newReceiverId): it is sent with
 * the id the create returned in its place, or held when that receiver was not created.
 */
export function ruleReady(
  change: PendingRuleChange,
  written: readonly Change[],
): Readiness<PendingRuleChange> {
  if (change.action === 'delete') return { send: change };
  const ids = change.request.alert_receiver_ids;
  if (!ids.some(isNewReceiverId)) return { send: change };
  const created = new Map<string, string>();
  for (const receiver of changesOfKind(written, 'AlertReceiver')) {
    if (receiver.action === 'create' && receiver.result?.ok && receiver.result.id) {
      created.set(`${receiver.organizationId}\n${newReceiverId(receiver.name)}`, receiver.result.id);
    }
  }
  const resolved = ids.map((id) =>
    isNewReceiverId(id) ? created.get(`${change.organizationId}\n${id}`) : id,
  );
  if (resolved.some((id) => id === undefined)) return { hold: 'a receiver it names was not created' };
  const request = { ...change.request, alert_receiver_ids: resolved as string[] };
  return { send: { ...change, request } as PendingRuleChange };
}
