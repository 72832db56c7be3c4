import { badRequest } from '../http-error.js';
import type { Receiver, SentTestMessage } from '../model.js';
import { liveReceivers, receiverResponse } from '../receiver-state.js';
import type { SandboxStore } from '../state.js';
import { isPlainObject } from '../wire.js';
import {
  type ReceiverCreation,
  type ReceiverWrite,
  readReceiverCreation,
  readReceiverEdit,
  secretKey,
} from './alert-receiver-body.js';
import { type Body, required } from './body-fields.js';
import {
  type Answer,
  accessibleById,
  objectBody,
  organizationFromPath,
  type RequestContext,
  writableOrganization,
} from './request-context.js';

/** getAlertReceivers: the organization's receivers as the service returns them (never a secret). */
export function getAlertReceivers(context: RequestContext): Answer {
  const organizationId = organizationFromPath(context);
  return { status: 200, body: { results: liveReceivers(context.store, organizationId) } };
}

export function getAlertReceiver(context: RequestContext): Answer {
  return { status: 200, body: receiverResponse(accessibleReceiver(context)) };
}

/** createAlertReceiver: 201 with the receiver, its secret stored apart and never in the answer. */
export function createAlertReceiver(context: RequestContext): Answer {
  const request = readReceiverCreation(objectBody(context));
  writableOrganization(context, request.organization_id, 'create alert receivers');
  const store = context.store;
  store.createdReceivers += 1;
  const receiver: Receiver = {
    ...stored(request, null),
    organization_id: request.organization_id,
    id: createdReceiverId(store.createdReceivers),
    created_at: now(store),
    updated_at: null,
  };
  store.receivers.set(receiver.id, receiver);
  store.receiverSecrets.set(receiver.id, request.secret);
  return { status: 201, body: receiverResponse(receiver) };
}

/**
 * editAlertReceiver: a PUT replaces the receiver. A secret sent as null (or left out) keeps the stored
 * one; a change of type needs the new type's secret, since the stored one belongs to the old type.
 */
export function editAlertReceiver(context: RequestContext): Answer {
  const current = accessibleReceiver(context);
  const request = readReceiverEdit(objectBody(context));
  if (request.type !== current.type && request.secret === null) {
    throw badRequest(`${secretKey(request.type)}: is required to change the type to ${request.type}`);
  }
  const store = context.store;
  const updated: Receiver = { ...current, ...stored(request, current), updated_at: now(store) };
  store.receivers.set(updated.id, updated);
  if (request.secret !== null) store.receiverSecrets.set(updated.id, request.secret);
  return { status: 200, body: receiverResponse(updated) };
}

/**
 * deleteAlertReceiver: 204. The description declares no refusal for a receiver rules still name, so the
 * sandbox deletes it and the rules keep its id (docs/reference/sandbox.md): their next edit is refused until the id
 * is replaced, which is why a plan refuses such a delete before writing anything.
 */
export function deleteAlertReceiver(context: RequestContext): Answer {
  const receiver = accessibleReceiver(context);
  context.store.receivers.delete(receiver.id);
  context.store.receiverSecrets.delete(receiver.id);
  return { status: 204 };
}

/** validateNewAlertReceiver: the receiver is checked as a create would be, then its test message "sent". */
export function validateNewAlertReceiver(context: RequestContext): Answer {
  const body = objectBody(context);
  const inner = required(body, 'alert_receiver');
  if (!isPlainObject(inner)) throw badRequest('alert_receiver: must be an object');
  const request = readReceiverCreation(inner, 'alert_receiver.');
  writableOrganization(context, request.organization_id, 'test alert receivers');
  deliver(context.store, request, request.secret, {
    operation: 'validateNewAlertReceiver',
    receiver_id: null,
    organization_id: request.organization_id,
    message: messageOf(body, request.name),
  });
  return { status: 200 };
}

/** validateExistingAlertReceiver: a test message through the stored receiver, with its stored secret. */
export function validateExistingAlertReceiver(context: RequestContext): Answer {
  const receiver = accessibleReceiver(context);
  // The body is optional in the description: none is a test with the service's own text.
  const body = context.body === undefined ? {} : objectBody(context);
  deliver(context.store, receiver, context.store.receiverSecrets.get(receiver.id) ?? null, {
    operation: 'validateExistingAlertReceiver',
    receiver_id: receiver.id,
    organization_id: receiver.organization_id,
    message: messageOf(body, receiver.name),
  });
  return { status: 200 };
}

/** Ids of created receivers count up from a fixed prefix, so that a test's snapshots do not change. */
export function createdReceiverId(counter: number): string {
  return `5e1ec7ed-0000-4000-8001-${counter.toString(16).padStart(12, '0')}`;
}

/**
 * Nothing leaves the sandbox: the message is recorded. A receiver whose destination is under the reserved
 * `.invalid` domain (a webhook url, an SMTP host) cannot be reached, and the refusal says so as the service
 * would, without the secret.
 */
function deliver(
  store: SandboxStore,
  receiver: Pick<Receiver, 'name' | 'type' | 'email'>,
  secret: string | null,
  message: Pick<SentTestMessage, 'operation' | 'receiver_id' | 'organization_id' | 'message'>,
): void {
  const host =
    receiver.type === 'SLACK'
      ? secret !== null && URL.canParse(secret)
        ? new URL(secret).hostname
        : ''
      : (receiver.email?.smarthost.replace(/:\d+$/, '') ?? '');
  if (host.toLowerCase().endsWith('.invalid')) {
    const where = receiver.type === 'SLACK' ? 'the Slack webhook' : `the SMTP server ${host}`;
    throw badRequest(`the test message could not be delivered: ${where} cannot be reached`);
  }
  store.testMessages.push({ ...message, name: receiver.name, type: receiver.type, sent_at: now(store) });
}

function messageOf(body: Body, name: string): string {
  const message = body.message;
  if (message === undefined || message === null) return `Test message for alert receiver ${name}`;
  if (typeof message !== 'string') throw badRequest('message: must be a string');
  return message;
}

/** The stored fields of a write; an edit that leaves owner or severity out keeps them. */
function stored(
  request: ReceiverWrite | ReceiverCreation,
  current: Receiver | null,
): Pick<Receiver, 'type' | 'name' | 'description' | 'send_resolved' | 'owner' | 'severity' | 'email'> {
  return {
    type: request.type,
    name: request.name,
    description: request.description,
    send_resolved: request.send_resolved,
    owner: request.owner === undefined ? (current?.owner ?? null) : request.owner,
    severity: request.severity === undefined ? (current?.severity ?? null) : request.severity,
    email: request.email,
  };
}

function accessibleReceiver(context: RequestContext): Receiver {
  return accessibleById(context, 'alertReceiverId', context.store.receivers, 'alert receiver');
}

function now(store: SandboxStore): string {
  return new Date(store.clock.now()).toISOString();
}
