import { canAccess } from '../authenticate.js';
import { badRequest, forbidden, notFound } from '../http-error.js';
import type { Receiver } from '../model.js';
import type { SandboxStore } from '../state.js';
import { isUri, isUuid, RECEIVER_TYPES } from '../wire.js';
import {
  type Answer,
  accessibleOrganization,
  objectBody,
  organizationFromPath,
  type RequestContext,
  uuidParam,
} from './request-context.js';

/** getAlertReceivers: the organization's receivers as the service returns them (never a secret). */
export function getAlertReceivers(context: RequestContext): Answer {
  const organizationId = organizationFromPath(context);
  const results = [...context.store.receivers.values()]
    .filter((r) => r.organization_id === organizationId)
    .map(receiverResponse);
  return { status: 200, body: { results } };
}

/** createAlertReceiver: every field of the type required, its secret too (kept, never answered). */
export function createAlertReceiver(context: RequestContext): Answer {
  const body = objectBody(context);
  const organizationId = requiredString(body, 'organization_id');
  if (!isUuid(organizationId)) throw badRequest('organization_id: must be a uuid');
  if (!context.store.seed.organizations.some((o) => o.id === organizationId)) {
    throw badRequest(`organization_id: organization ${organizationId} does not exist`);
  }
  if (!canAccess(context.grant, organizationId)) {
    throw forbidden(`this token may not create alert receivers in organization ${organizationId}`);
  }
  const fields = readReceiverFields(body);
  const secret = secretOf(fields.type);
  const value = body[secret];
  if (typeof value !== 'string' || value === '')
    throw badRequest(`${secret}: required for a ${fields.type} receiver`);
  if (secret === 'webhook_url' && !isUri(value)) throw badRequest('webhook_url: must be a URI');
  const store = context.store;
  store.createdReceivers += 1;
  const receiver: Receiver = {
    ...fields,
    organization_id: organizationId,
    id: `5e1ec7ed-0000-4000-8000-${(0x100000 + store.createdReceivers).toString(16).padStart(12, '0')}`,
    created_at: new Date(store.clock.now()).toISOString(),
  };
  store.receivers.set(receiver.id, receiver);
  secretsOf(store).set(receiver.id, value);
  return { status: 201, body: receiverResponse(receiver) };
}

export function getAlertReceiver(context: RequestContext): Answer {
  return { status: 200, body: receiverResponse(accessibleReceiver(context)) };
}

/** editAlertReceiver: a PUT replaces the receiver; its secret sent as `null` (or left out) keeps the stored one. */
export function editAlertReceiver(context: RequestContext): Answer {
  const current = accessibleReceiver(context);
  const body = objectBody(context);
  if (Object.hasOwn(body, 'organization_id')) throw badRequest('organization_id: cannot be edited');
  const fields = readReceiverFields(body);
  const secret = secretOf(fields.type);
  const value = body[secret];
  const secrets = secretsOf(context.store);
  if (value !== null && value !== undefined) {
    if (typeof value !== 'string' || value === '') throw badRequest(`${secret}: must be a string or null`);
    if (secret === 'webhook_url' && !isUri(value)) throw badRequest('webhook_url: must be a URI');
    secrets.set(current.id, value);
  } else if (fields.type !== current.type) {
    throw badRequest(`${secret}: required when a receiver becomes ${fields.type}`);
  }
  const updated: Receiver = {
    ...fields,
    organization_id: current.organization_id,
    id: current.id,
    created_at: current.created_at,
    updated_at: new Date(context.store.clock.now()).toISOString(),
  };
  context.store.receivers.set(updated.id, updated);
  return { status: 200, body: receiverResponse(updated) };
}

/** deleteAlertReceiver: 204. */
export function deleteAlertReceiver(context: RequestContext): Answer {
  const receiver = accessibleReceiver(context);
  context.store.receivers.delete(receiver.id);
  secretsOf(context.store).delete(receiver.id);
  return { status: 204 };
}

/** The answer: every field but the organization (not part of it) and the secret (never returned). */
function receiverResponse(receiver: Receiver): Record<string, unknown> {
  const { organization_id: _organization, webhook_url: _url, auth_password: _password, ...answer } = receiver;
  return answer;
}

function accessibleReceiver(context: RequestContext): Receiver {
  const id = uuidParam(context, 'alertReceiverId');
  const receiver = context.store.receivers.get(id);
  if (!receiver) throw notFound(`alert receiver ${id} not found`);
  if (!canAccess(context.grant, receiver.organization_id)) {
    throw forbidden(`this token may not access alert receiver ${id}`);
  }
  accessibleOrganization(context, receiver.organization_id);
  return receiver;
}

interface ReceiverFields {
  readonly type: string;
  readonly name: string;
  readonly [field: string]: unknown;
}

/** The fields both requests share, and those of the type (AlertReceiverCreationRequestBase and its two kinds). */
function readReceiverFields(body: Readonly<Record<string, unknown>>): ReceiverFields {
  const type = requiredString(body, 'type');
  if (!(RECEIVER_TYPES as readonly string[]).includes(type)) throw badRequest('type: must be SLACK or EMAIL');
  const send = body.send_resolved;
  if (typeof send !== 'boolean') throw badRequest('send_resolved: required, a boolean');
  const common = {
    type,
    name: requiredString(body, 'name'),
    description: requiredString(body, 'description'),
    send_resolved: send,
    owner: nullableString(body, 'owner'),
    severity: nullableString(body, 'severity'),
  };
  if (type === 'SLACK') return common;
  const requireTls = body.require_tls;
  if (typeof requireTls !== 'boolean') throw badRequest('require_tls: required, a boolean');
  return {
    ...common,
    to: requiredString(body, 'to'),
    from: requiredString(body, 'from'),
    smarthost: requiredString(body, 'smarthost'),
    auth_username: nullableString(body, 'auth_username'),
    require_tls: requireTls,
  };
}

function requiredString(body: Readonly<Record<string, unknown>>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string') throw badRequest(`${key}: required, a string`);
  return value;
}

function nullableString(body: Readonly<Record<string, unknown>>, key: string): string | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest(`${key}: must be a string or null`);
  return value;
}

function secretOf(type: string): 'webhook_url' | 'auth_password' {
  return type === 'SLACK' ? 'webhook_url' : 'auth_password';
}

/** The stored secrets, by receiver id: what a real service keeps and never returns. */
const SECRETS = new WeakMap<SandboxStore, Map<string, string>>();

function secretsOf(store: SandboxStore): Map<string, string> {
  let secrets = SECRETS.get(store);
  if (secrets === undefined) {
    secrets = new Map();
    SECRETS.set(store, secrets);
  }
  return secrets;
}
