/**
 * Clusters, targets and receivers by name for a terminal, each with its id after it in parentheses:
 * `api in shop/production · APPLICATION (a1a1…)`. A name that is not known is the id alone. Every piece
 * passes the output boundary (printable).
 */
import { printable } from '../core/printable.js';
import {
  isPendingNamed,
  type NamedId,
  type NamedTarget,
  type ReceiverReference,
} from '../model/alert-rule-change.js';
import type { Paint } from './paint.js';
import { hasName, type ReceiversChange } from './reference-fields.js';

export function namedIdText(n: NamedId): string {
  if (!hasName(n)) return printable(n.id);
  return `${printable(n.name)} (${printable(n.id)})`;
}

/** A receiver; one this apply creates has no id yet, and says so. */
export function receiverText(r: ReceiverReference): string {
  return isPendingNamed(r) ? `${printable(r.name)} (created by this apply)` : namedIdText(r);
}

export function targetText(t: NamedTarget): string {
  if (!hasName(t)) return `${printable(t.type)} ${printable(t.id)}`;
  const within = t.within ? ` in ${printable(t.within)}` : '';
  return `${printable(t.name)}${within} · ${printable(t.type)} (${printable(t.id)})`;
}

export function receiverNamesText(receivers: readonly ReceiverReference[]): string {
  return receivers.map(receiverText).join(', ');
}

/**
 * `+ slack-oncall (…), − email-sre (…); unchanged: pager (…)`, added in green and removed in red. An
 * update of receivers adds or removes at least one.
 */
export function receiversChangeText(change: ReceiversChange, paint: Paint): string {
  const moved = [
    ...change.added.map((r) => paint('32', `+ ${receiverText(r)}`)),
    ...change.removed.map((r) => paint('31', `− ${receiverText(r)}`)),
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
