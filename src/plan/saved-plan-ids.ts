/**
 * How the saved-plan check names and finds a change, whatever its kind: its key (the kind's identity of
 * the object: src/kinds/registry.ts), its document's place, and the object the documents give at that
 * place. A change is set aside as "changed since the plan" only when it is about the object the documents
 * give there (or that object is gone): a file whose id was pointed at another object is a file that
 * differs, refused whole (saved-plan-check.ts), never a change quietly set aside while the rest is written.
 */
import { kindOf, nounOf } from '../kinds/registry.js';
import type { Change, PendingChange } from '../model/types.js';
import type { SavedChange } from './plan-file.js';

/**
 * The object's key, the kind's (`kindOf(change).key`) behind the kind's name: the file's change and the
 * change made again match when their keys do. It reads only what the file holds (the action, the id, and
 * for a create what identifies the object then), which the file's schema guarantees.
 */
export function keyOf(change: SavedChange | PendingChange): string {
  const pending = change as PendingChange;
  return `${pending.kind}:${kindOf(pending).key(pending)}`;
}

/** In words; the name and id as JSON strings, since a file's may hold anything (a line break, say). */
export function describe(change: SavedChange | PendingChange): string {
  const id = change.action === 'create' ? '' : ` (${JSON.stringify(change.id).slice(1, -1)})`;
  return `${change.action} of ${nounOf(change)} ${JSON.stringify(change.name)}${id}`;
}

/** `an alert rule`, `a cluster`: the noun with its article. */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/**
 * A create's or an update's document, with the object's name: the change made again for a set-aside
 * change may be of another action (the object appeared, or is gone) but comes from the same document.
 */
export function documentKey(change: SavedChange | Change): string {
  return JSON.stringify([change.file, change.line, change.name]);
}

/**
 * Where a change's document is: a delete's at the base revision (the removed document), any other's at the
 * head. Two documents never start on one line of one file at one revision.
 */
export function placeOf(change: SavedChange | Change): string {
  return JSON.stringify([change.action === 'delete' ? 'base' : 'head', change.file, change.line]);
}

/** The ids of the live objects the documents give, by place (noops included: an object the plan leaves alone). */
export function idsByPlace(changes: readonly Change[]): ReadonlyMap<string, ReadonlySet<string>> {
  const ids = new Map<string, Set<string>>();
  for (const change of changes) {
    if (change.id === null) continue;
    const place = placeOf(change);
    ids.set(place, (ids.get(place) ?? new Set()).add(change.id.toLowerCase()));
  }
  return ids;
}

/**
 * The documents' pending change at the saved change's place, not matched to another change of the file yet,
 * whose id is not the file's: the file's id was pointed at another object. Null otherwise.
 */
export function otherObjectAtPlace<G extends { readonly change: PendingChange }>(
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
