import type { SyntaxNode, Tree } from '@lezer/common';
import { Parser } from '@prometheus-io/codemirror-promql/dist/esm/parser/parser.js';
import { getType } from '@prometheus-io/codemirror-promql/dist/esm/parser/type.js';
import { getFunction } from '@prometheus-io/codemirror-promql/dist/esm/types/function.js';
import { parser } from '@prometheus-io/lezer-promql';
import { bridgeGrammarGaps } from './grammar-gaps.js';

/** A finding of the Prometheus project's type checker, in offsets of the query text. */
export interface LibraryFinding {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly from: number;
  readonly to: number;
}

/**
 * The Prometheus project's PromQL grammar (the one its web UI uses), read through the rewrites of
 * grammar-gaps.ts where it refuses what Prometheus accepts. Offsets of the tree are offsets of the query.
 */
export function parseQuery(query: string): Tree {
  return parser.parse(bridgeGrammarGaps(query));
}

/**
 * The type checks of `@prometheus-io/codemirror-promql` (a port of Prometheus's own `checkAST`): argument
 * counts and types, binary operators between range vectors, vector matching, `bool`, `@`, selectors that
 * match everything. It wants an editor state, but reads only the tree and the text: both are given here.
 * Only for a tree without error nodes (syntax.ts refuses the others first): the checker's `analyze()` is
 * its `checkAST` of the top node's first child then a walk of the whole tree for error nodes, which is
 * skipped.
 */
export function typeCheck(query: string, tree: Tree): LibraryFinding[] {
  const state = { tree, sliceDoc: (from = 0, to = query.length) => query.slice(from, to) };
  const checker = new Parser(state as unknown as ConstructorParameters<typeof Parser>[0]);
  if (!MAY_SET_THE_NAME_TWICE.test(query)) {
    Object.defineProperty(checker, SELECTOR_CHECK, { value: skipSelector });
  }
  // The expression, not the top node's first child: that is a comment when the query starts with one, and
  // the checker would check nothing.
  checker.checkAST(topExpression(tree) as never);
  return checker
    .getDiagnostics()
    .filter((d) => !isKnownDisagreement(query, d) && !REPLACED.some((start) => d.message.startsWith(start)))
    .map((d) => ({
      severity: d.severity === 'error' ? 'error' : 'warning',
      message: d.message,
      ...atOperator(tree, d),
    }));
}

/**
 * The checker's check of each selector (a private method of the pinned version: a test fails if it is
 * renamed) builds an object per label matcher, and what it finds is kept only when a selector sets the
 * metric name twice, which takes a `__name__` matcher or a quoted name (`foo{"bar"}`): its other finding,
 * a selector that matches everything, is parser-checks.ts's (REPLACED). Without `__name__` or a string
 * after `{` or `,` in the text, the check is skipped: for most queries, the largest part of the checker's work.
 */
const SELECTOR_CHECK = 'checkVectorSelector';
const MAY_SET_THE_NAME_TWICE = /__name__|[{,](?:\s|#[^\n]*\n)*["'`]/;
const skipSelector = () => {};
if (typeof (Parser.prototype as unknown as Record<string, unknown>)[SELECTOR_CHECK] !== 'function') {
  throw new Error(`@prometheus-io/codemirror-promql: the checker has no ${SELECTOR_CHECK} method any more`);
}

/**
 * The library's findings that parser-checks.ts makes as Prometheus does: selectors that match everything
 * (the library does not read regular expressions, nor exempt `info()`'s label matchers), `info()`'s second
 * argument, `@` placement. And one Prometheus does not make while parsing: `smoothed`/`anchored` inside a
 * function that does not take them fails when the query runs, not when it is read.
 */
const REPLACED = [
  'vector selector must contain at least one non-empty matcher',
  'expected label selectors as the second argument to "info"',
  '@ modifier must be preceded by',
  'smoothed/anchored expression can only be used in specific functions',
];

/** Findings about a binary operation's operator, which Prometheus places on the operator and its modifiers. */
const ABOUT_THE_OPERATOR = [
  'bool modifier can only be used on comparison operators',
  'comparisons between scalars must use BOOL modifier',
  'must not occur in ON and GROUP clause at once',
];

/** From the end of the left operand to the start of the right one, as Prometheus's `opRange`. */
function atOperator(
  tree: Tree,
  d: { message: string; from: number; to: number },
): { from: number; to: number } {
  if (!ABOUT_THE_OPERATOR.some((words) => d.message.includes(words))) return { from: d.from, to: d.to };
  let node: SyntaxNode | null = tree.resolveInner(d.from, 1);
  while (node && !(node.name === 'BinaryExpr' && node.from === d.from && node.to === d.to))
    node = node.parent;
  const left = node?.firstChild;
  const right = node?.lastChild;
  if (!left || !right || left === right) return { from: d.from, to: d.to };
  let operator = left.nextSibling;
  let end = operator;
  while (end?.nextSibling && end.nextSibling !== right) end = end.nextSibling;
  if (!operator || !end) operator = end = left;
  return { from: operator.from, to: end.to };
}

/** The query's expression: the top node's first child that is not a comment. */
export function topExpression(tree: Tree): SyntaxNode | null {
  let node = tree.topNode.firstChild;
  while (node?.name === 'LineComment') node = node.nextSibling;
  return node;
}

/**
 * Where the library refuses what Prometheus accepts (docs/decisions/promql-checks.md): silence, never a
 * false error. `{__name__=~"a.*", __name__!="ab"}` sets no name outside the braces; Prometheus refuses two
 * names only when one is outside (`foo{__name__="bar"}`), the library counts every `__name__` matcher.
 */
function isKnownDisagreement(query: string, finding: { message: string; from: number; to: number }): boolean {
  return (
    finding.message.startsWith('metric name must not be set twice') &&
    query.slice(finding.from, finding.to).trimStart().startsWith('{')
  );
}

/** What a whole expression evaluates to: 'vector', 'scalar', 'matrix', 'string' or 'none'. */
export function valueType(tree: Tree): string {
  // The package's types come from its CommonJS build of @lezer/common: the same class, another declaration.
  return getType(topExpression(tree) as never);
}

let names: readonly string[] | null = null;

/** Every function the grammar knows, for "did you mean" when a query calls an unknown one. */
export function functionNames(): readonly string[] {
  names ??= parser.nodeSet.types.flatMap((type) => {
    const signature = getFunction(type.id) as { name?: string } | undefined;
    return signature?.name ? [signature.name] : [];
  });
  return names;
}
