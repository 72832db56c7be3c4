/**
 * An alert receiver's write (docs/decisions/alert-receivers.md). Each secret is read from the environment
 * at the write, registered with the redactor, and sent to the service and nowhere else; an update that is
 * not sending it sends `null`, which keeps the stored value. Its creates and updates are written before
 * the rules (a rule may name a receiver created here), its deletes after them (a rule the apply updates may
 * stop naming it first), and a delete waits for a next run when a rule's write failed.
 */
import { tooWeakToHide } from '../../core/secret-strength.js';
import type { PendingReceiverChange, ReceiverRequest } from '../../model/alert-receiver-change.js';
import type { WriteResult } from '../../model/change.js';
import { type Change, changesOfKind } from '../../model/types.js';
import { ApiError } from '../../service/errors.js';
import type {
  AlertReceiver,
  AlertReceiverCreationRequest,
  AlertReceiverEditRequest,
  ServiceClient,
} from '../../service/types.js';
import type { Readiness, WriteOptions, WriteOutcome } from '../change-kind.js';
import { receiverStoredDifferently } from './converged.js';

/** A delete is not sent when a rule's write failed: that rule may still name the receiver. */
export function receiverReady(
  change: PendingReceiverChange,
  written: readonly Change[],
): Readiness<PendingReceiverChange> {
  if (change.action !== 'delete') return { send: change };
  const ruleFailed = changesOfKind(written, 'AlertRule').some((c) => c.result?.ok === false);
  return ruleFailed
    ? { notSent: 'a write of an alert rule failed, and that rule may still name this receiver' }
    : { send: change };
}

export async function writeReceiver(
  change: PendingReceiverChange,
  client: ServiceClient,
  options: WriteOptions,
): Promise<WriteOutcome> {
  try {
    if (change.action === 'delete') {
      await client.deleteAlertReceiver(change.id);
      return { id: change.id, ok: true, status: 204, converged: true };
    }
    const secrets: Record<string, string | null> = {};
    for (const secret of change.secrets) {
      const value = options.env[secret.env];
      if (value === undefined || value === '') {
        return notSent(change, `the environment variable ${secret.env} (its \`${secret.field}\`) is not set`);
      }
      const weak = tooWeakToHide(value);
      if (weak !== null) {
        return notSent(
          change,
          `the environment variable ${secret.env} (its \`${secret.field}\`) holds a value too weak to hide: ${weak}`,
        );
      }
      options.redactor.add(value);
      secrets[secret.field] = value;
    }
    if (change.action === 'create') {
      // The client puts the organization in the body; the secrets complete the request of the plan.
      const body = { ...change.request, ...secrets } as unknown as AlertReceiverCreationRequest;
      const stored = await client.createAlertReceiver(change.organizationId, body);
      return written(change.request, stored, 201);
    }
    // Explicitly null: the description's way of keeping the stored secret.
    const kept = change.request.type === 'SLACK' ? { webhook_url: null } : { auth_password: null };
    const body = { ...change.request, ...kept, ...secrets };
    const stored = await client.editAlertReceiver(change.id, body as unknown as AlertReceiverEditRequest);
    return written(change.request, stored, 200);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { id: change.id, ok: false, status: error.status, error: error.message, failure: error };
  }
}

/**
 * The write's answer against what was sent (converged.ts, as for the rules: no extra read). A receiver
 * stored differently fails its write: the rules that page it would page something not reviewed.
 */
function written(sent: ReceiverRequest, stored: AlertReceiver, status: number): WriteResult {
  const differences = receiverStoredDifferently(sent, stored);
  if (differences.length === 0) return { id: stored.id, ok: true, status, converged: true };
  const fields = differences
    .map((d) => `${d.path} (sent ${JSON.stringify(d.before)}, stored ${JSON.stringify(d.after)})`)
    .join(', ');
  return {
    id: stored.id,
    ok: false,
    status,
    converged: false,
    storedDifferently: differences,
    error: `The service stored it differently from what was sent: ${fields}; the next plan shows the difference.`,
  };
}

function notSent(change: PendingReceiverChange, why: string): WriteResult {
  return { id: change.id, ok: false, status: null, notSent: true, error: `Not sent: ${why}.` };
}
