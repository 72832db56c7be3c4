/**
 * One edit of a document, as data: what drift written back asks of a document (each kind says which, in
 * src/kinds/<kind>/drift-edits.ts) and what plan/yaml-edit.ts applies keeping everything a person wrote.
 */

export type YamlPath = readonly (string | number)[];

/**
 * One change to a document. `set` writes a value at `path` (added when missing, unless it equals
 * `unlessMissing`: a field the document leaves to its default stays left out); `remove` drops the key (a
 * map it empties goes too); `list` keeps the items at `keep` (indexes into the current list, so their
 * comments stay) and appends `append` — a list left empty is removed.
 */
export type FieldEdit =
  | { readonly op: 'set'; readonly path: YamlPath; readonly value: unknown; readonly unlessMissing?: unknown }
  | { readonly op: 'remove'; readonly path: YamlPath }
  | {
      readonly op: 'list';
      readonly path: YamlPath;
      readonly keep: readonly number[];
      readonly append: readonly string[];
    };

/** The plain value of a document (yaml's toJS), read to see how it writes what an edit touches. */
export type PlainDocument = Readonly<Record<string, unknown>>;
