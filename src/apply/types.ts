import type { FieldDiff, PendingChange } from '../plan/types.js';

/** The outcome of one planned write: the change itself, and what the service answered. */
export interface ChangeResult {
  readonly change: PendingChange;
  /** The rule's id after the write: the new id of a create, the change's id otherwise (null: unknown). */
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

/** The outside edits a successful write overwrote (from its change's `outsideEdit`). */
export function overwroteOutsideEdit(result: ChangeResult): readonly FieldDiff[] {
  return result.ok && result.change.action === 'update' ? (result.change.outsideEdit ?? []) : [];
}
