/**
 * Clusters, targets and receivers by name in Markdown, each with its id in code right after it, where a
 * reviewer can copy it and a search finds it: **api** in shop/production · APPLICATION (`a1a1…`). A name
 * that is not known is the id alone. Names come from the service: escaped as any untrusted text.
 */
import { escapeInline, inlineCode } from '../markdown/escape.js';
import {
  isPendingNamed,
  type NamedId,
  type NamedTarget,
  type ReceiverReference,
} from '../model/alert-rule-change.js';
import { hasName, type ReceiversChange } from './reference-fields.js';

const MAX_NAME = 200;

/** **prod-eu** (`c1a5…`), or `c1a5…` when the name is not known. */
export function namedIdMarkdown(n: NamedId): string {
  if (!hasName(n)) return inlineCode(n.id);
  return `**${escapeInline(n.name, MAX_NAME)}** (${inlineCode(n.id)})`;
}

/** A receiver; one this apply creates has no id yet, and says so. */
export function receiverMarkdown(r: ReceiverReference): string {
  return isPendingNamed(r)
    ? `**${escapeInline(r.name, MAX_NAME)}** (created by this apply)`
    : namedIdMarkdown(r);
}

/** **api** in shop/production · APPLICATION (`a1a1…`); **prod-eu** · CLUSTER (`c1a5…`). */
export function targetMarkdown(t: NamedTarget): string {
  if (!hasName(t)) return `${escapeInline(t.type, 40)} ${inlineCode(t.id)}`;
  const within = t.within ? ` in ${escapeInline(t.within, MAX_NAME * 2)}` : '';
  return `**${escapeInline(t.name, MAX_NAME)}**${within} · ${escapeInline(t.type, 40)} (${inlineCode(t.id)})`;
}

export function receiverNamesMarkdown(receivers: readonly ReceiverReference[]): string {
  return receivers.map(receiverMarkdown).join(', ');
}

/**
 * An update's receivers as the people paged: one nested item each for those added, removed and kept
 * (`+ **slack-oncall** (…)` would read as a nested list marker, hence words). An update of receivers adds
 * or removes at least one.
 */
export function receiversChangeMarkdown(change: ReceiversChange): string {
  const items = [
    ['added', change.added],
    ['removed', change.removed],
    ['unchanged', change.kept],
  ] as const;
  return items
    .filter(([, receivers]) => receivers.length > 0)
    .map(([label, receivers]) => `\n  - ${label}: ${receiverNamesMarkdown(receivers)}`)
    .join('');
}

/** The line under an update's or a delete's heading: what the rule watches, and on which cluster. */
export function placementMarkdown(placement: {
  readonly target: NamedTarget | null;
  readonly cluster: NamedId | null;
}): string {
  const parts = [
    placement.target ? `Watches ${targetMarkdown(placement.target)}` : '',
    placement.cluster
      ? `${placement.target ? 'on' : 'On'} cluster ${namedIdMarkdown(placement.cluster)}`
      : '',
  ].filter(Boolean);
  return `${parts.join(' ')}.`;
}
