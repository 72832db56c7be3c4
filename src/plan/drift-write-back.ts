/**
 * Drift read the other way: the live state written back into the documents, for a person to review
 * (docs/decisions/drift-pull-request.md). Pure: the caller reads the files and the live lists, and writes
 * (the working tree for `drift --write`, a branch for the action's pull request).
 *
 * - A rule or receiver edited outside git: its document is edited in place (yaml-edit.ts), comments,
 *   order, quoting and names kept.
 * - A rule or receiver made outside git and managed by no document: added, in export's own form (the
 *   caller passes export's documents), to the file `adoptInto` names (`{cluster}`: one per cluster).
 * - A rule or receiver of git that the service no longer has: never removed here. It is returned in
 *   `toDecide`, for a person.
 */

import type { FieldEdit } from '../documents/field-edit.js';
import { slug } from '../kinds/alert-rule/export-documents.js';
import type { ReceiverName } from '../kinds/document-edits.js';
import { allKinds, kindOf } from '../kinds/registry.js';
import type { Change, ChangeKind, Plan } from '../model/types.js';
import { parseYamlFile, type YamlFile } from './yaml-edit.js';

/** A drifted change of any kind: what is written back. */
type DriftUpdate = Extract<Change, { action: 'update' }>;

/** A live rule or receiver that no document manages, as export writes it. */
export interface AdoptableDocument {
  readonly kind: ChangeKind;
  readonly id: string;
  readonly name: string;
  /** The rule's cluster name (null: a receiver, or a cluster whose name is not known). */
  readonly clusterName: string | null;
  readonly text: string;
  /** A receiver's: the environment variable its secret is read from, which the workflow must pass. */
  readonly variable?: string;
}

export interface WriteBackInput {
  readonly plan: Plan;
  /** Repository-relative path → text: every file a drifted change names, and the adoption files that exist. */
  readonly files: ReadonlyMap<string, string>;
  /** The receivers of each organization, to write a rule's receivers by name. */
  readonly receivers: ReadonlyMap<string, readonly ReceiverName[]>;
  readonly adoptable: readonly AdoptableDocument[];
  /** Where adopted documents go, repository-relative; `{cluster}` is the cluster's name (receivers: `receivers`). */
  readonly adoptInto: string;
}

/** One thing written back, in the plan's words: `change` is the plan's own change (absent: added). */
export interface AdoptedEdit {
  readonly kind: ChangeKind;
  readonly name: string;
  readonly file: string;
  readonly change: DriftUpdate | null;
  /** The live id of what was added. */
  readonly id: string | null;
  /** An added receiver's secret variable (AdoptableDocument). */
  readonly variable?: string;
}

/**
 * A document whose rule or receiver the service does not have. `deleted`: the document names a live id
 * that is gone (deleted in the console), which no run can plan; `create`: no live match, the next apply
 * would make it. Either way the document stays: removing it from git is a person's decision.
 */
export interface ToDecide {
  readonly kind: ChangeKind;
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly why: 'deleted' | 'create';
  /** The plan's create, for its words and fields. */
  readonly change?: Extract<Change, { action: 'create' }>;
}

export interface WriteBack {
  /** Files whose text changed or that are new, by path. */
  readonly files: readonly { readonly path: string; readonly text: string }[];
  readonly adopted: readonly AdoptedEdit[];
  /** In git, not in the service: a person decides whether to delete the document or make it again. */
  readonly toDecide: readonly ToDecide[];
  /** Drift that could not be written back, and why (the description says so). */
  readonly notWritten: readonly { readonly name: string; readonly file: string; readonly reason: string }[];
}

