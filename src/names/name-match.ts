import { editDistance } from '../core/nearest-name.js';

/**
 * The match rule: names compare case-insensitively after trimming, as the service's own CLI matches them and
 * as its description says of cluster, application and environment names (API-FACTS.md, "Names of clusters,
 * projects, environments, services"). Names are not unique: a match may find several entries.
 */
export function normalizeName(name: string): string {
  return name.trim().toLowerCase();
}

export type NameMatch<T> =
  | { readonly kind: 'one'; readonly entry: T }
  | { readonly kind: 'none'; readonly closest: readonly T[] }
  | { readonly kind: 'several'; readonly matches: readonly T[] };

/** How many near names an unknown one offers: enough for a choice, few enough to read. */
export const MAX_CLOSEST = 3;

/** The entries of `entries` named `written` under the match rule. */
export function matchName<T extends { readonly name: string; readonly id: string }>(
  written: string,
  entries: readonly T[],
): NameMatch<T> {
  const wanted = normalizeName(written);
  const matches = entries.filter((e) => normalizeName(e.name) === wanted);
  if (matches.length === 1) return { kind: 'one', entry: matches[0]! };
  if (matches.length > 1) return { kind: 'several', matches: sortEntries(matches) };
  return { kind: 'none', closest: closestEntries(written, entries) };
}

/**
 * The entries whose names are near enough to be what was meant, the one rule of every name kind (cluster,
 * project, environment, service, receiver): within typo distance (the nearest-name helper's), nearest first,
 * then those of which what was written is the start, or that are the start of it (`prod` for `production`,
 * `production-eu` for `production`), shortest difference first; at most MAX_CLOSEST.
 */
export function closestEntries<T extends { readonly name: string; readonly id: string }>(
  written: string,
  entries: readonly T[],
): readonly T[] {
  const wanted = normalizeName(written);
  // The same distance the nearest-name helper accepts as a typo.
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  const near: { entry: T; rank: number }[] = [];
  for (const entry of sortEntries(entries)) {
    const name = normalizeName(entry.name);
    const distance = editDistance(wanted, name);
    if (distance <= limit) near.push({ entry, rank: distance });
    else if (isShortFor(wanted, name) || isShortFor(name, wanted)) {
      // After every typo: a typo is the likelier meaning.
      near.push({ entry, rank: limit + 1 + Math.abs(name.length - wanted.length) });
    }
  }
  return near
    .sort((a, b) => a.rank - b.rank)
    .slice(0, MAX_CLOSEST)
    .map(({ entry }) => entry);
}

/** How short a start can be and still name something: `p` or `pr` would offer half of any list. */
const MIN_START = 3;

/** `short` is the start of `long`: an abbreviation (`prod` of `production`), not the whole of it. */
function isShortFor(short: string, long: string): boolean {
  return short.length >= MIN_START && long.length > short.length && long.startsWith(short);
}

/** ` Did you mean "a" or "b"?` for the closest entries, '' for none: how every name kind offers them. */
export function didYouMeanNames(closest: readonly { readonly name: string }[]): string {
  return closest.length === 0 ? '' : ` Did you mean ${closest.map((e) => `"${e.name}"`).join(' or ')}?`;
}

function sortEntries<T extends { readonly name: string; readonly id: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
