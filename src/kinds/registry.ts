/**
 * The kinds a plan changes, by name: the one pipeline finds a change's kind here. Adding a kind is adding
 * its folder and a line here (docs/architecture.md, "The change model").
 */
import type { Change, ChangeKind } from '../model/types.js';
import { alertReceiverKind } from './alert-receiver/index.js';
import { alertRuleKind } from './alert-rule/index.js';
import type { Kind } from './change-kind.js';

/** In the order words that name several kinds say them: the lead kind (rules) first. */
const KINDS: { readonly [K in ChangeKind]: Kind<Extract<Change, { kind: K }>> } = {
  AlertRule: alertRuleKind,
  AlertReceiver: alertReceiverKind,
};

/** The kind of a change: what the pipeline asks of it. */
export function kindOf<C extends Change>(change: C): Kind<C> {
  return KINDS[change.kind] as unknown as Kind<C>;
}

/** A kind by its name (a count by kind, a review entry): what a face asks of it without a change at hand. */
export function kindNamed(kind: ChangeKind): Kind<Change> {
  return KINDS[kind] as unknown as Kind<Change>;
}

/** Every kind, the lead kind first, then in the order registered. */
export function allKinds(): readonly Kind<Change>[] {
  const kinds = Object.values(KINDS) as unknown as Kind<Change>[];
  return [...kinds.filter((k) => k.lead), ...kinds.filter((k) => !k.lead)];
}

/** How a person names a change's kind: `alert rule`. */
export function nounOf(change: Pick<Change, 'kind'>): string {
  return KINDS[change.kind].noun;
}
