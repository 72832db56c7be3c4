import type { Document, LineCounter, Node } from 'yaml';
import { isAlias, isMap, isNode, isPair, isSeq } from 'yaml';
import type { SourceRange } from '../core/diagnostic.js';
import { keyName, rangeOfNode } from './positions.js';
import type { Located, PathSegment } from './types.js';

export type Locator = (path: readonly PathSegment[], target?: 'key' | 'value') => Located;

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
