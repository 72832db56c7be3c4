/**
 * An object this plan creates, referenced by another change of the same plan before it has an id: by its
 * kind and identity (organization and name), never by a made-up id. A rule that names a receiver this apply
 * creates carries one in `awaits` (alert-rule-change.ts); its request holds real ids only, and apply
 * completes it with the id the create returned, or holds the rule when that create did not happen
 * (docs/decisions/alert-receivers.md).
 */
import { isPlainObject } from '../core/plain-object.js';
import type { AlertReceiver, UnknownTypeAlertReceiver } from '../service/types.js';

export interface PendingReference {
  readonly kind: 'AlertReceiver';
  readonly organizationId: string;
  readonly name: string;
}

/**
 * A receiver of the list a rule's names resolve against that this plan creates: found by its name like
 * any other, it gives a pending reference, never its `id` (empty: it has none until its create answers).
 */
export interface ReceiverToCreate extends UnknownTypeAlertReceiver {
  readonly id: '';
  readonly pending: PendingReference;
}

export function isReceiverToCreate(receiver: AlertReceiver): receiver is ReceiverToCreate {
  return 'pending' in receiver && isPendingReference(receiver.pending);
}

/** Whether a value (an item of a diff's list, say) is a pending reference. */
export function isPendingReference(value: unknown): value is PendingReference {
  return (
    isPlainObject(value) &&
    value.kind === 'AlertReceiver' &&
    typeof value.organizationId === 'string' &&
    typeof value.name === 'string'
  );
}

/** One key per referenced object: the kind, its organization and its name. */
export function pendingKey(reference: PendingReference): string {
  return JSON.stringify([reference.kind, reference.organizationId, reference.name]);
}
