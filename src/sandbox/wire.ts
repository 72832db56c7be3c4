/**
 * The service's vocabulary as it appears on the wire, for validating what clients send and what seeds hold.
 * The canonical lists live in src/service/types.ts; only the wire spellings differ here.
 */
import {
  ALERT_RULE_STATES,
  ALERT_SEVERITIES,
  ALERT_TARGET_TYPES,
  CLOUD_PROVIDERS,
  CLUSTER_MODES,
  CONDITION_FUNCTIONS,
  CONDITION_KINDS,
  CONDITION_OPERATORS,
} from '../service/types.js';

export {
  ALERT_RULE_STATES,
  ALERT_SEVERITIES,
  CLOUD_PROVIDERS,
  CLUSTER_MODES,
  CONDITION_FUNCTIONS,
  CONDITION_KINDS,
  CONDITION_OPERATORS,
};

/** The service's description lists ' CLUSTER' with a leading space; that is what it sends. */
export const WIRE_CLUSTER = ' CLUSTER';

/** Target types a client may send: the wire spelling and the plain one. */
export const ACCEPTED_TARGET_TYPES: readonly string[] = [WIRE_CLUSTER, ...ALERT_TARGET_TYPES];

/** Maps an accepted target type to what the service stores and returns. */
export function toWireTargetType(type: string): string {
  return type.trim() === 'CLUSTER' ? WIRE_CLUSTER : type;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * ISO-8601 durations as the service accepts them: PnYnMnDTnHnMnS with at least one component, and a time
 * part that is not empty (PT alone is invalid). Weeks (PnW) stand alone.
 */
const DURATION =
  /^P(?!$)(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$|^P\d+W$/;

export function isIsoDuration(value: unknown): value is string {
  return typeof value === 'string' && DURATION.test(value);
}

/** http(s) URI with a host: what `format: uri` means for a runbook link in practice. */
export function isUri(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol.length > 1 && url.host.length > 0;
  } catch {
    return false;
  }
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

export const RECEIVER_TYPES = ['SLACK', 'EMAIL'] as const;
