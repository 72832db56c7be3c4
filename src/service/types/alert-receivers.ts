/**
 * Alert receivers as the service sends and takes them, named after the description's schemas. Part of the
 * service's types (src/service/types.ts says how they are written).
 *
 * The secrets (`webhook_url` of a Slack receiver, `auth_password` of an e-mail receiver) are write-only:
 * they appear in requests and never in an answer, so no answer type has them.
 */

export const ALERT_RECEIVER_TYPES = ['SLACK', 'EMAIL'] as const;
/** AlertReceiverType. */
export type AlertReceiverType = (typeof ALERT_RECEIVER_TYPES)[number];

/** The fields that can be secrets, per type: never returned, `null` in an edit keeps the stored value. */
export const RECEIVER_SECRET_FIELDS = { SLACK: 'webhook_url', EMAIL: 'auth_password' } as const;

/** What every receiver answer has, whatever its type (Base and the common part of the responses). */
export interface AlertReceiverCommon {
  readonly id: string;
  readonly created_at: string;
  readonly updated_at?: string | null;
  readonly name: string;
  readonly description: string;
  readonly send_resolved: boolean;
  readonly owner: string | null;
  readonly severity: string | null;
}

/** SlackAlertReceiverResponse (the webhook url is never returned). */
export interface SlackAlertReceiver extends AlertReceiverCommon {
  readonly type: 'SLACK';
}

/** EmailAlertReceiverResponse (the password is never returned). */
export interface EmailAlertReceiver extends AlertReceiverCommon {
  readonly type: 'EMAIL';
  readonly to: string;
  readonly from: string;
  /** `host:port`. */
  readonly smarthost: string;
  readonly auth_username: string | null;
  readonly require_tls: boolean;
}

/**
 * A receiver of a type this project does not know yet (the service may add types): read with its common
 * fields only, so that a rule naming it still resolves, and reported once as a notice.
 */
export interface UnknownTypeAlertReceiver extends AlertReceiverCommon {
  readonly type: string;
}

/** AlertReceiverResponse: one item of getAlertReceivers, or the answer of get/create/edit. */
export type AlertReceiver = SlackAlertReceiver | EmailAlertReceiver | UnknownTypeAlertReceiver;

/** Whether the receiver is of a type this project knows (and so has that type's fields). */
export function isKnownTypeReceiver(
  receiver: AlertReceiver,
): receiver is SlackAlertReceiver | EmailAlertReceiver {
  return (ALERT_RECEIVER_TYPES as readonly string[]).includes(receiver.type);
}

/** The fields every receiver write takes (AlertReceiverCreationRequestBase / AlertReceiverEditRequestBase). */
export interface AlertReceiverWriteCommon {
  readonly name: string;
  readonly description: string;
  readonly send_resolved: boolean;
  /** Left out of the request when undefined. */
  readonly owner?: string | null;
  readonly severity?: string | null;
}

interface EmailFields {
  readonly to: string;
  readonly from: string;
  readonly smarthost: string;
  readonly auth_username?: string | null;
  readonly require_tls: boolean;
}

export interface SlackAlertReceiverCreationRequest extends AlertReceiverWriteCommon {
  readonly type: 'SLACK';
  readonly webhook_url: string;
}

export interface EmailAlertReceiverCreationRequest extends AlertReceiverWriteCommon, EmailFields {
  readonly type: 'EMAIL';
  readonly auth_password: string;
}

/**
 * AlertReceiverCreationRequest without `organization_id`: the client takes the organization as an argument
 * of its own (createAlertReceiver, validateNewAlertReceiver) and puts it in the body.
 */
export type AlertReceiverCreationRequest =
  | SlackAlertReceiverCreationRequest
  | EmailAlertReceiverCreationRequest;

/** The secret is always said: a new value to send, or `null` to keep the stored one (never left out). */
export interface SlackAlertReceiverEditRequest extends AlertReceiverWriteCommon {
  readonly type: 'SLACK';
  readonly webhook_url: string | null;
}

export interface EmailAlertReceiverEditRequest extends AlertReceiverWriteCommon, EmailFields {
  readonly type: 'EMAIL';
  readonly auth_password: string | null;
}

/** AlertReceiverEditRequest: a PUT replaces the receiver; a secret sent as `null` keeps the stored value. */
export type AlertReceiverEditRequest = SlackAlertReceiverEditRequest | EmailAlertReceiverEditRequest;

/** AlertReceiverValidationRequest: the text of the test message (the service has its own when absent). */
export interface AlertReceiverValidationRequest {
  readonly message?: string;
}

/** AlertReceiverCreationValidationRequest: a receiver not created yet, tested with a message. */
export interface AlertReceiverCreationValidationRequest {
  readonly alert_receiver: AlertReceiverCreationRequest;
  readonly message?: string;
}
