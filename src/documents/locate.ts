import type { Document, LineCounter, Node } from 'yaml';
import { isAlias, isMap, isNode, isPair, isScalar, isSeq } from 'yaml';
import type { SourceRange } from '../core/diagnostic.js';
import { keyName, rangeOfNode, rangeOfOffsets } from './positions.js';
import type { Located, PathSegment } from './types.js';
import { parseTreesAgain } from './yaml-parse.js';

export type Locator = (path: readonly PathSegment[], target?: 'key' | 'value') => Located;

/**
 * A file's yaml trees, parsed again on the first lookup that needs them and then shared by all of the
 * file's documents: a file costs at most one more parse, however many of its documents have a finding.
 */
export class FileTrees {
  #trees: readonly Document[] | null = null;
  readonly #names = new Map<string, readonly string[]>();
  constructor(
    readonly text: string,
    readonly lineCounter: LineCounter,
  ) {}

  document(index: number): Document {
    this.#trees ??= parseTreesAgain(this.text);
    const doc = this.#trees[index];
    if (doc === undefined) throw new Error(`document ${index} is missing on a second parse of its file`);
    return doc;
  }

  /** One array per distinct list of top-level key names: the documents of a file mostly share one. */
  shared(names: readonly string[]): readonly string[] {
    const key = JSON.stringify(names);
    const known = this.#names.get(key);
    if (known !== undefined) return known;
    this.#names.set(key, names);
    return names;
  }
}

/**
 * The `locate` of a document that is kept after parsing. A tree costs about 10 KiB a document, so it is
 * not kept: the document's first line and its top-level keys (the places most findings point at) are
 * recorded as offsets, and any other lookup asks the file for its trees again. A run may keep 100 000 of
 * these, so what each holds is kept small: its key names are shared with the file's documents of the
 * same shape, and its offsets take no spare room.
 */
export function createKeptLocator(doc: Document, index: number, file: FileTrees): Locator {
  const documentRange = documentStart(doc, file.lineCounter, file.text);
  // Top-level keys in source order and their [start, end) offsets; null when the top level is not a plain
  // mapping (an alias to one, say), which then always goes to the tree.
  const top = isMap(doc.contents) ? doc.contents : null;
  const names: string[] = [];
  const found: number[] = [];
  for (const pair of top?.items ?? []) {
    if (!isScalar(pair.key) || !pair.key.range) continue;
    const name = String(pair.key.value);
    // The first pair of a name is the one the tree's lookup finds.
    if (names.includes(name)) continue;
    names.push(name);
    found.push(pair.key.range[0], pair.key.range[1]);
  }
  const keys = top === null ? null : file.shared(names);
  // A copy of exactly its length: an array grown by push keeps room for more.
  const offsets = found.slice();
  let fromTree: Locator | null = null;
  return (path, target = 'key') => {
    if (path.length === 0) return { ...documentRange, exact: true };
    if (keys !== null) {
      const at = keys.indexOf(String(path[0]));
      if (at === -1) return { ...documentRange, exact: false };
      if (path.length === 1 && target === 'key') {
        const range = rangeOfOffsets(file.lineCounter, offsets[2 * at]!, offsets[2 * at + 1]!);
        return { ...range, exact: true };
      }
    }
    fromTree ??= createLocator(file.document(index), file.lineCounter, file.text);
    return fromTree(path, target);
  };
}

/**
 * Builds the `locate` of a SourceDocument from the yaml node tree. The tree is read lazily on each call:
 * most documents are never located (no finding), so nothing is precomputed.
 */
export function createLocator(doc: Document, lineCounter: LineCounter, text: string): Locator {
  const documentRange = documentStart(doc, lineCounter, text);
  const resolve = (node: unknown): Node | null => {
    const seen = new Set<unknown>();
    let current = node;
    // An alias stands for its anchor's node; the bound stops a (malformed) alias loop.
    while (isAlias(current) && !seen.has(current)) {
      seen.add(current);
      current = current.resolve(doc);
    }
    return isNode(current) ? current : null;
  };
  const rangeOf = (node: Node): SourceRange => rangeOfNode(lineCounter, node, text);

  return (path, target = 'key') => {
    if (path.length === 0) return { ...documentRange, exact: true };
    let container = resolve(doc.contents);
    // The place to point at when the path stops early: the key (or item) that led to `container`.
    let ancestor: SourceRange = documentRange;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      if (isMap(container)) {
        const pair = container.items.find((p) => isPair(p) && keyName(p.key) === String(segment));
        if (pair === undefined) return { ...ancestor, exact: false };
        const keyNode = isNode(pair.key) ? pair.key : null;
        const keyRange = keyNode ? rangeOf(keyNode) : ancestor;
        const value = resolve(pair.value);
        if (last) {
          // `field:` with nothing after it has no value node to point at: its key is the place.
          if (target === 'value' && value !== null && !isEmpty(value))
            return { ...rangeOf(value), exact: true };
          return { ...keyRange, exact: true };
        }
        ancestor = keyRange;
        container = value;
      } else if (isSeq(container) && typeof segment === 'number') {
        const item = resolve(container.items[segment]);
        if (item === null) return { ...ancestor, exact: false };
        const itemRange = rangeOf(item);
        if (last) return { ...itemRange, exact: true };
        ancestor = itemRange;
        container = item;
      } else {
        return { ...ancestor, exact: false };
      }
    }
    return { ...ancestor, exact: false };
  };
}

/** `field:` with nothing after it still has a (zero-width) value node; there is nothing there to show. */
function isEmpty(node: Node): boolean {
  return node.range === undefined || node.range === null || node.range[0] === node.range[1];
}

/** The document's first key, or its first node when it is not a mapping. */
export function documentStart(doc: Document, lineCounter: LineCounter, text: string): SourceRange {
  const contents = doc.contents;
  if (isMap(contents)) {
    const first = contents.items[0];
    if (first && isNode(first.key)) return rangeOfNode(lineCounter, first.key, text);
  }
  if (isNode(contents) && contents.range) return rangeOfNode(lineCounter, contents, text);
  const offset = doc.range?.[0] ?? 0;
  const pos = lineCounter.linePos(offset);
  return { line: pos.line, column: pos.col, endLine: pos.line, endColumn: pos.col };
}
