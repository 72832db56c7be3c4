/** Alert receivers as the service sends and takes them. Part of the service's types (src/service/types.ts says how they are written). */
import type { Open } from './open.js';

export const ALERT_RECEIVER_TYPES = ['SLACK', 'EMAIL'] as const;
export type AlertReceiverType = (typeof ALERT_RECEIVER_TYPES)[number];

/**
 * A receiver as the service answers it (getAlertReceivers, getAlertReceiver, and the writes). Secrets
 * (`webhook_url`, `auth_password`) are never returned. The fields of one type only are present.
 */
export interface AlertReceiver {
  readonly id: string;
  readonly name: string;
  readonly type: Open<AlertReceiverType>;
  readonly description?: string;
  readonly send_resolved?: boolean;
  readonly owner?: string | null;
  readonly severity?: string | null;
  readonly to?: string;
  readonly from?: string;
  readonly smarthost?: string;
  readonly auth_username?: string | null;
  readonly require_tls?: boolean;
}

/** AlertReceiverResponse: what the service answers, as the client reads it. */
export type AlertReceiverResponse = AlertReceiver;

interface ReceiverFields {
  readonly name: string;
  readonly description: string;
  readonly send_resolved: boolean;
  readonly owner: string | null;
  readonly severity: string | null;
}

interface EmailFields {
  readonly to: string;
  readonly from: string;
  readonly smarthost: string;
  readonly auth_username: string | null;
  readonly require_tls: boolean;
}

export interface SlackAlertReceiverCreationRequest extends ReceiverFields {
  readonly organization_id: string;
  readonly type: 'SLACK';
  readonly webhook_url: string;
}

export interface EmailAlertReceiverCreationRequest extends ReceiverFields, EmailFields {
  readonly organization_id: string;
  readonly type: 'EMAIL';
  readonly auth_password: string;
}

export type AlertReceiverCreationRequest =
  | SlackAlertReceiverCreationRequest
  | EmailAlertReceiverCreationRequest;

/** A PUT replaces the receiver; a secret sent as `null` keeps the stored value. */
export interface SlackAlertReceiverEditRequest extends ReceiverFields {
  readonly type: 'SLACK';
  readonly webhook_url: string | null;
}

export interface EmailAlertReceiverEditRequest extends ReceiverFields, EmailFields {
  readonly type: 'EMAIL';
  readonly auth_password: string | null;
}

export type AlertReceiverEditRequest = SlackAlertReceiverEditRequest | EmailAlertReceiverEditRequest;
