/**
 * Whether a rule's saved change moved since the plan (src/plan/saved-plan-moved.ts): told from the live
 * rule itself, which apply --plan reads again and holds indexed. Only for the rule the documents give where
 * the file says: any other change is compared with the plan made again, and refused as not given.
 */
import type { AlertRuleDocument } from '../../documents/types.js';
import { movedFields } from '../../model/change.js';
import type { Moved, ReadAgain, SincePlan } from '../change-kind.js';
import { fingerprintOf } from './fingerprint.js';
import { clusterAndName, type LiveIndex } from './identity.js';
import type { SavedRuleChange } from './saved-form.js';

/** The judge of each saved rule change, the documents indexed once for the whole plan. */
export function ruleMovedSince(read: ReadAgain): (change: SavedRuleChange) => SincePlan {
  const declared = declaredWhereSaid(read.rules, read.removed);
  return (change) => {
    if (!read.organizations.has(change.organizationId)) return null;
    if (!declared(change)) return null;
    const index = read.live.get(change.organizationId);
    if (index === undefined) return 'not read';
    // An id pointed at another rule than the documents give there: compared (and refused), not set aside.
    if (!namesTheRuleGiven(change, read.idsAt(change), index)) return null;
    return movedSince(change, index);
  };
}

/** Where a saved change says its document is, and what it names there. */
type SavedPlace = { readonly file: string; readonly line: number; readonly name: string } & (
  | { readonly action: 'create' | 'update' }
  | { readonly action: 'delete'; readonly id: string }
);

/**
 * Whether a rule's change is declared where the file says: by a document at the head for a create or an
 * update (at its file and line, with its name), by a removed document for a delete (at its file and line,
 * of its id or name). A change whose live rule moved is set aside only then; any other change is compared
 * (and refused as not given). The documents are indexed once: one look-up per change.
 */
export function declaredWhereSaid(
  rules: readonly AlertRuleDocument[],
  removed: readonly AlertRuleDocument[],
): (change: SavedPlace) => boolean {
  const at = (file: string, line: number, what: string) => JSON.stringify([file, line, what]);
  const heads = new Set(rules.map((doc) => at(doc.file, doc.range.line, doc.value.name)));
  const gone = new Set(
    removed.flatMap((doc) => [
      at(doc.file, doc.range.line, `name:${doc.value.name}`),
      ...(doc.value.id === undefined
        ? []
        : [at(doc.file, doc.range.line, `id:${doc.value.id.toLowerCase()}`)]),
    ]),
  );
  return (change) =>
    change.action !== 'delete'
      ? heads.has(at(change.file, change.line, change.name))
      : gone.has(at(change.file, change.line, `name:${change.name}`)) ||
        gone.has(at(change.file, change.line, `id:${change.id.toLowerCase()}`));
}

/**
 * Whether a rule's update or delete names the rule the documents give at its place (`ids`: the ids they
 * give there); when they give none there (the rule is gone: the plan made again creates it, or has nothing
 * to delete), whether the id names no live rule either. A create names no rule: true.
 */
export function namesTheRuleGiven(
  change: SavedRuleChange,
  ids: ReadonlySet<string> | undefined,
  live: LiveIndex,
): boolean {
  if (change.action === 'create') return true;
  const id = change.id.toLowerCase();
  return ids === undefined || ids.size === 0 ? !live.byId.has(id) : ids.has(id);
}

/**
 * What moved since the plan: the fields of the live rule whose hash differs, or why the rule is not what
 * the plan saw (an update's or delete's rule is gone, a create's rule appeared). Null when the live state
 * is what the plan saw.
 */
function movedSince(change: SavedRuleChange, index: LiveIndex): Moved | null {
  if (change.action === 'create') {
    const appeared = index.byClusterAndName.get(clusterAndName(change.clusterId, change.name)) ?? [];
    return appeared.length === 0
      ? null
      : { why: `a rule named ${JSON.stringify(change.name)} now exists (${appeared[0]!.id})` };
  }
  const rule = index.byId.get(change.id.toLowerCase());
  if (rule === undefined) return { why: 'the rule no longer exists' };
  const fields = movedFields(change.against, fingerprintOf(rule));
  return fields.length === 0 ? null : { fields };
}
