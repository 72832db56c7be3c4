/**
 * The service's vocabulary as it appears on the wire, for validating what clients send and what seeds hold.
 * The canonical lists live in src/service/types.ts; only the wire spellings differ here.
 */

import {
  ALERT_RECEIVER_TYPES,
  ALERT_RULE_STATES,
  ALERT_SEVERITIES,
  ALERT_TARGET_TYPES,
  CLOUD_PROVIDERS,
  CLUSTER_MODES,
  CONDITION_FUNCTIONS,
  CONDITION_KINDS,
  CONDITION_OPERATORS,
  RECEIVER_SECRET_FIELDS,
} from '../service/types.js';

export {
  ALERT_RULE_STATES,
  ALERT_SEVERITIES,
  CLOUD_PROVIDERS,
  CLUSTER_MODES,
  CONDITION_FUNCTIONS,
  CONDITION_KINDS,
  CONDITION_OPERATORS,
  RECEIVER_SECRET_FIELDS,
};

/** The service's description lists ' CLUSTER' with a leading space; that is what it sends. */
export const WIRE_CLUSTER = ' CLUSTER';

/** Target types a client may send: exactly the description's enumeration (' CLUSTER', leading space). */
export const ACCEPTED_TARGET_TYPES: readonly string[] = [
  WIRE_CLUSTER,
  ...ALERT_TARGET_TYPES.filter((type) => type !== 'CLUSTER'),
];

/** Target types a seed (or a test arranging state) may write: the wire spelling and the plain one. */
export const SEED_TARGET_TYPES: readonly string[] = [WIRE_CLUSTER, ...ALERT_TARGET_TYPES];

/** Maps an accepted target type to what the service stores and returns (seeds may say CLUSTER). */
export function toWireTargetType(type: string): string {
  return type.trim() === 'CLUSTER' ? WIRE_CLUSTER : type;
}

/** The project's one duration grammar (whole numbers only: the service refuses PT0.5S). */
export { isIsoDuration } from '../core/duration.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` is a UUID as the service writes its ids (any case). Given a string, a plain yes or no;
 * given anything else (a request's field), it also tells the compiler the value is a string.
 */
export function isUuid(value: string): boolean;
export function isUuid(value: unknown): value is string;
export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value);
}

/** A JSON object as parsed: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An absolute URI (RFC 3986: a scheme, then anything): what `format: uri` means. mailto: and urn: are
 * absolute URIs too; the service is not stricter than its description.
 */
export function isUri(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(value) && URL.canParse(value);
}

export const DEPLOYMENT_ACTION_STATUSES = [
  'QUEUED',
  'ONGOING',
  'SUCCESS',
  'ERROR',
  'CANCELED',
  'CANCELING',
  'NEVER',
] as const;

export const RECEIVER_TYPES = ALERT_RECEIVER_TYPES;
