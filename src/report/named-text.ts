/**
 * Clusters, targets and receivers by name for a terminal, each with its id after it in parentheses:
 * `api in shop/production · APPLICATION (a1a1…)`. A name that is not known is the id alone. Every piece
 * passes the output boundary (printable).
 */
import { printable } from '../core/printable.js';
import { isNewReceiverId } from '../model/alert-receiver-change.js';
import type { NamedId, NamedTarget } from '../model/alert-rule-change.js';
import type { Paint } from './paint.js';
import { hasName, type ReceiversChange } from './reference-fields.js';

export function namedIdText(n: NamedId): string {
  if (!hasName(n)) return printable(n.id);
  // A receiver this apply creates has no id yet: its placeholder is no id a reader could look up.
  if (isNewReceiverId(n.id)) return `${printable(n.name)} (created by this apply)`;
  return `${printable(n.name)} (${printable(n.id)})`;
}

export function targetText(t: NamedTarget): string {
  if (!hasName(t)) return `${printable(t.type)} ${printable(t.id)}`;
  const within = t.within ? ` in ${printable(t.within)}` : '';
  return `${printable(t.name)}${within} · ${printable(t.type)} (${printable(t.id)})`;
}

export function receiverNamesText(receivers: readonly NamedId[]): string {
  return receivers.map(namedIdText).join(', ');
}

/**
 * `+ slack-oncall (…), − email-sre (…); unchanged: pager (…)`, added in green and removed in red. An
 * update of receivers adds or removes at least one.
 */
export function receiversChangeText(change: ReceiversChange, paint: Paint): string {
  const moved = [
    ...change.added.map((r) => paint('32', `+ ${namedIdText(r)}`)),
    ...change.removed.map((r) => paint('31', `− ${namedIdText(r)}`)),
  ].join(', ');
  const kept = change.kept.length > 0 ? `; unchanged: ${receiverNamesText(change.kept)}` : '';
  return `${moved}${kept}`;
}

/** `watches api in shop/production · APPLICATION (…) on cluster prod-eu (…)`. */
export function placementText(placement: {
  readonly target: NamedTarget | null;
  readonly cluster: NamedId | null;
}): string {
  return [
    placement.target ? `watches ${targetText(placement.target)}` : '',
    placement.cluster ? `on cluster ${namedIdText(placement.cluster)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
