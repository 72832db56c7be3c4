/**
 * The receivers' writes of a plan, in the two places of one apply (docs/decisions/alert-receivers.md):
 * creates and updates before the rules (a rule may name a receiver created here), deletes after them
 * (a rule the apply updates may stop naming it first). Each secret is read from the environment at the
 * write, registered with the redactor, and sent to the service and nowhere else; an update that is not
 * sending it sends `null`, which keeps the stored value.
 */
import { mapWithConcurrency } from '../core/concurrency.js';
import type { Redactor } from '../core/redact.js';
import { tooWeakToHide } from '../core/secret-strength.js';
import { admittedReceivers } from '../plan/receiver-gate.js';
import { isNewReceiverId, newReceiverId, type ReceiverChange } from '../plan/receiver-types.js';
import {
  admittedChanges,
  held,
  type PendingChange,
  type Plan,
  pendingChanges,
  type WriteResult,
  withPendingReplaced,
} from '../plan/types.js';
import { ApiError } from '../service/errors.js';
import type {
  AlertReceiverCreationRequest,
  AlertReceiverEditRequest,
  ServiceClient,
} from '../service/types.js';

export interface ReceiverApplyOptions {
  readonly concurrency: number;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly redactor: Redactor;
  readonly progress?: (line: string) => void;
}

/** The phase of one apply: receivers created and updated first, deleted last. */
export type ReceiverPhase = 'before rules' | 'after rules';

export async function applyReceivers(
  plan: Plan,
  client: ServiceClient,
  phase: ReceiverPhase,
  options: ReceiverApplyOptions,
): Promise<Plan> {
  const writes = admittedReceivers(plan).filter((c) => (c.action === 'delete') === (phase === 'after rules'));
  if (writes.length === 0) return plan;
  // A rule write that failed may still name a receiver this apply deletes: the delete waits for a next run.
  const ruleFailed = phase === 'after rules' && admittedChanges(plan).some((c) => c.result?.ok === false);
  const results = await mapWithConcurrency(writes, options.concurrency, async (change) => {
    const result = ruleFailed
      ? notSent(change, 'a write of an alert rule failed, and that rule may still name this receiver')
      : await writeReceiver(change, client, options);
    options.progress?.(progressLine(change, result));
    return [change, result] as const;
  });
  const byChange = new Map<ReceiverChange, WriteResult>(results);
  return {
    ...plan,
    receivers: (plan.receivers ?? []).map((c) => (byChange.has(c) ? { ...c, result: byChange.get(c)! } : c)),
  };
}

async function writeReceiver(
  change: ReceiverChange,
  client: ServiceClient,
  options: ReceiverApplyOptions,
): Promise<WriteResult> {
  if (change.action === 'noop') return { id: change.id, ok: true, status: null };
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
      return { id: stored.id, ok: true, status: 201, converged: true };
    }
    // Explicitly null: the description's way of keeping the stored secret.
    const kept = change.request.type === 'SLACK' ? { webhook_url: null } : { auth_password: null };
    const body = { ...change.request, ...kept, ...secrets };
    const stored = await client.editAlertReceiver(change.id, body as unknown as AlertReceiverEditRequest);
    return { id: stored.id, ok: true, status: 200, converged: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { id: change.id, ok: false, status: error.status, error: error.message };
  }
}

function notSent(change: ReceiverChange, why: string): WriteResult {
  return { id: change.id, ok: false, status: null, notSent: true, error: `Not sent: ${why}.` };
}

/**
 * The rules' requests with each receiver created by this apply in place of its name (newReceiverId); a
 * rule naming one that was not created is held, and so not written.
 */
export function withCreatedReceiverIds(plan: Plan): Plan {
  const created = new Map<string, string>();
  for (const change of plan.receivers ?? []) {
    if (change.action === 'create' && change.result?.ok && change.result.id) {
      created.set(`${change.organizationId}\n${newReceiverId(change.name)}`, change.result.id);
    }
  }
  const admitted = new Set(admittedChanges(plan));
  if (admitted.size === 0) return plan;
  return withPendingReplaced(
    plan,
    pendingChanges(plan).map((change) => {
      if (!admitted.has(change) || change.action === 'delete') return change;
      const ids = change.request.alert_receiver_ids;
      if (!ids.some(isNewReceiverId)) return change;
      const resolved = ids.map((id) =>
        isNewReceiverId(id) ? created.get(`${change.organizationId}\n${id}`) : id,
      );
      if (resolved.some((id) => id === undefined)) {
        return { ...change, gate: held('a receiver it names was not created') };
      }
      const request = { ...change.request, alert_receiver_ids: resolved as string[] };
      return { ...change, request } as PendingChange;
    }),
  );
}

function progressLine(change: ReceiverChange, result: WriteResult): string {
  const what = `${change.action} alert receiver ${change.name}${result.id ? ` (${result.id})` : ''}`;
  return result.ok ? `${what}: done` : `${what}: failed: ${result.error ?? `HTTP ${result.status}`}`;
}
