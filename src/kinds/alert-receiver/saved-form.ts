/**
 * A receiver's change as the saved plan holds it (src/plan/plan-file.ts): the whole change but its diff,
 * mark and result; its secrets by the name of their variable only (a change never holds a value).
 */
import type { PendingReceiverChange } from '../../model/alert-receiver-change.js';

/** A receiver's pending change as the file holds it. */
export type SavedReceiverChange = PendingReceiverChange extends infer C
  ? C extends PendingReceiverChange
    ? Omit<C, 'diff' | 'gate' | 'result'>
    : never
  : never;

// The saved plan's union of forms is the kinds' own: each declares its form here (src/kinds/change-kind.ts).
declare module '../change-kind.js' {
  interface SavedForms {
    readonly AlertReceiver: SavedReceiverChange;
  }
}

/** The change as the file holds it: what a reviewer was shown of it (its diff, mark and result) left out. */
export function savedReceiver(change: PendingReceiverChange): SavedReceiverChange {
  const { diff: _d, gate: _g, result: _r, ...saved } = change;
  return saved as SavedReceiverChange;
}

/** The change apply takes back from the file: no diff (it was shown when the plan was made). */
export function receiverFromSaved(saved: SavedReceiverChange): PendingReceiverChange {
  return { diff: [], ...saved };
}
