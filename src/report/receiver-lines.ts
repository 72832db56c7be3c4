/**
 * The receivers' changes of a plan for every face: terminal lines, JSON, Markdown. Each says the
 * receiver's name and type, the fields changed, and whether its secret is sent or kept: the service never
 * returns a secret, so no diff shows one (docs/decisions/alert-receivers.md).
 */
import { printable } from '../core/printable.js';
import { escapeInline, inlineCode } from '../markdown/escape.js';
import { isPendingReceiver, type ReceiverChange } from '../plan/receiver-types.js';
import type { Plan } from '../plan/types.js';
import { fieldMarkdown, type SourceLinks, whereLink } from './change-markdown.js';
import { CHANGE_COLOR, CHANGE_SYMBOL, type Paint } from './paint.js';

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

function headline(change: ReceiverChange): string {
  if (change.action === 'update' && change.diff.length === 0) return 'rotate the secret of';
  return change.action === 'noop' ? 'no change' : change.action;
}

function where(change: ReceiverChange): string {
  return change.action === 'delete'
    ? `its document was removed from ${change.file}:${change.line}`
    : `${change.file}:${change.line}`;
}

function fieldLine(d: { path: string; before: unknown; after: unknown }, create: boolean): string {
  const shown = (v: unknown) => (v === undefined ? '(none)' : JSON.stringify(v));
  return create ? `${d.path}: ${shown(d.after)}` : `${d.path}: ${shown(d.before)} → ${shown(d.after)}`;
}

/** Terminal lines for the receivers' pending changes ([] when none); `paint` colours the symbol. */
export function receiverTextLines(plan: Plan, paint: Paint, drift = false): string[] {
  const pending = (plan.receivers ?? []).filter(isPendingReceiver);
  if (plan.receivers === undefined) return [];
  const unmanaged = unmanagedLines(plan);
  if (pending.length === 0) {
    return [
      'Alert receivers: no changes (secrets cannot be compared: the service never returns them).',
      '',
      ...unmanaged,
    ];
  }
  const lines = [
    drift
      ? 'Alert receivers: drift: these live receivers differ from the documents (secrets cannot be compared):'
      : 'Alert receivers: the plan would make these changes:',
    '',
  ];
  for (const change of pending) {
    const id = change.id ? ` (${change.id})` : '';
    const symbol = paint(CHANGE_COLOR[change.action], CHANGE_SYMBOL[change.action]);
    lines.push(
      `  ${symbol} ${headline(change)} alert receiver ${printable(change.name)}${id} · ${printable(change.type)}  ${printable(where(change))}`,
    );
    for (const d of change.diff) lines.push(`      ${printable(fieldLine(d, change.action === 'create'))}`);
    const secrets = secretsSentence(change);
    if (secrets) lines.push(`      secrets: ${printable(secrets)}`);
    if (change.gate?.admitted === false) lines.push(`      not written: ${change.gate.reason}`);
    if (change.result) {
      lines.push(
        change.result.ok
          ? `      written (HTTP ${change.result.status})`
          : `      failed: ${printable(change.result.error ?? `HTTP ${change.result.status}`)}`,
      );
    }
    lines.push('');
  }
  return [...lines, ...unmanaged];
}

/** The live receivers no document manages, as the rules' are listed: made outside git, never touched. */
function unmanagedLines(plan: Plan): string[] {
  const unmanaged = plan.unmanagedReceivers ?? [];
  if (unmanaged.length === 0) return [];
  return [
    'Live receivers no document manages (made outside git; listed, never touched):',
    ...unmanaged.map((r) => `  ${printable(r.name)} (${r.id}) · ${printable(r.type)}`),
    '',
  ];
}

/** The receivers' changes in the JSON output (every one, noop included). */
export function receiversJson(plan: Plan | null): Record<string, unknown>[] {
  return (plan?.receivers ?? []).map((c) => ({
    kind: c.kind,
    action: c.action,
    id: c.id,
    name: c.name,
    type: c.type,
    organizationId: c.organizationId,
    file: c.file,
    line: c.line,
    diff: c.diff.map((d) => ({ path: d.path, before: d.before, after: d.after })),
    ...(c.action === 'create' || c.action === 'update'
      ? { secrets: c.secrets.length > 0 ? 'sent' : 'kept', secretsFrom: c.secrets.map((s) => s.env) }
      : {}),
    // The service never returns a secret: no plan, and no drift check, compared it (the text says so too).
    secretCompared: false,
    ...(c.action !== 'noop' && c.gate ? { gate: c.gate } : {}),
    ...(c.action !== 'noop' && c.result ? { result: c.result } : {}),
  }));
}

/** The live receivers no document manages, for the JSON output. */
export function unmanagedReceiversJson(plan: Plan | null): readonly Record<string, unknown>[] {
  return (plan?.unmanagedReceivers ?? []).map((r) => ({ ...r }));
}

/** Markdown for a comment, the job summary, the Checks run and the drift issue; '' when none is pending. */
export function receiversMarkdown(
  plan: Plan | null,
  drift = false,
  links: SourceLinks | null = null,
): string {
  const pending = (plan?.receivers ?? []).filter(isPendingReceiver);
  if (pending.length === 0) return '';
  const title = drift
    ? '#### Alert receivers that drifted (secrets cannot be compared)'
    : '#### Alert receivers';
  const items = pending.map((change) => {
    const id = change.id ? ` (${inlineCode(change.id)})` : '';
    // A document the apply reads links to its line, as a rule's does; a removed one is gone from the commit.
    const place =
      change.action === 'delete' ? inlineCode(where(change)) : whereLink(change.file, change.line, links);
    const head = `- **${escapeInline(headline(change))}** alert receiver ${inlineCode(change.name)}${id} · ${escapeInline(change.type)} — ${place}`;
    // As a rule's fields read: the field, then its value, or its values before and after.
    const fields = change.diff.map((d) => `  - ${fieldMarkdown(d, change.action)}`);
    const secrets = secretsSentence(change, 'markdown');
    const result = change.result
      ? [
          `  - ${change.result.ok ? 'written' : `failed: ${escapeInline(change.result.error ?? `HTTP ${change.result.status}`)}`}`,
        ]
      : change.gate?.admitted === false
        ? [`  - not written: ${escapeInline(change.gate.reason)}`]
        : [];
    return [head, ...fields, ...(secrets ? [`  - secrets: ${secrets}`] : []), ...result].join('\n');
  });
  const unmanaged = plan?.unmanagedReceivers ?? [];
  const outside =
    unmanaged.length > 0
      ? [
          '',
          `Live receivers no document manages (made outside git; never touched): ${unmanaged.map((r) => inlineCode(r.name)).join(', ')}`,
        ]
      : [];
  return [title, '', ...items, ...outside].join('\n');
}