export function writeBack(input: WriteBackInput): WriteBack {
  const parsed = new Map<string, YamlFile>();
  const adopted: AdoptedEdit[] = [];
  const notWritten: { name: string; file: string; reason: string }[] = [];
  const pending = input.plan.changes.filter((c): c is DriftUpdate => c.action === 'update');
  for (const change of pending) {
    const source = input.files.get(change.file);
    if (source === undefined) {
      notWritten.push({ name: change.name, file: change.file, reason: 'its file could not be read' });
      continue;
    }
    const file = parsed.get(change.file) ?? parseYamlFile(source);
    parsed.set(change.file, file);
    const index = documentAt(file, change.line);
    const doc = file.documents[index];
    const plain = (doc?.toJS() ?? null) as Record<string, unknown> | null;
    if (plain === null || plain.kind !== change.kind || plain.name !== change.name) {
      notWritten.push({
        name: change.name,
        file: change.file,
        reason: 'its document was not found at its line',
      });
      continue;
    }
    const edits = kindOf(change).documentEdits(change, {
      doc: plain,
      receivers: input.receivers.get(change.organizationId) ?? null,
    });
    if ('refused' in edits) {
      notWritten.push({ name: change.name, file: change.file, reason: edits.refused });
      continue;
    }
    file.edit(index, edits);
    adopted.push({ kind: change.kind, name: change.name, file: change.file, change, id: change.id });
  }
  renameReferences(input, parsed, adopted);
  const files = new Map<string, string>();
  for (const [path, file] of parsed) {
    const text = file.text();
    if (text !== input.files.get(path)) files.set(path, text);
  }
  for (const doc of input.adoptable) {
    const path = adoptedFileOf(input.adoptInto, doc.clusterName);
    const before = files.get(path) ?? input.files.get(path);
    files.set(path, before === undefined || before.trim() === '' ? doc.text : joined(before, doc.text));
    adopted.push({
      kind: doc.kind,
      name: doc.name,
      file: path,
      change: null,
      id: doc.id,
      ...(doc.variable ? { variable: doc.variable } : {}),
    });
  }
  const creates = input.plan.changes.filter(
    (c): c is Extract<Change, { action: 'create' }> => c.action === 'create',
  );
  const toDecide: ToDecide[] = [
    ...deletedOutsideGit(input),
    ...creates.map((change): ToDecide => {
      const { kind, name, file, line } = change;
      return { kind, name, file, line, why: 'create', change };
    }),
  ];
  return {
    files: [...files].sort(([a], [b]) => a.localeCompare(b)).map(([path, text]) => ({ path, text })),
    adopted,
    toDecide,
    notWritten,
  };
}

/** The file an adopted document goes to: `{cluster}` is its cluster's name as a file name, or `receivers`. */
export function adoptedFileOf(adoptInto: string, clusterName: string | null): string {
  return adoptInto.split('{cluster}').join(slug(clusterName ?? 'receivers'));
}

/**
 * An object renamed in the console (a receiver): its document takes the new name above, and every document
 * that names it by the old one takes it too, each by its kind's own rule (a rule's `alert_receivers`).
 */
function renameReferences(
  input: WriteBackInput,
  parsed: Map<string, YamlFile>,
  adopted: AdoptedEdit[],
): void {
  const renames = renamesOf(adopted);
  if (renames.size === 0) return;
  for (const change of input.plan.changes) {
    if (change.action === 'delete') continue;
    const follow = kindOf(change).followRenames;
    if (follow === undefined) continue;
    const source = input.files.get(change.file);
    if (source === undefined) continue;
    const file = parsed.get(change.file) ?? parseYamlFile(source);
    parsed.set(change.file, file);
    const index = documentAt(file, change.line);
    const doc = file.documents[index]?.toJS() as Record<string, unknown> | null;
    if (doc === null || typeof doc !== 'object') continue;
    const edits: readonly FieldEdit[] = follow(doc, renames);
    if (edits.length > 0) file.edit(index, edits);
  }
}

/** The names written back as new, by kind: old name → new name. */
function renamesOf(adopted: readonly AdoptedEdit[]): Map<ChangeKind, Map<string, string>> {
  const renames = new Map<ChangeKind, Map<string, string>>();
  for (const edit of adopted) {
    if (edit.change === null) continue;
    const renamed = kindOf(edit.change).renamed?.(edit.change);
    if (!renamed) continue;
    const ofKind = renames.get(edit.kind) ?? new Map<string, string>();
    ofKind.set(renamed.from, renamed.to);
    renames.set(edit.kind, ofKind);
  }
  return renames;
}

/** The findings that say a document's id is gone from the service, with the document's kind and name. */
function deletedOutsideGit(input: WriteBackInput): ToDecide[] {
  return input.plan.diagnostics.flatMap((d): ToDecide[] => {
    const kind = goneKind(d.code);
    if (kind === null) return [];
    const source = input.files.get(d.file);
    if (source === undefined) return [];
    const file = parseYamlFile(source);
    const plain = file.documents[documentAt(file, d.line)]?.toJS() as Record<string, unknown> | null;
    const name = typeof plain?.name === 'string' ? plain.name : '';
    return [{ kind, name, file: d.file, line: d.line, why: 'deleted' }];
  });
}

/** The kind whose document a finding says names an id the service no longer has (null: another finding). */
export function goneKind(code: string): ChangeKind | null {
  return allKinds().find((k) => k.goneCode === code)?.kind ?? null;
}

/** The document a change's line falls in: the last one starting at or before it. */
function documentAt(file: YamlFile, line: number): number {
  let index = 0;
  file.firstLines.forEach((first, i) => {
    if (first <= line) index = i;
  });
  return index;
}

/** Another document after the file's last one. */
function joined(before: string, text: string): string {
  return `${before.endsWith('\n') ? before : `${before}\n`}---\n${text}`;
}
