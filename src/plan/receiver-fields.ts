/**
 * A receiver's fields as a plan compares them: the document's with their defaults, the live receiver's as
 * the service answered, both in the shape of the request (secrets aside: the service never returns them).
 */
import { shortHash } from '../core/crypto-on-demand.js';
import type { AlertReceiverSpec } from '../documents/types.js';
import type { AlertReceiver, EmailAlertReceiver } from '../service/types.js';
import type { LiveFingerprint } from './evidence/fingerprint.js';
import type { ReceiverRequest } from './receiver-types.js';
import type { FieldDiff } from './types.js';

/** In the order a person reads a receiver; the diff keeps it. */
const FIELDS = [
  'name',
  'description',
  'type',
  'send_resolved',
  'owner',
  'severity',
  'to',
  'from',
  'smarthost',
  'auth_username',
  'require_tls',
] as const;

/** The document's fields with the defaults the schema documents (description '', send_resolved and require_tls true, owner, severity and auth_username null). */
export function receiverRequestOfSpec(spec: AlertReceiverSpec): ReceiverRequest {
  const common = {
    name: spec.name,
    description: spec.description ?? '',
    type: spec.type,
    send_resolved: spec.send_resolved ?? true,
    owner: spec.owner ?? null,
    severity: spec.severity ?? null,
  };
  if (spec.type === 'SLACK') return common;
  return {
    ...common,
    to: spec.to ?? '',
    from: spec.from ?? '',
    smarthost: spec.smarthost ?? '',
    auth_username: spec.auth_username ?? null,
    require_tls: spec.require_tls ?? true,
  };
}

/** The live receiver in the request's shape: a field the answer left out reads as its default. */
export function receiverRequestOfLive(receiver: AlertReceiver): ReceiverRequest {
  const type = receiver.type === 'EMAIL' ? 'EMAIL' : 'SLACK';
  const common = {
    name: receiver.name,
    description: receiver.description ?? '',
    type,
    send_resolved: receiver.send_resolved ?? true,
    owner: receiver.owner ?? null,
    severity: receiver.severity ?? null,
  } as const;
  if (receiver.type !== 'EMAIL') return { ...common, type: receiver.type as 'SLACK' };
  const email = receiver as EmailAlertReceiver;
  return {
    ...common,
    to: email.to ?? '',
    from: email.from ?? '',
    smarthost: email.smarthost ?? '',
    auth_username: email.auth_username ?? null,
    require_tls: email.require_tls ?? true,
  };
}

/** before = live (null: none), after = desired; a field only one type has counts when either side has it. */
export function diffReceivers(live: ReceiverRequest | null, desired: ReceiverRequest): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  for (const path of FIELDS) {
    const before = live === null ? undefined : live[path];
    const after = desired[path];
    if (before === undefined && after === undefined) continue;
    if (before !== after) diffs.push({ path, before, after });
  }
  return diffs;
}

/** One short hash per field of the live receiver: a later read tells whether it moved, and which fields. */
export function receiverFingerprint(receiver: AlertReceiver): LiveFingerprint {
  const request = receiverRequestOfLive(receiver);
  const out: Record<string, string> = {};
  for (const path of FIELDS) {
    if (request[path] !== undefined) out[path] = shortHash(JSON.stringify(request[path]));
  }
  return out;
}
