/**
 * How every face names changes of several kinds in one list: each as its kind labels it (a rule by its
 * name, as a plan of rules has always read; another kind by its noun and its name: src/kinds/registry.ts);
 * counts and headings name each kind present, the lead kind (rules) first.
 */
import { plural } from '../core/plural.js';
import type { Kind } from '../kinds/change-kind.js';
import { allKinds, kindNamed } from '../kinds/registry.js';
import type { Change } from '../model/types.js';
import { countByKind, type KindCounts } from '../plan/change-counts.js';

/** `api-p99` for a rule, `alert receiver pager` for a receiver. */
export function changeLabel(change: Pick<Change, 'kind' | 'name'>): string {
  return kindNamed(change.kind).label(change.name);
}

/**
 * A count by kind in words: `2 live rules`, `1 alert receiver`, `1 live rule and 1 alert receiver`
 * (`leadNoun` names the lead kind, rules, as the sentence needs). The lead kind is said even at 0 when
 * nothing else is counted.
 */
export function driftedWords(counts: KindCounts, leadNoun: string): string {
  return said(counts, (kind, n) => plural(n, kind.lead ? leadNoun : kind.noun));
}

/**
 * The kinds of `changes` for a heading: `rules`, `alert receivers`, `rules and alert receivers` (`lead`
 * names the lead kind, rules, as the sentence needs; it is said when nothing else is).
 */
export function kindsNoun(changes: readonly Pick<Change, 'kind'>[], lead = 'rules'): string {
  return said(countByKind(changes), (kind) => (kind.lead ? lead : kind.plural));
}

/** `Alert rules and alert receivers`: a sentence's first word, capitalized. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The words of each kind counted, the lead kind first and said at 0 when no other kind is counted. */
function said(counts: KindCounts, words: (kind: Kind<Change>, n: number) => string): string {
  const others = allKinds().filter((kind) => !kind.lead && (counts[kind.kind] ?? 0) > 0);
  return allKinds()
    .filter((kind) =>
      kind.lead ? (counts[kind.kind] ?? 0) > 0 || others.length === 0 : others.includes(kind),
    )
    .map((kind) => words(kind, counts[kind.kind] ?? 0))
    .join(' and ');
}
