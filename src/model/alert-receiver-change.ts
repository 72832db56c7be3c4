/**
 * An alert receiver's change (src/kinds/alert-receiver/ plans and writes it). A receiver's secret never
 * travels in a plan: a change names the environment variable it is read from when apply sends it
 * (docs/decisions/alert-receivers.md).
 */
import type { ReceiverSecretField } from '../documents/receiver-secrets.js';
import type { ChangeParts, LiveFingerprint } from './change.js';

/** What a receiver's create or edit sends besides its secret (organization_id is the change's). */
export interface ReceiverRequest {
  readonly name: string;
  readonly description: string;
  readonly type: 'SLACK' | 'EMAIL';
  readonly send_resolved: boolean;
  readonly owner: string | null;
  readonly severity: string | null;
  readonly to?: string;
  readonly from?: string;
  readonly smarthost?: string;
  readonly auth_username?: string | null;
  readonly require_tls?: boolean;
}

/** A secret apply sends: the field, and the environment variable its value is read from at the write. */
export interface SecretSend {
  readonly field: ReceiverSecretField;
  readonly env: string;
}

/** The secrets never appear in `diff`: the service never returns one. */
interface ReceiverChangeBase extends ChangeParts {
  readonly kind: 'AlertReceiver';
  readonly type: string;
}

/** A receiver the service does not have: POST, its secret sent. */
export interface ReceiverCreate extends ReceiverChangeBase {
  readonly action: 'create';
  readonly id: null;
  readonly request: ReceiverRequest;
  readonly secrets: readonly SecretSend[];
}

/**
 * A live receiver that differs from its document, or whose secret is rotated: PUT. `secrets` empty: each
 * secret is sent as `null`, which keeps the stored value (the service never returns it, so no diff sees it).
 */
export interface ReceiverUpdate extends ReceiverChangeBase {
  readonly action: 'update';
  readonly id: string;
  readonly against: LiveFingerprint;
  readonly request: ReceiverRequest;
  readonly secrets: readonly SecretSend[];
  /** Why the secret is sent: rotation asked (`--rotate-secrets`), or a new type needs its own secret. */
  readonly secretsWhy?: 'rotation' | 'type changed';
}

/** A live receiver whose document git removed, with prune on: DELETE, after the rules' writes. */
export interface ReceiverDelete extends ReceiverChangeBase {
  readonly action: 'delete';
  readonly id: string;
  readonly against: LiveFingerprint;
}

export interface ReceiverNoop extends ReceiverChangeBase {
  readonly action: 'noop';
  readonly id: string;
}

export type ReceiverChange = ReceiverCreate | ReceiverUpdate | ReceiverDelete | ReceiverNoop;
export type PendingReceiverChange = ReceiverCreate | ReceiverUpdate | ReceiverDelete;

/** A live receiver of an organization read that no document manages (made outside git): listed, never touched. */
export interface UnmanagedReceiver {
  readonly kind: 'AlertReceiver';
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly organizationId: string;
}
