/**
 * Is a saved plan the plan its documents give? `apply --plan` makes the plan again from the documents, the
 * base the file names and the live state, and executes the file only when every change in it equals the
 * change made again: a request edited in the file, a change added, doubled, dropped or pointed elsewhere
 * is found here, before anything is written. Pure: the first difference, or null; the command makes the
 * finding. The file is not trusted for anything but naming what differs.
 */
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { AlertRuleDocument } from '../documents/types.js';
import { PLAN_CODES } from './codes.js';
import { fingerprintOf, movedFields } from './evidence/fingerprint.js';
import { firstFieldDifference, shown } from './field-difference.js';
import { clusterAndName, type LiveIndex } from './identity.js';
import { type SavedChange, savedChange } from './plan-file.js';
import { idsByPlace, namesTheRuleGiven, otherRuleAtPlace, placeOf } from './saved-plan-ids.js';
import type { AlertRuleChange, PendingChange } from './types.js';

export interface SavedPlanInput {
  /** The file's changes. */
  readonly saved: readonly SavedChange[];
  /** The pending changes of the plan made again. */
  readonly recomputed: readonly PendingChange[];
  /** The live rules read, by organization (an organization whose read failed is absent). */
  readonly live: ReadonlyMap<string, LiveIndex>;
  /** The organizations the documents name (those the plan made again read). */
  readonly organizations: ReadonlySet<string>;
  /** The rule documents at the head, and those removed since the base. */
  readonly rules: readonly AlertRuleDocument[];
  readonly removed: readonly AlertRuleDocument[];
  /**
   * Every change of the plan made again, noops included: the rule the documents give at each place
   * (saved-plan-ids.ts). Without it, the pending changes alone.
   */
  readonly given?: readonly AlertRuleChange[];
}

export interface SavedPlanCheck {
  /**
   * The file's changes set aside (by index): never written, each with its `apply.changed-since-plan`
   * finding, or null when its organization was not read (that read's error says so).
   */
  readonly setAside: ReadonlyMap<number, Diagnostic | null>;
  /** The first difference of the other changes from the plan made again; null: the file may be executed. */
  readonly difference: PlanDifference | null;
}

/**
 * The gate of a saved plan: set aside the changes whose live rule moved since the plan (only for a rule
 * the documents declare where the file says: any other change is compared, and refused as not given),
 * then compare the others with the plan made again.
 */
export function checkSavedPlan(input: SavedPlanInput): SavedPlanCheck {
  const setAside = new Map<number, Diagnostic | null>();
  const declared = declaredWhereSaid(input.rules, input.removed);
  const given = idsByPlace(input.given ?? input.recomputed);
  for (const [i, change] of input.saved.entries()) {
    if (!input.organizations.has(change.organizationId)) continue;
    if (!declared(change)) continue;
    const index = input.live.get(change.organizationId);
    if (index === undefined) {
      setAside.set(i, null);
      continue;
    }
    // An id pointed at another rule than the documents give there: compared (and refused), not set aside.
    if (!namesTheRuleGiven(change, given, index)) continue;
    const moved = movedSince(change, index);
    if (moved !== null) setAside.set(i, changedSincePlan(change, moved));
  }
  return { setAside, difference: firstDifference(input.saved, input.recomputed, new Set(setAside.keys())) };
}

/** The first place where the file's changes and the documents' changes part. */
export interface PlanDifference {
  /** The file's change (its index in `changes`); null when the difference is a change the file lacks. */
  readonly index: number | null;
  /** The change, in words: as the documents give it when they give it, else as the file says. */
  readonly what: string;
  /** The document behind the documents' change; null when they give no such change (the file's position is not trusted). */
  readonly at: { readonly file: string; readonly line: number } | null;
  readonly kind: 'field' | 'not-given' | 'given-twice' | 'not-held' | 'order';
  /** The differing field (`request.condition.threshold`), for `field`. */
  readonly field?: string;
  /** The file's value (undefined: the file has no such field). */
  readonly saved?: unknown;
  /** What the documents give (undefined: no such field). */
  readonly given?: unknown;
}

