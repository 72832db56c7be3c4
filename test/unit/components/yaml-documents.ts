import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseAllDocuments } from 'yaml';
import type { Located, PathSegment, PlatformComponentDocument } from '../../../src/documents/types.js';

/**
 * PlatformComponent documents from inline YAML, with `locate` as the documents contract describes it
 * (key of a mapping entry, nearest existing ancestor with exact: false). Lets the component tests state
 * their inputs as the YAML a person writes and assert the exact lines and columns.
 */
export function componentDocuments(files: Readonly<Record<string, string>>): PlatformComponentDocument[] {
  const out: PlatformComponentDocument[] = [];
  for (const [file, text] of Object.entries(files)) {
    const lineCounter = new LineCounter();
    parseAllDocuments(text, { lineCounter }).forEach((doc, index) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]?.message}`);
      const rangeOf = (node: Node): Located => {
        const [start, end] = node.range ?? [0, 0];
        const a = lineCounter.linePos(start);
        const b = lineCounter.linePos(end);
        return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col, exact: true };
      };
      const root = doc.contents as Node;
      const first = isMap(root) && isPair(root.items[0]) ? (root.items[0].key as Node) : root;
      const locate = (path: readonly PathSegment[], target: 'key' | 'value' = 'key'): Located => {
        let node: Node = root;
        let found: Located = rangeOf(first);
        for (const [i, segment] of path.entries()) {
          let next: { key: Node | null; value: Node } | null = null;
          if (isMap(node)) {
            const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
            if (pair) next = { key: pair.key as Node, value: pair.value as Node };
          } else if (isSeq(node) && typeof segment === 'number' && node.items[segment]) {
            next = { key: null, value: node.items[segment] as Node };
          }
          if (!next) return { ...found, exact: false };
          const last = i === path.length - 1;
          found = rangeOf(next.key && !(last && target === 'value') ? next.key : next.value);
          node = next.value;
        }
        return found;
      };
      const range = rangeOf(first);
      out.push({ kind: 'PlatformComponent', file, index, value: doc.toJS(), range, locate });
    });
  }
  return out;
}
