/**
 * Is a saved plan the plan its documents give? `apply --plan` makes the plan again from the documents, the
 * base the file names and the live state, and executes the file only when every change in it equals the
 * change made again: a request edited in the file, a change added, doubled, dropped or pointed elsewhere
 * is found here, before anything is written. Pure: the first difference, or null; the command makes the
 * finding. The file is not trusted for anything but naming what differs.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import type { ReadAgain } from '../kinds/change-kind.js';
import { nounOf } from '../kinds/registry.js';
import { firstFieldDifference, shown } from '../model/field-difference.js';
import type { Change, PendingChange } from '../model/types.js';
import { type SavedChange, savedChange } from './plan-file.js';
import { describe, documentKey, keyOf, otherObjectAtPlace, placeOf, withArticle } from './saved-plan-ids.js';
import { setAsideSincePlan } from './saved-plan-moved.js';

/** What apply --plan holds: the file's changes, the plan made again, and what it read again (ReadAgain). */
export interface SavedPlanInput extends Omit<ReadAgain, 'givenAt' | 'idsAt'> {
  /** The file's changes, of every kind. */
  readonly saved: readonly SavedChange[];
  /** The pending changes of the plan made again, of every kind. */
  readonly recomputed: readonly PendingChange[];
  /**
   * Every change of the plan made again, noops included: the object the documents give at each place
   * (saved-plan-ids.ts). Without it, the pending changes alone.
   */
  readonly given?: readonly Change[];
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
 * The gate of a saved plan, whatever the kinds of its changes: set aside the changes whose live object
 * moved since the plan (only for the object the documents give where the file says: any other change is
 * compared, and refused as not given), then compare the others with the plan made again.
 */
export function checkSavedPlan(input: SavedPlanInput): SavedPlanCheck {
  const setAside = setAsideSincePlan({ ...input, given: input.given ?? input.recomputed });
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
  /** The kind's noun of the change the file lacks, for `not-held`: `alert rule`. */
  readonly noun?: string;
}

/**
 * Compares the file's changes with the recomputed pending changes, in order, each matched by its kind's
 * key. `setAside`: the indexes of the file's changes whose live object moved since the plan (or could not
 * be read): those are refused by the caller and never written, so neither they nor the recomputed changes
 * of the same object or document are compared (the recomputed one was made against the moved object).
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
    // The change of a document (not matched yet) whose id names another object: named as the documents'
    // change, by its id.
    const other = otherObjectAtPlace(change, byPlace, given, matched);
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
      const moved = change.action === 'create' ? createUnderOtherKey(change, given, matched) : null;
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
    noun: nounOf(change),
  };
}

/**
 * The documents' create of the same document under another key: what identifies the object is not what the
 * file says (a rule's cluster id the plan pinned is not the one its document gives now, a receiver's
 * organization was edited). Named by the first field that differs, the request's first: it is what the
 * write sends.
 */
function createUnderOtherKey(
  change: SavedChange,
  given: readonly { readonly change: PendingChange; readonly expected: SavedChange }[],
  matched: ReadonlySet<number>,
): Omit<PlanDifference, 'index'> | null {
  const key = documentKey(change);
  const other = given.find(
    (g, i) =>
      !matched.has(i) &&
      g.change.action === 'create' &&
      g.change.kind === change.kind &&
      documentKey(g.change) === key,
  );
  if (other === undefined) return null;
  const saved = change as { readonly request?: unknown };
  const expected = other.expected as { readonly request?: unknown };
  // Some field differs: the keys do, and each is made of the change's own fields.
  const field =
    firstFieldDifference(saved.request, expected.request, 'request') ??
    firstFieldDifference(change, other.expected, '')!;
  return {
    what: describe(other.change),
    at: { file: other.change.file, line: other.change.line },
    kind: 'field',
    ...field,
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
        `(a change taken out of the file, or ${withArticle(difference.noun!)} changed in the service since the plan)`
      );
    case 'order':
      return `${change}the ${difference.what}${place}: the file holds the changes in another order than the documents give`;
  }
}

/** As the file holds it: JSON leaves out what is undefined. */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
