import {
  ALERT_RECEIVER_TYPES,
  type AlertReceiver,
  type AlertReceiverCommon,
  type EmailAlertReceiver,
} from '../types.js';
import {
  array,
  at,
  bool,
  type DecodeContext,
  type Json,
  nullableStr,
  object,
  openEnum,
  optStr,
  str,
} from './read.js';

/**
 * Receivers as the service answers them (AlertReceiverResponse). Each is built field by field from what
 * the description declares, so that a secret the service should never send (`webhook_url`,
 * `auth_password`) could not travel further even if it did.
 */

/** getAlertReceivers: `{results: (slack | email)[]}`. */
export function decodeAlertReceiverList(body: unknown, ctx: DecodeContext): AlertReceiver[] {
  return array(object(body, ''), 'results', '').map((item, i) =>
    decodeAlertReceiver(item, at('results', i), ctx),
  );
}

/** getAlertReceiver, createAlertReceiver, editAlertReceiver: one receiver. */
export function decodeOneAlertReceiver(body: unknown, ctx: DecodeContext): AlertReceiver {
  return decodeAlertReceiver(body, '', ctx);
}

/**
 * One receiver. A type this project does not know is kept with its common fields and reported once (a
 * rule may name it); a known type must have its own fields.
 */
export function decodeAlertReceiver(value: unknown, where: string, ctx: DecodeContext): AlertReceiver {
  const o = object(value, where);
  const type = openEnum<string>(str(o, 'type', where), ALERT_RECEIVER_TYPES, 'alert receiver type', ctx);
  const common = commonFields(o, where);
  if (type === 'SLACK') return { ...common, type };
  if (type === 'EMAIL') return { ...common, type, ...emailFields(o, where) };
  return { ...common, type };
}

function commonFields(o: Json, where: string): AlertReceiverCommon {
  const updatedAt = optStr(o, 'updated_at', where);
  return {
    id: str(o, 'id', where),
    created_at: str(o, 'created_at', where),
    ...(updatedAt !== undefined ? { updated_at: updatedAt } : {}),
    name: str(o, 'name', where),
    // An empty description may come back as null; a PUT sends it as a string again.
    description: optStr(o, 'description', where) ?? '',
    send_resolved: bool(o, 'send_resolved', where),
    owner: nullableStr(o, 'owner', where),
    severity: nullableStr(o, 'severity', where),
  };
}

function emailFields(o: Json, where: string): Omit<EmailAlertReceiver, keyof AlertReceiverCommon | 'type'> {
  return {
    to: str(o, 'to', where),
    from: str(o, 'from', where),
    smarthost: str(o, 'smarthost', where),
    auth_username: nullableStr(o, 'auth_username', where),
    require_tls: bool(o, 'require_tls', where),
  };
}
