import type { Document, Node } from 'yaml';
import { isCollection, isPair, isScalar } from 'yaml';

/**
 * Keys that could reach an object's prototype if any code ever merged a document into another object.
 * No field of either kind has such a name, so a document that uses one is refused outright (an error at the
 * key) rather than kept: refusing is the one answer that stays safe whatever later code does with the data.
 */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Every key node in the document whose name is unsafe, in source order. A plain walk of the collections
 * rather than yaml's `visit`, which costs twice as much on every document for the same pairs.
 */
export function findUnsafeKeys(doc: Document): { readonly name: string; readonly node: Node }[] {
  const found: { name: string; node: Node }[] = [];
  const walk = (node: unknown): void => {
    if (!isCollection(node)) return;
    for (const item of node.items) {
      if (!isPair(item)) {
        walk(item);
        continue;
      }
      if (isScalar(item.key)) {
        const name = String(item.key.value);
        if (UNSAFE_KEYS.has(name)) found.push({ name, node: item.key });
      }
      walk(item.key);
      walk(item.value);
    }
  };
  walk(doc.contents);
  return found;
}
