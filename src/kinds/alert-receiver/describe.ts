/**
 * How a review describes an alert receiver's change, for every face (src/kinds/change-kind.ts): named by
 * its noun and name, with its type; whether its secrets are sent or kept (the service never returns a
 * secret, so no diff shows one: docs/decisions/alert-receivers.md); an update that changes no field only
 * sends its secret again, and says so as its verb. Its own keys in the JSON output follow what every
 * change has.
 */
import type { ReceiverChange, UnmanagedReceiver } from '../../model/alert-receiver-change.js';
import type { ChangeDescription, ChangeNote } from '../change-kind.js';

export const RECEIVER_NOUN = 'alert receiver';

export function describeChange(change: ReceiverChange): ChangeDescription {
  return {
    verb: change.action === 'update' && change.diff.length === 0 ? 'rotate the secret of' : null,
    noun: RECEIVER_NOUN,
    extra: change.type,
    removes: RECEIVER_NOUN,
    above: [],
    below: secretsNote(change),
  };
}

/** Whether a create or an update sends the secrets; nothing for a delete or a receiver left as it is. */
function secretsNote(change: ReceiverChange): ChangeNote[] {
  if (change.action === 'delete' || change.action === 'noop') return [];
  const why =
    change.action === 'create'
      ? 'create'
      : change.secrets.length === 0
        ? 'kept'
        : (change.secretsWhy ?? 'rotation');
  return [{ kind: 'secrets', why, sent: change.secrets }];
}

/** A receiver's keys in the JSON output (scripts/json-output-reference.mjs lists them from here). */
export function changeJson(c: ReceiverChange): Record<string, unknown> {
  return {
    // A receiver's: its type (`SLACK`, `EMAIL`).
    type: c.type,
    // Whether a create or an update sends the secret (`sent`) or keeps the stored one (`kept`), and the
    // environment variables it is read from: never a value.
    ...(c.action === 'create' || c.action === 'update'
      ? { secrets: c.secrets.length > 0 ? 'sent' : 'kept', secretsFrom: c.secrets.map((s) => s.env) }
      : {}),
    // The service never returns a secret: no plan, and no drift check, compared it.
    secretCompared: false,
  };
}

/** A live receiver no document manages, in words: `slack-oncall (id) · SLACK`. */
export function unmanagedReceiverText(receiver: UnmanagedReceiver): string {
  return `${receiver.name} (${receiver.id}) · ${receiver.type}`;
}
