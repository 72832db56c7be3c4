import type { Document, Node, Pair } from 'yaml';
import { isAlias, isMap, isNode, isPair, isScalar, isSeq } from 'yaml';

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
 * One pass over every mapping of a document, linear in its size (the yaml library's own `uniqueKeys` check
 * compares each key with every earlier one and took minutes on a mapping of 140 000 keys). Keys are
 * compared as the field names they become: `1` and `"1"` both name the field "1", so the second is a
 * duplicate, never a silent "last one wins". Aliases are followed first, so `*k` standing for `__proto__`
 * is seen as `__proto__`.
 *
 * A plain recursive walk, in the order of the library's `visit` (a mapping's keys are checked before its
 * children are entered): `visit` copies and freezes the path at every node, which made this check cost a
 * quarter of the whole parse.
 */
export function findKeyProblems(doc: Document): KeyProblem[] {
  const problems: KeyProblem[] = [];
  walk(doc, doc.contents, problems);
  return problems;
}

function walk(doc: Document, node: unknown, problems: KeyProblem[]): void {
  if (node === null || typeof node !== 'object' || isScalar(node)) return;
  if (isMap(node)) {
    checkKeys(doc, node.items, problems);
    for (const pair of node.items) {
      walk(doc, pair.key, problems);
      walk(doc, pair.value, problems);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) walk(doc, item, problems);
  } else if (isPair(node)) {
    walk(doc, node.key, problems);
    walk(doc, node.value, problems);
  } else if (isAlias(node) && node.resolve(doc) === undefined) {
    problems.push({ kind: 'undefined-alias', source: node.source, node });
  }
}

/**
 * The keys of one mapping. Most mappings have a handful of keys: they are compared with the earlier ones
 * directly, and a Set takes over past SMALL_MAPPING keys, so a mapping of any size stays linear.
 */
function checkKeys(doc: Document, pairs: readonly Pair[], problems: KeyProblem[]): void {
  const names: string[] = [];
  const firsts: Node[] = [];
  let index: Map<string, number> | null = null;
  for (const pair of pairs) {
    const keyNode = isNode(pair.key) ? pair.key : null;
    const resolved = isAlias(keyNode) ? keyNode.resolve(doc) : keyNode;
    // An undefined alias is reported once, by the walk.
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
    if (UNSAFE_KEYS.has(name)) problems.push({ kind: 'unsafe', name, node: keyNode });
    const at = index === null ? names.indexOf(name) : (index.get(name) ?? -1);
    if (at !== -1) {
      const first = writtenKey(firsts[at]!);
      problems.push({ kind: 'duplicate', name, written: writtenKey(keyNode), first, node: keyNode });
      continue;
    }
    names.push(name);
    firsts.push(keyNode);
    if (index !== null) index.set(name, names.length - 1);
    else if (names.length > SMALL_MAPPING) index = new Map(names.map((n, i) => [n, i]));
  }
}

const SMALL_MAPPING = 16;

/** The key as the author wrote it: `"1"` and `1` differ here, though they name one field. */
function writtenKey(node: Node): string {
  if (isAlias(node)) return `*${node.source}`;
  if (!isScalar(node)) return '';
  const text = node.source ?? String(node.value);
  if (node.type === 'QUOTE_DOUBLE') return `"${text}"`;
  if (node.type === 'QUOTE_SINGLE') return `'${text}'`;
  return text;
}
