import { ALERT_RECEIVER_TYPES, type AlertReceiver } from '../types.js';
import {
  array,
  at,
  type DecodeContext,
  DecodeError,
  type Json,
  object,
  openEnum,
  optStr,
  str,
} from './read.js';

/** getAlertReceivers: `{results: (slack | email)[]}`. */
export function decodeAlertReceiverList(body: unknown, ctx: DecodeContext): AlertReceiver[] {
  return array(object(body, ''), 'results', '').map((item, i) =>
    decodeAlertReceiver(item, at('results', i), ctx),
  );
}

/**
 * One receiver (a list item, getAlertReceiver, and the answers of the writes). The fields of its type are
 * read when present; a secret the service would send anyway is never kept.
 */
export function decodeAlertReceiver(item: unknown, where: string, ctx: DecodeContext): AlertReceiver {
  const o = object(item, where);
  const description = optStr(o, 'description', where);
  const receiver: Record<string, unknown> = {
    id: str(o, 'id', where),
    name: str(o, 'name', where),
    type: openEnum(str(o, 'type', where), ALERT_RECEIVER_TYPES, 'alert receiver type', ctx),
    ...(description !== undefined ? { description } : {}),
  };
  for (const key of ['send_resolved', 'require_tls'] as const) {
    const value = optBool(o, key, where);
    if (value !== undefined) receiver[key] = value;
  }
  for (const key of ['to', 'from', 'smarthost'] as const) {
    const value = optStr(o, key, where);
    if (value !== undefined) receiver[key] = value;
  }
  for (const key of ['owner', 'severity', 'auth_username'] as const) {
    if (Object.hasOwn(o, key)) receiver[key] = optStr(o, key, where) ?? null;
  }
  return receiver as unknown as AlertReceiver;
}

function optBool(o: Json, key: string, where: string): boolean | undefined {
  const value = o[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new DecodeError(at(where, key), 'a boolean');
  return value;
}
