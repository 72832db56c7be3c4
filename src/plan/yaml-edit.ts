/**
 * Edits of one document inside a YAML file that keep everything a person wrote around them: comments, key
 * order, quoting, blank lines and the other documents of the file. The file is parsed once into its
 * concrete syntax tree (yaml's CST), which prints back byte for byte. A document whose edits only replace
 * existing scalars is edited in that tree, so not even the spacing of a comment moves; a document that
 * gains or loses a key or a list item is printed by yaml's Document (comments and order kept, every
 * scalar in its own style), the file's other documents staying as they were.
 */
import { Composer, CST, type Document, isMap, isScalar, isSeq, Parser, parse, type Scalar } from 'yaml';
import type { FieldEdit, YamlPath } from '../documents/field-edit.js';

/** A file split into its documents; `documents[i]` answers for the i-th document of the file. */
export interface YamlFile {
  readonly documents: readonly Document.Parsed[];
  /** The line (1-based) where each document starts: its `---`, or its first key (comments before it aside). */
  readonly firstLines: readonly number[];
  /** Edit the i-th document; the edits of several calls add up. */
  edit(index: number, edits: readonly FieldEdit[]): void;
  /** The whole file as edited. */
  text(): string;
}

/**
 * How a reprinted document is written: PromQL never folded (lineWidth 0), and flow collections as people
 * write them (`{cluster: prod-eu}`, not yaml's default `{ cluster: prod-eu }`), so lines not edited stay.
 */
const PRINT = { lineWidth: 0, flowCollectionPadding: false } as const;

export function parseYamlFile(source: string): YamlFile {
  const tokens = [...new Parser().parse(source)];
  const documentTokens = tokens.filter((t): t is CST.Document => t.type === 'document');
  const documents = [...new Composer({ keepSourceTokens: true }).compose(tokens)].slice(
    0,
    documentTokens.length,
  );
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const firstLines = documentTokens.map((t) => lineOf(t.offset));
  // Documents that had to be printed by the Document API rather than edited in the tree.
  const reprinted = new Set<number>();
  return {
    documents,
    firstLines,
    edit(index, edits) {
      const doc = documents[index];
      if (doc === undefined) throw new Error(`no document ${index} in the file`);
      const inPlace = !reprinted.has(index) && edits.every((e) => scalarInPlace(doc, e));
      if (inPlace) {
        for (const e of edits) if (e.op === 'set') setScalarToken(doc, e.path, e.value);
        return;
      }
      const effective = edits.filter((e) => changesDocument(doc, e));
      if (effective.length === 0) return;
      reprinted.add(index);
      for (const e of effective) applyToDocument(doc, e);
    },
    text() {
      // Which document each token belongs to: the comments before a document are its own (yaml gives
      // them to its commentBefore), and so is its `...`; a reprinted document prints all of them itself.
      const owner = tokens.map(() => -1);
      let next = 0;
      let pending: number[] = [];
      tokens.forEach((token, i) => {
        if (token.type === 'document') {
          for (const j of pending) owner[j] = next;
          owner[i] = next++;
          pending = [];
        } else if (token.type === 'doc-end') {
          owner[i] = next - 1;
          pending = [];
        } else if (token.type === 'comment' || token.type === 'newline' || token.type === 'space') {
          pending.push(i);
        }
      });
      return tokens
        .map((token, i) => {
          const index = owner[i]!;
          if (index < 0 || !reprinted.has(index)) return CST.stringify(token);
          return token.type === 'document' ? documents[index]!.toString(PRINT) : '';
        })
        .join('');
    },
  };
}

/** True when `edit` replaces a scalar the document already holds, in a form its tree can take as it is. */
function scalarInPlace(doc: Document.Parsed, edit: FieldEdit): boolean {
  if (edit.op !== 'set') return false;
  const node = doc.getIn(edit.path, true);
  if (!isScalar(node) || node.srcToken === undefined) return false;
  const value = edit.value;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * Writes `value` into the scalar's own token. A quoted scalar keeps its quotes; a plain one stays plain
 * when the text reads back as the same value, and is double-quoted otherwise (`"true"` for a string).
 */
function setScalarToken(doc: Document.Parsed, path: YamlPath, value: unknown): void {
  const node = doc.getIn(path, true) as Scalar;
  const token = node.srcToken as CST.FlowScalar | CST.BlockScalar;
  let type: Scalar.Type = node.type === 'QUOTE_SINGLE' ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE';
  let source: string;
  if (typeof value === 'string') {
    const plainSafe = node.type === 'PLAIN' && value !== '' && readsAs(value, value);
    if (plainSafe) type = 'PLAIN';
    source = value;
  } else {
    type = 'PLAIN';
    source = String(value);
  }
  CST.setScalarValue(token, source, { type });
  node.value = value;
}

function readsAs(text: string, value: unknown): boolean {
  try {
    return parse(text) === value && !/[\n#:]|^\s|\s$/.test(text);
  } catch {
    return false;
  }
}

/** False for an edit that would leave the document as it is: a default left out, a key already absent. */
function changesDocument(doc: Document.Parsed, edit: FieldEdit): boolean {
  const present = doc.hasIn(edit.path);
  if (edit.op === 'remove') return present;
  if (edit.op === 'set')
    return present || edit.unlessMissing === undefined || edit.value !== edit.unlessMissing;
  return true;
}

function applyToDocument(doc: Document.Parsed, edit: FieldEdit): void {
  if (edit.op === 'remove') {
    removeIn(doc, edit.path);
    return;
  }
  if (edit.op === 'set') {
    const node = doc.getIn(edit.path, true);
    if (node === undefined && edit.unlessMissing !== undefined && edit.value === edit.unlessMissing) return;
    // An existing scalar keeps its node, so its comment and quoting stay with it.
    if (isScalar(node) && (typeof edit.value !== 'object' || edit.value === null)) node.value = edit.value;
    else doc.setIn(edit.path, doc.createNode(edit.value));
    return;
  }
  const node = doc.getIn(edit.path, true);
  const kept = isSeq(node) ? edit.keep.map((i) => node.items[i]).filter((n) => n !== undefined) : [];
  const items = [...kept, ...edit.append.map((v) => doc.createNode(v))];
  if (items.length === 0) removeIn(doc, edit.path);
  else if (isSeq(node)) node.items = items;
  else doc.setIn(edit.path, doc.createNode(edit.append));
}

/** Drops the key, and the maps left empty above it (a `presentation` with nothing in it). */
function removeIn(doc: Document.Parsed, path: YamlPath): void {
  if (!doc.hasIn(path)) return;
  doc.deleteIn(path);
  for (let depth = path.length - 1; depth > 0; depth--) {
    const parent = doc.getIn(path.slice(0, depth), true);
    if (!isMap(parent) || parent.items.length > 0) return;
    doc.deleteIn(path.slice(0, depth));
  }
}
