/**
 * Which changes of a saved plan are set aside because their live object moved since the plan: never
 * written, each with its `apply.changed-since-plan` finding on its document, while the others are
 * compared with the plan made again (saved-plan-check.ts). One policy for every kind: an update or delete
 * whose object moved or is gone, a create whose object appeared. What moved is told from the live object
 * itself where the run holds it indexed (the alert rules read), and otherwise from the plan made again,
 * which was made against the live objects: the same key at the same document with another `against`.
 */
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { AlertRuleDocument } from '../documents/types.js';
import { fingerprintOf } from '../kinds/alert-rule/fingerprint.js';
import { clusterAndName, type LiveIndex } from '../kinds/alert-rule/identity.js';
import { nounOf } from '../kinds/registry.js';
import { movedFields } from '../model/change.js';
import { PLAN_CODES } from '../model/codes.js';
import type { Change } from '../model/types.js';
import type { SavedChange, SavedRuleChange } from './plan-file.js';
import { describe, idsByPlace, namesTheRuleGiven, placeOf, withArticle } from './saved-plan-ids.js';

/** What moved: the fields whose hash differs, or why the object is not what the plan saw. */
type Moved = { readonly fields: string[] } | { readonly why: string };

export interface MovedInput {
  readonly saved: readonly SavedChange[];
  /** Every change of the plan made again, noops included. */
  readonly given: readonly Change[];
  /** The live rules read, by organization (an organization whose read failed is absent). */
  readonly live: ReadonlyMap<string, LiveIndex>;
  /** The organizations the rule documents name (those the plan made again read). */
  readonly organizations: ReadonlySet<string>;
  readonly rules: readonly AlertRuleDocument[];
  readonly removed: readonly AlertRuleDocument[];
}

/**
 * The file's changes set aside (by index), each with its finding, or null when its organization's rules
 * could not be read (that read's error says so).
 */
export function setAsideSincePlan(input: MovedInput): Map<number, Diagnostic | null> {
  const setAside = new Map<number, Diagnostic | null>();
  const declared = declaredWhereSaid(input.rules, input.removed);
  const ids = idsByPlace(input.given);
  const atPlace = new Map(input.given.map((c) => [JSON.stringify([c.kind, placeOf(c)]), c] as const));
  for (const [i, change] of input.saved.entries()) {
    // A rule's live object is at hand (the rules read, indexed); another kind's is told by the plan made again.
    if (change.kind !== 'AlertRule') {
      const moved = movedInPlanAgain(change, atPlace.get(JSON.stringify([change.kind, placeOf(change)])));
      if (moved !== null) setAside.set(i, changedSincePlan(change, moved));
      continue;
    }
    if (!input.organizations.has(change.organizationId)) continue;
    if (!declared(change)) continue;
    const index = input.live.get(change.organizationId);
    if (index === undefined) {
      setAside.set(i, null);
      continue;
    }
    // An id pointed at another rule than the documents give there: compared (and refused), not set aside.
    if (!namesTheRuleGiven(change, ids, index)) continue;
    const moved = ruleMovedSince(change, index);
    if (moved !== null) setAside.set(i, changedSincePlan(change, moved));
  }
  return setAside;
}

/**
 * Whether a rule's change is declared where the file says: by a document at the head for a create or an
 * update (at its file and line, with its name), by a removed document for a delete (at its file and line,
 * of its id or name). A change whose live rule moved is set aside only then; any other change is compared
 * (and refused as not given). The documents are indexed once: one look-up per change.
 */
export function declaredWhereSaid(
  rules: readonly AlertRuleDocument[],
  removed: readonly AlertRuleDocument[],
): (change: SavedChange) => boolean {
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
 * What moved since the plan: the fields of the live rule whose hash differs, or why the rule is not what
 * the plan saw (an update's or delete's rule is gone, a create's rule appeared). Null when the live state
 * is what the plan saw.
 */
function ruleMovedSince(change: SavedRuleChange, index: LiveIndex): Moved | null {
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

/**
 * What moved, from the change the documents give at the same place now (`now`, of the same kind): for the
 * same object (its id and name), the fields whose `against` differs; an object that now matches its
 * document (the plan made again leaves it alone: it was changed to match), or is gone (made again, its update is a create); for a
 * create, the object of that name that now exists. Null when nothing moved, or when the documents give
 * another object there: that change is compared, and refused.
 */
function movedInPlanAgain(change: SavedChange, now: Change | undefined): Moved | null {
  if (now === undefined || now.name !== change.name || now.organizationId !== change.organizationId) {
    return null;
  }
  const noun = nounOf(change);
  if (change.action === 'create') {
    return now.action === 'create'
      ? null
      : { why: `${withArticle(noun)} named ${JSON.stringify(change.name)} now exists (${now.id})` };
  }
  // A create at an update's document (a delete's is a removed document, where nothing is created).
  if (now.action === 'create') return { why: `the ${noun} no longer exists` };
  // The same object: its id (an object's key once it has one).
  if (now.id.toLowerCase() !== change.id.toLowerCase()) return null;
  if (now.action === 'noop') return { why: `the ${noun} was changed to match its document` };
  const fields = movedFields(change.against, now.against);
  return fields.length === 0 ? null : { fields };
}

function changedSincePlan(change: SavedChange, moved: Moved): Diagnostic {
  // A field the file's fingerprint adds is named as JSON: the file may hold anything.
  const named = (field: string) => (/^[a-z_.]+$/.test(field) ? `\`${field}\`` : JSON.stringify(field));
  const what = 'fields' in moved ? `fields ${moved.fields.map(named).join(', ')} changed` : moved.why;
  return diagnostic(
    'error',
    change.file,
    { line: change.line, column: 1, endLine: change.line, endColumn: 1 },
    PLAN_CODES.changedSincePlan,
    `Not written: the ${describe(change)} is changed since the plan (${what} in the service since it was ` +
      `planned). Plan again to review the live ${nounOf(change)} as it is now.`,
  );
}
