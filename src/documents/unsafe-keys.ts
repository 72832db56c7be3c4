import type { Document, Node } from 'yaml';
import { isPair, isScalar, visit } from 'yaml';

/**
 * Keys that could reach an object's prototype if any code ever merged a document into another object.
 * No field of either kind has such a name, so a document that uses one is refused outright (an error at the
 * key) rather than kept: refusing is the one answer that stays safe whatever later code does with the data.
 */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Every key node in the document whose name is unsafe, in source order. */
export function findUnsafeKeys(doc: Document): { readonly name: string; readonly node: Node }[] {
  const found: { name: string; node: Node }[] = [];
  visit(doc, {
    Pair(_, pair) {
      if (!isPair(pair) || !isScalar(pair.key)) return;
      const name = String(pair.key.value);
      if (UNSAFE_KEYS.has(name)) found.push({ name, node: pair.key });
    },
  });
  return found;
}
