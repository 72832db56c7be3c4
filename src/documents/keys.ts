import type { Document, Node } from 'yaml';
import { isAlias, isMap, isNode, isScalar, visit } from 'yaml';

/**
 * Keys that could reach an object's prototype if any code ever merged a document into another object.
 * No field of either kind has such a name, so a document that uses one is refused outright (an error at the
 * key) rather than kept: refusing is the one answer that stays safe whatever later code does with the data.
 */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** What is wrong with one key (or alias) of a document, at the node to point at. */
export type KeyProblem =
  | {
      readonly kind: 'duplicate';
      readonly name: string;
      readonly written: string;
      readonly first: string;
      readonly node: Node;
    }
  | { readonly kind: 'unsafe'; readonly name: string; readonly node: Node }
  | { readonly kind: 'not-a-name'; readonly shape: 'null' | 'mapping' | 'list'; readonly node: Node }
  | { readonly kind: 'undefined-alias'; readonly source: string; readonly node: Node };

/**
 * One pass over every mapping of a document, linear in its size (a Set of names per mapping; the yaml
 * library's own `uniqueKeys` check compares each key with every earlier one and took minutes on a
 * mapping of 140 000 keys). Keys are compared as the field names they become: `1` and `"1"` both name the
 * field "1", so the second is a duplicate, never a silent "last one wins". Aliases are followed first, so
 * `*k` standing for `__proto__` is seen as `__proto__`.
 */
export function findKeyProblems(doc: Document): KeyProblem[] {
  const problems: KeyProblem[] = [];
  visit(doc, {
    Alias(_, alias) {
      if (alias.resolve(doc) === undefined) {
        problems.push({ kind: 'undefined-alias', source: alias.source, node: alias });
      }
    },
    Map(_, map) {
      if (!isMap(map)) return;
      const seen = new Map<string, string>();
      for (const pair of map.items) {
        const keyNode = isNode(pair.key) ? pair.key : null;
        const resolved = isAlias(keyNode) ? keyNode.resolve(doc) : keyNode;
        // An undefined alias is reported once, by the Alias visitor.
        if (keyNode === null || resolved === undefined) continue;
        if (!isScalar(resolved)) {
          problems.push({ kind: 'not-a-name', shape: isMap(resolved) ? 'mapping' : 'list', node: keyNode });
          continue;
        }
        if (resolved.value === null) {
          problems.push({ kind: 'not-a-name', shape: 'null', node: keyNode });
          continue;
        }
        const name = String(resolved.value);
        const written = writtenKey(keyNode);
        if (UNSAFE_KEYS.has(name)) problems.push({ kind: 'unsafe', name, node: keyNode });
        const first = seen.get(name);
        if (first === undefined) seen.set(name, written);
        else problems.push({ kind: 'duplicate', name, written, first, node: keyNode });
      }
    },
  });
  return problems;
}

/** The key as the author wrote it: `"1"` and `1` differ here, though they name one field. */
function writtenKey(node: Node): string {
  if (isAlias(node)) return `*${node.source}`;
  if (!isScalar(node)) return '';
  const text = node.source ?? String(node.value);
  if (node.type === 'QUOTE_DOUBLE') return `"${text}"`;
  if (node.type === 'QUOTE_SINGLE') return `'${text}'`;
  return text;
}
