import type { ChangeAction, FieldDiff } from '../plan/types.js';

/** The outcome of one planned write. */
export interface ChangeResult {
  readonly id: string | null;
  readonly name: string;
  readonly action: ChangeAction;
  readonly file: string;
  readonly line: number;
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
  /** Outside edits this write overwrote (from the plan's `outsideEdit`). */
  readonly overwroteOutsideEdit?: readonly FieldDiff[];
}
