/**
 * The rule a saved change's id names, against the rule the documents give at the same place. A change is
 * set aside as "changed since the plan" only when it is about the rule the documents give there (or that
 * rule is gone): a file whose id was pointed at another rule is a file that differs, refused whole
 * (saved-plan-check.ts), never a change quietly set aside while the rest is written.
 */
import type { LiveIndex } from './identity.js';
import type { SavedChange } from './plan-file.js';
import type { AlertRuleChange, PendingChange } from './types.js';

/**
 * Where a change's document is: a delete's at the base revision (the removed document), any other's at the
 * head. Two documents never start on one line of one file at one revision.
 */
export function placeOf(change: SavedChange | AlertRuleChange): string {
  return JSON.stringify([change.action === 'delete' ? 'base' : 'head', change.file, change.line]);
}

/** The ids of the live rules the documents give, by place (noops included: a rule the plan leaves alone). */
export function idsByPlace(changes: readonly AlertRuleChange[]): ReadonlyMap<string, ReadonlySet<string>> {
  const ids = new Map<string, Set<string>>();
  for (const change of changes) {
    if (change.id === null) continue;
    const place = placeOf(change);
    ids.set(place, (ids.get(place) ?? new Set()).add(change.id.toLowerCase()));
  }
  return ids;
}

/**
 * Whether an update's or a delete's id is the rule the documents give at its place; when they give none
 * there (the rule is gone: the plan made again creates it, or has nothing to delete), whether the id names
 * no live rule either. A create names no rule: true.
 */
export function namesTheRuleGiven(
  change: SavedChange,
  given: ReadonlyMap<string, ReadonlySet<string>>,
  live: LiveIndex,
): boolean {
  if (change.action === 'create') return true;
  const id = change.id.toLowerCase();
  const ids = given.get(placeOf(change));
  return ids === undefined || ids.size === 0 ? !live.byId.has(id) : ids.has(id);
}

/**
 * The documents' pending change at the saved change's place, not matched to another change of the file yet,
 * whose id is not the file's: the file's id was pointed at another rule. Null otherwise.
 */
export function otherRuleAtPlace<G extends { readonly change: PendingChange }>(
  change: SavedChange,
  byPlace: ReadonlyMap<string, number>,
  given: readonly G[],
  matched: ReadonlySet<number>,
): G | null {
  if (change.action === 'create') return null;
  const at = byPlace.get(placeOf(change));
  if (at === undefined || matched.has(at)) return null;
  const same = given[at]!;
  if (same.change.id === null) return null;
  return same.change.id.toLowerCase() === change.id.toLowerCase() ? null : same;
}
