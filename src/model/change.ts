/**
 * What every change of a plan has, whatever its kind (src/kinds/ holds the kinds): an action, the field
 * differences a reviewer reads, the fingerprint of the live object it was planned against, the gate's mark
 * and the service's answer. The gate, the saved-plan check, the review, apply and every report are written
 * over these parts once.
 */

/** What applying a change does to the service. `noop`: the document and the live object already agree. */
export type ChangeAction = 'create' | 'update' | 'delete' | 'noop';

/** One field that differs. `path` is dotted (`condition.promql`, `alert_receiver_ids`). */
export interface FieldDiff {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** Field path → the first 16 hex digits of the SHA-256 of the value's JSON: what a live object looked like. */
export type LiveFingerprint = Readonly<Record<string, string>>;

/** The fields whose hash differs (a field only one side knows counts as moved), in the diff's order. */
export function movedFields(planned: LiveFingerprint, now: LiveFingerprint): string[] {
  const paths = [...new Set([...Object.keys(now), ...Object.keys(planned)])];
  return paths.filter((path) => planned[path] !== now[path]);
}

/** Why the gate (src/plan/gate.ts) held a change back: it is not written, and the report says so. */
export type HoldReason =
  /** The run found errors: nothing is written until they are fixed. */
  | 'findings block the apply'
  /** The push run's change was not on the reviewed pull request's plan (on-unreviewed: refuse). */
  | 'not reviewed'
  /** The push run's change differs from the one reviewed (on-unreviewed: refuse). */
  | 'changed since review'
  /** A saved plan's change whose live object moved since the plan was made. */
  | 'changed since the saved plan'
  /** `apply --plan --strict`: another change of the file was held, so none is written. */
  | 'another change was held (strict)'
  /** A delete of a plan executed without prune. */
  | 'prune is off'
  /** A change that waits for an object this apply was to create, and did not (a rule naming a new receiver). */
  | 'a receiver it names was not created';

/** The gate's mark on a pending change: apply writes the admitted ones and only those. */
export type GateMark =
  | { readonly admitted: true }
  | { readonly admitted: false; readonly reason: HoldReason };

export const ADMITTED: GateMark = { admitted: true };
export const held = (reason: HoldReason): GateMark => ({ admitted: false, reason });

/** What the service answered to one write (apply/types.ts pairs it with its change as a ChangeResult). */
export interface WriteResult {
  /** The object's id after the write: the new id of a create, the change's id otherwise (null: unknown). */
  readonly id: string | null;
  readonly ok: boolean;
  /** HTTP status of the write, null when no answer came (or nothing was sent). */
  readonly status: number | null;
  /** One sentence for a person when the write failed. */
  readonly error?: string;
  /** True when the write was not sent at all: an earlier one showed that every write would be refused. */
  readonly notSent?: boolean;
  /** True when the service's answer equals the desired state. */
  readonly converged?: boolean;
  /** Fields the service stored differently from what was sent (before = sent, after = stored). */
  readonly storedDifferently?: readonly FieldDiff[];
  /** What else a person should know about this write, e.g. a concurrent duplicate removed. */
  readonly note?: string;
}

/**
 * What a pending change carries once a run gates and applies it: the plan that goes into apply is the
 * plan that comes out, each change with its mark and, when written, the service's answer.
 */
export interface Gated {
  /** Set by the gate (gate.ts); absent on a plan that was not gated (`plan`, `drift`). */
  readonly gate?: GateMark;
  /** Set by apply on each change it wrote (or tried to). */
  readonly result?: WriteResult;
}

/** What every change says, whatever its kind: which object, where its document is, what differs. */
export interface ChangeParts extends Gated {
  readonly name: string;
  readonly organizationId: string;
  /** The document (for a delete: the removed document, as it was in the base revision). */
  readonly file: string;
  readonly line: number;
  /** Field-level differences, before = live, after = desired; empty for noop and delete. */
  readonly diff: readonly FieldDiff[];
}
