/**
 * What only an alert receiver shows, for every face: whether its secret is sent or kept (the service never
 * returns a secret, so no diff shows one: docs/decisions/alert-receivers.md), and the live receivers no
 * document manages. A receiver's change is listed with every other change (change-text.ts,
 * change-markdown.ts, json-output.ts); those ask here for the receiver's own lines.
 */
import { printable } from '../core/printable.js';
import { escapeInline, inlineCode } from '../markdown/escape.js';
import type { ReceiverChange } from '../model/alert-receiver-change.js';
import type { Plan } from '../model/types.js';

/** How a run is told to send the secrets again: a flag on the command line, an input in the action. */
const ROTATION = {
  text: '--rotate-secrets sends them',
  markdown: 'the action input `rotate-secrets: true` (or `--rotate-secrets` on the command line) sends them',
} as const;

/**
 * Whether the secret is sent, in words; null for a delete or a receiver left as it is. For Markdown the
 * variable names are escaped here, since the rotation hint around them is Markdown itself.
 */
export function secretsSentence(change: ReceiverChange, face: keyof typeof ROTATION = 'text'): string | null {
  if (change.action === 'delete' || change.action === 'noop') return null;
  const text = face === 'markdown' ? (t: string) => escapeInline(t) : (t: string) => t;
  const named = text(change.secrets.map((s) => `${s.field} from $${s.env}`).join(', '));
  if (change.action === 'create') return `will be sent (${named})`;
  if (change.secrets.length === 0) {
    return `kept (sent as null; the service never returns them, so they cannot be compared: ${ROTATION[face]})`;
  }
  const why = change.secretsWhy === 'type changed' ? 'the type changed' : 'rotation asked';
  return `will be sent (${named}; ${why})`;
}

/** The verb of a receiver's change: an update that changes no field only sends its secret again. */
export function receiverVerb(change: ReceiverChange): string | null {
  return change.action === 'update' && change.diff.length === 0 ? 'rotate the secret of' : null;
}

/**
 * What a plan without a receiver's pending change still owes its reader: the secrets were not compared
 * (a pending change says so in its own secret line). Null when the plan has no receiver.
 */
export function uncomparedSecrets(plan: Plan): string | null {
  return plan.changes.some((c) => c.kind === 'AlertReceiver')
    ? "Receivers' secrets cannot be compared: the service never returns them."
    : null;
}

/** The live receivers no document manages, as the rules' are listed: made outside git, never touched. */
export function unmanagedReceiverLines(plan: Plan): string[] {
  const unmanaged = plan.unmanagedReceivers ?? [];
  if (unmanaged.length === 0) return [];
  return [
    'Live receivers no document manages (made outside git; listed, never touched):',
    ...unmanaged.map((r) => `  ${printable(r.name)} (${r.id}) · ${printable(r.type)}`),
    '',
  ];
}

/** The same for Markdown, one line; '' when there are none. */
export function unmanagedReceiversMarkdown(plan: Plan | null): string {
  const unmanaged = plan?.unmanagedReceivers ?? [];
  if (unmanaged.length === 0) return '';
  return `Live receivers no document manages (made outside git; never touched): ${unmanaged.map((r) => inlineCode(r.name)).join(', ')}`;
}

/** The live receivers no document manages, for the JSON output. */
export function unmanagedReceiversJson(plan: Plan | null): readonly Record<string, unknown>[] {
  return (plan?.unmanagedReceivers ?? []).map((r) => ({ ...r }));
}
