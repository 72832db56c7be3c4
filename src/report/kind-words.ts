/**
 * How every face names changes of several kinds in one list: a rule by its name, as a plan of rules has
 * always read, and a change of any other kind by its kind's noun and its name (src/kinds/registry.ts);
 * counts and headings name each kind present, rules first.
 */
import { plural } from '../core/plural.js';
import { nounOf } from '../kinds/registry.js';
import type { Change, ChangeKind } from '../model/types.js';
import { countByKind, type KindCounts } from '../plan/change-counts.js';

/** `api-p99` for a rule, `alert receiver pager` for a receiver. */
export function changeLabel(change: Pick<Change, 'kind' | 'name'>): string {
  return change.kind === 'AlertRule' ? change.name : `${nounOf(change)} ${change.name}`;
}

/**
 * A count by kind in words: `2 live rules`, `1 alert receiver`, `1 live rule and 1 alert receiver`
 * (`ruleNoun` names the rules as the sentence needs). Rules are said even at 0 when nothing else is counted.
 */
export function driftedWords(counts: KindCounts, ruleNoun: string): string {
  const rules = counts.AlertRule ?? 0;
  const others = otherKinds(counts).map(([kind, n]) => plural(n, nounOf({ kind })));
  return [...(rules > 0 || others.length === 0 ? [plural(rules, ruleNoun)] : []), ...others].join(' and ');
}

/**
 * The kinds of `changes` for a heading: `rules`, `alert receivers`, `rules and alert receivers` (`rules`
 * names the rules as the sentence needs; they are said when nothing else is).
 */
export function kindsNoun(changes: readonly Pick<Change, 'kind'>[], rules = 'rules'): string {
  const counts = countByKind(changes);
  const others = otherKinds(counts).map(([kind]) => `${nounOf({ kind })}s`);
  return [...((counts.AlertRule ?? 0) > 0 || others.length === 0 ? [rules] : []), ...others].join(' and ');
}

/** `Alert rules and alert receivers`: a sentence's first word, capitalized. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function otherKinds(counts: KindCounts): [ChangeKind, number][] {
  return (Object.entries(counts) as [ChangeKind, number][]).filter(
    ([kind, n]) => kind !== 'AlertRule' && n > 0,
  );
}