/**
 * Compares the file's changes with the recomputed pending changes, in order. `setAside`: the indexes of
 * the file's changes whose live rule moved since the plan (or could not be read): those are refused by the
 * caller and never written, so neither they nor the recomputed changes of the same rule or document are
 * compared (the recomputed one was made against the moved rule).
 */
export function firstDifference(
  saved: readonly SavedChange[],
  recomputed: readonly PendingChange[],
  setAside: ReadonlySet<number>,
): PlanDifference | null {
  // Maps, not scans: a plan of an organization with thousands of rules is compared in linear time.
  const aside = [...setAside].map((i) => saved[i]!);
  const asideIds = new Set(aside.flatMap((c) => (c.action === 'create' ? [] : [c.id.toLowerCase()])));
  const asideDocuments = new Set(aside.flatMap((c) => (c.action === 'delete' ? [] : [documentKey(c)])));
  const given = recomputed
    .filter(
      (change) =>
        !(change.id !== null && asideIds.has(change.id.toLowerCase())) &&
        !(change.action !== 'delete' && asideDocuments.has(documentKey(change))),
    )
    .map((change) => ({ change, expected: asJson(savedChange(change)) as SavedChange }));
  const byKey = new Map<string, number[]>();
  for (const [i, g] of given.entries()) {
    const key = keyOf(g.expected);
    byKey.set(key, [...(byKey.get(key) ?? []), i]);
  }
  const byPlace = new Map(given.map((g, i) => [placeOf(g.change), i] as const));
  const matched = new Set<number>();
  let previous = -1;
  for (const [index, change] of saved.entries()) {
    if (setAside.has(index)) continue;
    // The change of a document (not matched yet) whose id names another rule: named as the documents'
    // change, by its id.
    const other = otherRuleAtPlace(change, byPlace, given, matched);
    if (other !== null && change.action !== 'create') {
      return {
        index,
        what: describe(other.change),
        at: { file: other.change.file, line: other.change.line },
        kind: 'field',
        field: 'id',
        saved: change.id,
        given: other.change.id,
      };
    }
    const candidates = byKey.get(keyOf(change)) ?? [];
    const at = candidates.find((i) => !matched.has(i));
    if (at === undefined) {
      const moved = change.action === 'create' ? createOnOtherCluster(change, given, matched) : null;
      if (moved !== null) return { index, ...moved };
      const twice = candidates.length > 0;
      const other = twice ? given[candidates[0]!]!.change : null;
      return {
        index,
        what: describe(other ?? change),
        at: other ? { file: other.file, line: other.line } : null,
        kind: twice ? 'given-twice' : 'not-given',
      };
    }
    matched.add(at);
    const { change: documents, expected } = given[at]!;
    const field = firstFieldDifference(change, expected, '');
    if (field !== null) {
      return {
        index,
        what: describe(documents),
        at: { file: documents.file, line: documents.line },
        kind: 'field',
        ...field,
      };
    }
    if (at < previous) {
      return {
        index,
        what: describe(documents),
        at: { file: documents.file, line: documents.line },
        kind: 'order',
      };
    }
    previous = at;
  }
  const missing = given.findIndex((_, i) => !matched.has(i));
  if (missing < 0) return null;
  const { change } = given[missing]!;
  return {
    index: null,
    what: describe(change),
    at: { file: change.file, line: change.line },
    kind: 'not-held',
  };
}

/**
 * The documents' create of the same document on another cluster: the cluster id the plan pinned is not
 * the one the document gives now (a cluster name that resolves to another id, or an edit).
 */
