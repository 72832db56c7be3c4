/**
 * The kinds a plan changes, by name: the one pipeline finds a change's kind here. Adding a kind is adding
 * its folder and a line here (docs/architecture.md, "The change model").
 */
import type { Change, ChangeKind } from '../model/types.js';
import { alertReceiverKind } from './alert-receiver/index.js';
import { alertRuleKind } from './alert-rule/index.js';
import type { Kind } from './change-kind.js';

const KINDS: { readonly [K in ChangeKind]: Kind<Extract<Change, { kind: K }>> } = {
  AlertRule: alertRuleKind,
  AlertReceiver: alertReceiverKind,
};

/** The kind of a change: what the pipeline asks of it. */
export function kindOf<C extends Change>(change: C): Kind<C> {
  return KINDS[change.kind] as unknown as Kind<C>;
}

/** How a person names a change's kind: `alert rule`. */
export function nounOf(change: Pick<Change, 'kind'>): string {
  return KINDS[change.kind].noun;
}
