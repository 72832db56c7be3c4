/**
 * What a kind is given and answers when drift is written back into the documents (plan/drift-write-back.ts):
 * the live values of an update read the other way, as edits of its document.
 */
import type { FieldEdit, PlainDocument } from '../documents/field-edit.js';
import type { ChangeKind } from '../model/types.js';

/** A receiver of the organization, by id and name: names are written only where they find one receiver. */
export interface ReceiverName {
  readonly id: string;
  readonly name: string;
}

/** What an update's edits may read besides the change. */
export interface DocumentEditContext {
  /** The document as it is, to write a value the way it already does (a receiver by name or by id). */
  readonly doc: PlainDocument;
  /** The receivers of the change's organization (null: not read). */
  readonly receivers: readonly ReceiverName[] | null;
}

/** The edits that adopt the live values, or the sentence saying why they cannot be written back. */
export type DocumentEdits = readonly FieldEdit[] | { readonly refused: string };

/** The names a drift renames, by the kind of what is renamed: old name (as documents read) → new name. */
export type Renames = ReadonlyMap<ChangeKind, ReadonlyMap<string, string>>;
