import { editDistance, nearestName } from '../core/nearest-name.js';

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
  return { kind: 'none', closest: closestEntries(wanted, entries) };
}

/**
 * The entries whose names are near enough to be what was meant: the nearest-name helper's pick first, then
 * others within typo distance, nearest first, at most MAX_CLOSEST.
 */
function closestEntries<T extends { readonly name: string; readonly id: string }>(
  wanted: string,
  entries: readonly T[],
): readonly T[] {
  const names = [...new Set(entries.map((e) => normalizeName(e.name)))];
  const nearest = nearestName(wanted, names);
  if (nearest === null) return [];
  // The same distance the nearest-name helper accepts as a typo.
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return sortEntries(entries)
    .map((entry) => ({ entry, distance: editDistance(wanted, normalizeName(entry.name)) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, MAX_CLOSEST)
    .map(({ entry }) => entry);
}

function sortEntries<T extends { readonly name: string; readonly id: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
