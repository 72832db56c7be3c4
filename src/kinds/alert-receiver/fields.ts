/**
 * A receiver's fields as a plan compares them: the document's with their defaults, the live receiver's as
 * the service answered, both in the shape of the request (secrets aside: the service never returns them).
 */
import { shortHash } from '../../core/crypto-on-demand.js';
import type { AlertReceiverSpec } from '../../documents/types.js';
import type { ReceiverRequest } from '../../model/alert-receiver-change.js';
import type { FieldDiff } from '../../model/change.js';
import type { AlertReceiver } from '../../service/types.js';
import type { LiveFingerprint } from '../alert-rule/fingerprint.js';

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

/** A receiver's fields as a document or the service gives them: any but the name may be left out. */
interface GivenReceiverFields {
  readonly name: string;
  readonly description?: string | null;
  readonly send_resolved?: boolean | null;
  readonly owner?: string | null;
  readonly severity?: string | null;
  readonly to?: string | null;
  readonly from?: string | null;
  readonly smarthost?: string | null;
  readonly auth_username?: string | null;
  readonly require_tls?: boolean | null;
}

/**
 * The fields of a receiver of `type` with the defaults the schema documents for those left out
 * (description '', send_resolved and require_tls true, owner, severity and auth_username null); the email
 * fields for an EMAIL receiver only.
 */
function withDefaults(given: GivenReceiverFields, type: ReceiverRequest['type']): ReceiverRequest {
  const common = {
    name: given.name,
    description: given.description ?? '',
    type,
    send_resolved: given.send_resolved ?? true,
    owner: given.owner ?? null,
    severity: given.severity ?? null,
  };
  if (type !== 'EMAIL') return common;
  return {
    ...common,
    to: given.to ?? '',
    from: given.from ?? '',
    smarthost: given.smarthost ?? '',
    auth_username: given.auth_username ?? null,
    require_tls: given.require_tls ?? true,
  };
}

/** The document's fields with their defaults. */
export function receiverRequestOfSpec(spec: AlertReceiverSpec): ReceiverRequest {
  return withDefaults(spec, spec.type);
}

/**
 * The live receiver in the request's shape: a field the answer left out reads as its default. A type this
 * version does not know is kept as the service spells it, so that it differs from any document's.
 */
export function receiverRequestOfLive(receiver: AlertReceiver): ReceiverRequest {
  return withDefaults(receiver, receiver.type as ReceiverRequest['type']);
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
