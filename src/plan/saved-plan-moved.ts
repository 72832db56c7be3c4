/**
 * Which changes of a saved plan are set aside because their live object moved since the plan: never
 * written, each with its `apply.changed-since-plan` finding, while the others are compared with the plan
 * made again (saved-plan-check.ts). One policy for every kind: an update or delete whose object moved or is
 * gone, a create whose object appeared. How it is told is the kind's (its moved-since.ts): from the live
 * object itself where the run holds it indexed (the alert rules read), otherwise from the plan made again,
 * which was made against the live objects.
 */
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Moved, ReadAgain, SincePlan } from '../kinds/change-kind.js';
import { kindNamed, nounOf } from '../kinds/registry.js';
import { PLAN_CODES } from '../model/codes.js';
import type { Change, ChangeKind } from '../model/types.js';
import type { SavedChange } from './plan-file.js';
import { describe, idsByPlace, placeOf } from './saved-plan-ids.js';

export interface MovedInput extends Omit<ReadAgain, 'givenAt' | 'idsAt'> {
  readonly saved: readonly SavedChange[];
  /** Every change of the plan made again, noops included. */
  readonly given: readonly Change[];
}

/**
 * The file's changes set aside (by index), each with its finding, or null when its organization's objects
 * could not be read (that read's error says so).
 */
export function setAsideSincePlan(input: MovedInput): Map<number, Diagnostic | null> {
  const setAside = new Map<number, Diagnostic | null>();
  const ids = idsByPlace(input.given);
  const kindAndPlace = (change: SavedChange | Change) => JSON.stringify([change.kind, placeOf(change)]);
  const atPlace = new Map(input.given.map((c) => [kindAndPlace(c), c] as const));
  const read: ReadAgain = {
    givenAt: (saved) => atPlace.get(kindAndPlace(saved)),
    idsAt: (saved) => ids.get(placeOf(saved)),
    live: input.live,
    organizations: input.organizations,
    rules: input.rules,
    removed: input.removed,
  };
  // Each kind's judge is made once, by the first of its changes: what it indexes, it indexes once per plan.
  const judges = new Map<ChangeKind, (saved: SavedChange) => SincePlan>();
  for (const [i, change] of input.saved.entries()) {
    let judge = judges.get(change.kind);
    if (judge === undefined) {
      judge = kindNamed(change.kind).movedSince(read);
      judges.set(change.kind, judge);
    }
    const since = judge(change);
    if (since === 'not read') setAside.set(i, null);
    else if (since !== null) setAside.set(i, changedSincePlan(change, since));
  }
  return setAside;
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
