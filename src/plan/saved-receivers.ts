/**
 * The receivers' changes of a saved plan (plan-file.ts): each pending change as the plan made it, its
 * secrets by the name of their variable only (never a value), and the live receiver's fingerprint. `apply
 * --plan` makes the plan again and executes the file only when its receivers' changes are exactly those
 * made again: a receiver that moved since the plan (another fingerprint), or any other difference, refuses
 * the file whole, before any write (docs/decisions/alert-receivers.md).
 */
import { canonicalJson } from '../core/canonical-json.js';
import { isPlainObject } from '../core/plain-object.js';
import { firstFieldDifference, shown } from './field-difference.js';
import { isPendingReceiver, type PendingReceiverChange, type ReceiverChange } from './receiver-types.js';

/** A pending receiver change without its diff, mark and result. */
export type SavedReceiverChange = PendingReceiverChange extends infer C
  ? C extends PendingReceiverChange
    ? Omit<C, 'diff' | 'gate' | 'result'>
    : never
  : never;

export function savedReceivers(changes: readonly ReceiverChange[] | undefined): SavedReceiverChange[] {
  return (changes ?? [])
    .filter(isPendingReceiver)
    .map(({ diff: _d, gate: _g, result: _r, ...saved }) => saved as SavedReceiverChange);
}

/** The file's receivers' changes, as apply takes them (their diff was shown when the plan was made). */
export function receiversOfFile(saved: readonly SavedReceiverChange[] | undefined): ReceiverChange[] {
  return (saved ?? []).map((change) => ({ ...change, diff: [] }) as ReceiverChange);
}

/**
 * The first difference between the file's receivers' changes and those made again, in words; null when
 * they are the same (the same changes, in the same order, to the field). Any field counts, the id
 * included: a change pointed at another receiver is not the one the documents give, and is named as they
 * give it, with the field and both values. Only a change of the same receiver whose fingerprint differs
 * is said to have changed since the plan.
 */
export function receiversDifference(
  saved: readonly SavedReceiverChange[] | undefined,
  recomputed: readonly ReceiverChange[] | undefined,
): string | null {
  const file = saved ?? [];
  const again = savedReceivers(recomputed);
  for (let i = 0; i < Math.max(file.length, again.length); i++) {
    const a = file[i];
    const b = again[i];
    if (a === undefined) return `the documents give the ${describe(b!)}, which the file does not hold`;
    if (b === undefined) return `the file's ${describe(a)} is not given by the documents`;
    if (canonicalJson(a) !== canonicalJson(b)) {
      const against = (c: SavedReceiverChange) => ('against' in c ? canonicalJson(c.against) : null);
      const sameReceiver = a.action !== 'create' && b.action === a.action && sameId(a.id, b.id);
      if (sameReceiver && against(a) !== against(b))
        return `alert receiver ${JSON.stringify(b.name)} changed since the plan was made`;
      const field = firstFieldDifference(a, b, '');
      const what = field
        ? `: \`${field.field}\` is ${field.saved === undefined ? 'absent from the file' : `${shown(field.saved)} in the file`}, ` +
          `the documents give ${field.given === undefined ? 'no such field' : shown(field.given)}`
        : '';
      return `change ${i + 1} of the file's receivers, the ${describe(b)}, is not the one the documents give${what}`;
    }
  }
  return null;
}

/** In words; the name and id as JSON strings, since a file's may hold anything (a line break, say). */
function describe(change: SavedReceiverChange): string {
  const id = change.action === 'create' ? '' : ` (${JSON.stringify(String(change.id)).slice(1, -1)})`;
  return `${change.action} of alert receiver ${JSON.stringify(String(change.name))}${id}`;
}

function sameId(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}

/** Whether a value read from a plan file has the shape of saved receivers' changes. */
export function isSavedReceivers(value: unknown): boolean {
  if (value === undefined) return true;
  return (
    Array.isArray(value) &&
    value.every(
      (c: unknown) =>
        isPlainObject(c) &&
        c.kind === 'AlertReceiver' &&
        ['create', 'update', 'delete'].includes(c.action as string) &&
        typeof c.name === 'string' &&
        typeof c.organizationId === 'string' &&
        (c.action === 'delete' || (isPlainObject(c.request) && Array.isArray(c.secrets))),
    )
  );
}
