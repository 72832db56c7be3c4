import {
  type AlertObject,
  alertObjectById,
  created,
  type OperationRequest,
  organizationList,
  organizationNotFound,
  path,
  type RequestEffect,
} from './operation-request.js';
import type {
  AlertReceiverCreationRequest,
  AlertReceiverCreationValidationRequest,
  AlertReceiverEditRequest,
  AlertReceiverValidationRequest,
} from './types.js';

/**
 * The requests of the alert receivers, each built as data (operation-request.ts): list, read, create, edit,
 * delete, and the two tests that send a real message. A body carries only the fields the service takes, and
 * names the secrets it carries so that a refusal echoing one is redacted.
 */

const ALERT_RECEIVER: AlertObject = { noun: 'alert receiver', collection: '/alert-receivers' };

export function getAlertReceivers(organizationId: string): OperationRequest {
  return organizationList('getAlertReceivers', organizationId, 'alert-receivers', 'alert receivers');
}

const RECEIVER_CREATED = created('The alert receiver');

const TEST_MESSAGE_SENT: RequestEffect = {
  subject: 'The test message',
  done: 'sent',
  next: 'look at the receiver before testing it again, so that it is not sent twice',
};

export function createAlertReceiver(
  organizationId: string,
  body: AlertReceiverCreationRequest,
): OperationRequest {
  return {
    operation: 'createAlertReceiver',
    method: 'POST',
    path: '/alert-receivers',
    body: receiverCreationBody(organizationId, body),
    safety: 'create',
    effect: RECEIVER_CREATED,
    secrets: receiverSecrets(body),
    forbidden: `create alert receivers in organization ${organizationId}`,
    notFound: organizationNotFound(organizationId),
  };
}

export function getAlertReceiver(alertReceiverId: string): OperationRequest {
  return alertObjectById('getAlertReceiver', 'GET', ALERT_RECEIVER, alertReceiverId);
}

export function editAlertReceiver(alertReceiverId: string, body: AlertReceiverEditRequest): OperationRequest {
  return {
    ...alertObjectById('editAlertReceiver', 'PUT', ALERT_RECEIVER, alertReceiverId),
    body: receiverBody(body),
    // Repeating the PUT is safe with the secrets too: the same body leaves the same receiver.
    secrets: receiverSecrets(body),
  };
}

export function deleteAlertReceiver(alertReceiverId: string): OperationRequest {
  return alertObjectById('deleteAlertReceiver', 'DELETE', ALERT_RECEIVER, alertReceiverId);
}

export function validateNewAlertReceiver(
  organizationId: string,
  body: AlertReceiverCreationValidationRequest,
): OperationRequest {
  return {
    operation: 'validateNewAlertReceiver',
    method: 'POST',
    path: '/alert-receivers/validate',
    body: {
      alert_receiver: receiverCreationBody(organizationId, body.alert_receiver),
      ...(body.message !== undefined ? { message: body.message } : {}),
    },
    // It sends a real message: a repeat would send a second one.
    safety: 'create',
    effect: TEST_MESSAGE_SENT,
    secrets: receiverSecrets(body.alert_receiver),
    forbidden: `test alert receivers of organization ${organizationId}`,
    notFound: organizationNotFound(organizationId),
  };
}

export function validateExistingAlertReceiver(
  alertReceiverId: string,
  body: AlertReceiverValidationRequest = {},
): OperationRequest {
  return {
    operation: 'validateExistingAlertReceiver',
    method: 'POST',
    path: path`/alert-receivers/${alertReceiverId}/validate`,
    body: body.message !== undefined ? { message: body.message } : {},
    safety: 'create',
    effect: TEST_MESSAGE_SENT,
    forbidden: `test alert receiver ${alertReceiverId}`,
    notFound: `alert receiver ${alertReceiverId} was not found: it may have been deleted`,
  };
}

/**
 * The fields a receiver write takes, in the description's order, and nothing else from the caller's object
 * (a document's position or source never rides along). `owner`, `severity` and `auth_username` are sent
 * only when given. The secret is always sent: its value, or in an edit an explicit `null` that keeps the
 * stored one.
 */
function receiverBody(body: AlertReceiverCreationRequest | AlertReceiverEditRequest) {
  const common = {
    name: body.name,
    description: body.description,
    type: body.type,
    send_resolved: body.send_resolved,
    ...(body.owner !== undefined ? { owner: body.owner } : {}),
    ...(body.severity !== undefined ? { severity: body.severity } : {}),
  };
  if (body.type === 'SLACK') return { ...common, webhook_url: body.webhook_url ?? null };
  return {
    ...common,
    to: body.to,
    from: body.from,
    smarthost: body.smarthost,
    ...(body.auth_username !== undefined ? { auth_username: body.auth_username } : {}),
    auth_password: body.auth_password ?? null,
    require_tls: body.require_tls,
  };
}

function receiverCreationBody(organizationId: string, body: AlertReceiverCreationRequest) {
  return { organization_id: organizationId, ...receiverBody(body) };
}

function receiverSecrets(body: AlertReceiverCreationRequest | AlertReceiverEditRequest): string[] {
  const value = body.type === 'SLACK' ? body.webhook_url : body.auth_password;
  return typeof value === 'string' && value !== '' ? [value] : [];
}
