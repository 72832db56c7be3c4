/**
 * What a drifted receiver asks of its document when the live state is adopted (plan/drift-write-back.ts):
 * the plan's diff read the other way (before = live becomes the document's value), fields left to their
 * defaults staying left out.
 */
import type { FieldEdit } from '../../documents/field-edit.js';
import type { ReceiverUpdate } from '../../model/alert-receiver-change.js';
import type { DocumentEdits } from '../document-edits.js';

/** Defaults of a receiver's fields (fields.ts): the same values, left out the same way. */
const RECEIVER_DEFAULTS: Readonly<Record<string, unknown>> = {
  description: '',
  send_resolved: true,
  require_tls: true,
  to: '',
  from: '',
  smarthost: '',
};

/** A receiver's fields; its secret is never in a diff, so its `valueFrom` is never touched. */
export function receiverEdits(change: ReceiverUpdate): DocumentEdits {
  // Another type needs another secret, which only a person can name.
  if (change.diff.some((d) => d.path === 'type')) return { refused: 'its type was changed outside git' };
  return change.diff.map((d): FieldEdit => {
    if (d.before === null) return { op: 'remove', path: [d.path] };
    return { op: 'set', path: [d.path], value: d.before, unlessMissing: RECEIVER_DEFAULTS[d.path] };
  });
}

/**
 * A receiver renamed in the console: rule documents name it, and take the live name. `from` is the name the
 * documents use (the diff's after), `to` the live one (its before).
 */
export function receiverRenamed(
  change: ReceiverUpdate,
): { readonly from: string; readonly to: string } | null {
  const name = change.diff.find((d) => d.path === 'name');
  return name && typeof name.before === 'string' && typeof name.after === 'string'
    ? { from: name.after, to: name.before }
    : null;
}
