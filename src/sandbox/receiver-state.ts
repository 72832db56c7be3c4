/**
 * The sandbox's receivers as tests read and arrange them, and the one function that makes a receiver
 * into an answer. Secrets live in the store apart from the receivers; only `storedReceiverSecret` reads
 * them, for a test to check what the service would now hold.
 */
import type { Receiver, SentTestMessage } from './model.js';
import { SeedReader } from './seed/seed-reader.js';
import { readReceiverFields } from './seed/validate-receivers.js';
import { asStore, requireSeedOrganization } from './state.js';
import type { SandboxState } from './types.js';
import { RECEIVER_SECRET_FIELDS } from './wire.js';

/**
 * A receiver as the service answers it (SlackAlertReceiverResponse, EmailAlertReceiverResponse), built
 * field by field: there is no secret to leave out because the record never holds one.
 */
export function receiverResponse(receiver: Receiver): Record<string, unknown> {
  return {
    id: receiver.id,
    created_at: receiver.created_at,
    // Not nullable in the description: left out when there is no value, never null.
    ...(receiver.updated_at === null ? {} : { updated_at: receiver.updated_at }),
    name: receiver.name,
    description: receiver.description,
    type: receiver.type,
    send_resolved: receiver.send_resolved,
    owner: receiver.owner,
    severity: receiver.severity,
    ...(receiver.email === null
      ? {}
      : {
          to: receiver.email.to,
          from: receiver.email.from,
          smarthost: receiver.email.smarthost,
          auth_username: receiver.email.auth_username,
          require_tls: receiver.email.require_tls,
        }),
  };
}

/** What getAlertReceivers answers for an organization right now. */
export function liveReceivers(state: SandboxState, organizationId: string): Record<string, unknown>[] {
  return [...asStore(state).receivers.values()]
    .filter((r) => r.organization_id === organizationId)
    .map(receiverResponse);
}

/** One receiver as getAlertReceiver would answer, or undefined. */
export function liveReceiver(state: SandboxState, id: string): Record<string, unknown> | undefined {
  const receiver = asStore(state).receivers.get(id.toLowerCase());
  return receiver ? receiverResponse(receiver) : undefined;
}

/**
 * Adds or replaces a receiver (e.g. one edited in the console), written like a seed entry; unlike a seed
 * entry it may carry its secret (`webhook_url` or `auth_password`), which is stored apart. Throws a
 * SeedError naming the bad field.
 */
export function putLiveReceiver(state: SandboxState, receiver: unknown): void {
  const store = asStore(state);
  const at = new SeedReader(receiver, 'putLiveReceiver', 'receiver');
  const created = at.field('created_at').optionalTimestamp() ?? new Date(store.clock.now()).toISOString();
  const read = readReceiverFields(at, created);
  requireSeedOrganization(store, at, read.organization_id);
  const secretKey = RECEIVER_SECRET_FIELDS[read.type];
  const secret = at.has(secretKey) ? at.field(secretKey).string() : null;
  store.receivers.set(read.id, read);
  if (secret !== null) store.receiverSecrets.set(read.id, secret);
}

/** Removes a receiver; returns whether it existed. Rules naming it keep the id, as after a delete. */
export function removeLiveReceiver(state: SandboxState, id: string): boolean {
  const store = asStore(state);
  store.receiverSecrets.delete(id.toLowerCase());
  return store.receivers.delete(id.toLowerCase());
}

/** The secret the sandbox holds for a receiver (what a create or a rotation sent), or null. For tests. */
export function storedReceiverSecret(state: SandboxState, id: string): string | null {
  return asStore(state).receiverSecrets.get(id.toLowerCase()) ?? null;
}

/** The test messages the sandbox "sent", oldest first. */
export function sentTestMessages(state: SandboxState): readonly SentTestMessage[] {
  return [...asStore(state).testMessages];
}
