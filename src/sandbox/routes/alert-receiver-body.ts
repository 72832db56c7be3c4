import { badRequest } from '../http-error.js';
import type { EmailSettings } from '../model.js';
import { isUri, RECEIVER_SECRET_FIELDS, RECEIVER_TYPES } from '../wire.js';
import { type Body, boolean, nonEmptyString, oneOf, string, uuid } from './body-fields.js';

/** The fields of a receiver write, as the sandbox stores them, and its secret apart. */
export interface ReceiverWrite {
  readonly type: (typeof RECEIVER_TYPES)[number];
  readonly name: string;
  readonly description: string;
  readonly send_resolved: boolean;
  /** Undefined when the request left it out (an edit then keeps the stored value). */
  readonly owner: string | null | undefined;
  readonly severity: string | null | undefined;
  readonly email: EmailSettings | null;
  /** The webhook url or the SMTP password; null when the request sent null or nothing (an edit keeps it). */
  readonly secret: string | null;
}

export interface ReceiverCreation extends ReceiverWrite {
  readonly organization_id: string;
  readonly secret: string;
}

/**
 * AlertReceiverCreationRequest: the base fields, and per type its own (SLACK `webhook_url`, a URI; EMAIL
 * `to`, `from`, `smarthost` as host:port, `auth_password`, `require_tls`). `prefix` names where the body
 * sits (`alert_receiver.` inside a validation request).
 */
export function readReceiverCreation(body: Body, prefix = ''): ReceiverCreation {
  const write = readReceiverWrite(body, prefix, 'create');
  if (write.secret === null) throw badRequest(`${prefix}${secretKey(write.type)}: is required`);
  return { ...write, organization_id: uuid(body, 'organization_id', prefix), secret: write.secret };
}

/** AlertReceiverEditRequest: the same fields without organization_id; a secret may be null (kept). */
export function readReceiverEdit(body: Body): ReceiverWrite {
  return readReceiverWrite(body, '', 'edit');
}

export function secretKey(type: ReceiverWrite['type']): 'webhook_url' | 'auth_password' {
  return RECEIVER_SECRET_FIELDS[type];
}

function readReceiverWrite(body: Body, prefix: string, mode: 'create' | 'edit'): ReceiverWrite {
  const type = oneOf(body, 'type', RECEIVER_TYPES, prefix);
  return {
    type,
    name: nonEmptyString(body, 'name', prefix),
    description: string(body, 'description', prefix),
    send_resolved: boolean(body, 'send_resolved', prefix),
    owner: optionalText(body, 'owner', prefix),
    severity: optionalText(body, 'severity', prefix),
    email: type === 'EMAIL' ? readEmail(body, prefix) : null,
    secret: readSecret(body, type, prefix, mode),
  };
}

function readEmail(body: Body, prefix: string): EmailSettings {
  return {
    to: email(body, 'to', prefix),
    from: email(body, 'from', prefix),
    smarthost: smarthost(body, prefix),
    auth_username: optionalText(body, 'auth_username', prefix) ?? null,
    require_tls: boolean(body, 'require_tls', prefix),
  };
}

/** Never echoed, not even in a refusal: the message names the field and what it must be, not the value. */
function readSecret(
  body: Body,
  type: ReceiverWrite['type'],
  prefix: string,
  mode: 'create' | 'edit',
): string | null {
  const key = secretKey(type);
  const value = body[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0) {
    throw badRequest(`${prefix}${key}: must be a non-empty string${mode === 'edit' ? ' or null' : ''}`);
  }
  if (key === 'webhook_url' && !isUri(value)) throw badRequest(`${prefix}${key}: must be an absolute URI`);
  return value;
}

function optionalText(body: Body, key: string, prefix: string): string | null | undefined {
  const value = body[key];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string') throw badRequest(`${prefix}${key}: must be a string or null`);
  return value;
}

/**
 * `format: email` as the description's validators read it (ajv-formats' pattern), so that the sandbox
 * refuses what the contract refuses, and no more.
 */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

function email(body: Body, key: string, prefix: string): string {
  const value = string(body, key, prefix);
  if (!EMAIL.test(value)) throw badRequest(`${prefix}${key}: must be an e-mail address`);
  return value;
}

/** "SMTP server in format 'host:port'": a host name or address, and a port from 1 to 65535. */
function smarthost(body: Body, prefix: string): string {
  const value = string(body, 'smarthost', prefix);
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/i.exec(value);
  const port = match ? Number(match[2]) : 0;
  if (!match || port < 1 || port > 65535) {
    throw badRequest(`${prefix}smarthost: must be host:port, such as smtp.example.com:587`);
  }
  return value;
}