function createOnOtherCluster(
  change: SavedChange,
  given: readonly { readonly change: PendingChange; readonly expected: SavedChange }[],
  matched: ReadonlySet<number>,
): Omit<PlanDifference, 'index'> | null {
  const key = documentKey(change);
  const other = given.find(
    (g, i) => !matched.has(i) && g.change.action === 'create' && documentKey(g.change) === key,
  );
  if (other === undefined || other.change.clusterId === null) return null;
  return {
    what: describe(other.change),
    at: { file: other.change.file, line: other.change.line },
    kind: 'field',
    field: 'request.cluster_id',
    saved: change.clusterId,
    given: other.change.clusterId,
  };
}

/** The fields that hold the ids a plan pins: those a name in a document resolves to. */
const PINNED_IDS = /^request\.(cluster_id|target\.target_id|target\.target_type)$/;

/** One sentence: which change, which field, the file's value and the documents' value. */
export function differenceSentence(difference: PlanDifference): string {
  const change = difference.index === null ? '' : `change ${difference.index + 1} of the file, `;
  const place = difference.at ? ` (${difference.at.file}:${difference.at.line})` : '';
  switch (difference.kind) {
    case 'field': {
      const inFile =
        difference.saved === undefined ? 'absent from the file' : `${shown(difference.saved)} in the file`;
      const inDocuments = difference.given === undefined ? 'no such field' : shown(difference.given);
      const pinned =
        difference.field !== undefined && PINNED_IDS.test(difference.field)
          ? '; the id the plan pinned is not the one the documents give now: a name they write resolves to ' +
            'another id than when the plan was made (renamed, or another took its name), or they were edited'
          : '';
      return `${change}the ${difference.what}${place}: \`${difference.field}\` is ${inFile}, the documents give ${inDocuments}${pinned}`;
    }
    case 'not-given':
      return `${change}the ${difference.what}: the documents give no such change`;
    case 'given-twice':
      return `${change}the ${difference.what}${place}: the file holds it again, the documents give it once`;
    case 'not-held':
      return (
        `the documents give the ${difference.what}${place}, which the file does not hold ` +
        '(a change taken out of the file, or a rule changed in the service since the plan)'
      );
    case 'order':
      return `${change}the ${difference.what}${place}: the file holds the changes in another order than the documents give`;
  }
}

/**
 * Whether a change's rule is declared where the file says: by a document at the head for a create or an
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
function movedSince(change: SavedChange, index: LiveIndex): { fields: string[] } | { why: string } | null {
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

function changedSincePlan(change: SavedChange, moved: { fields: string[] } | { why: string }): Diagnostic {
  // A field the file's fingerprint adds is named as JSON: the file may hold anything.
  const named = (field: string) => (/^[a-z_.]+$/.test(field) ? `\`${field}\`` : JSON.stringify(field));
  const what = 'fields' in moved ? `fields ${moved.fields.map(named).join(', ')} changed` : moved.why;
  return diagnostic(
    'error',
    change.file,
    { line: change.line, column: 1, endLine: change.line, endColumn: 1 },
    PLAN_CODES.changedSincePlan,
    `Not written: the ${describe(change)} is changed since the plan (${what} in the service since it was ` +
      'planned). Plan again to review the live rule as it is now.',
  );
}

/**
 * A create's or an update's document, with the rule's name: the change made again for a set-aside change
 * may be of another action (the rule appeared, or is gone) but comes from the same document.
 */
function documentKey(change: SavedChange | PendingChange): string {
  return JSON.stringify([change.file, change.line, change.name]);
}

/** A rule's key: its id, or for a create its organization, cluster and name (what identifies it then). */
function keyOf(change: SavedChange): string {
  return change.action === 'create'
    ? `new:${change.organizationId.toLowerCase()}:${change.clusterId.toLowerCase()}:${change.name}`
    : `id:${change.id.toLowerCase()}`;
}

/** In words; the name and id as JSON strings, since a file's may hold anything (a line break, say). */
function describe(change: SavedChange | PendingChange): string {
  const id = change.action === 'create' ? '' : ` (${JSON.stringify(change.id).slice(1, -1)})`;
  return `${change.action} of alert rule ${JSON.stringify(change.name)}${id}`;
}

/** As the file holds it: JSON leaves out what is undefined. */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
