import type { SyntaxNode, Tree } from '@lezer/common';
import { Parser } from '@prometheus-io/codemirror-promql/dist/esm/parser/parser.js';
import { getType } from '@prometheus-io/codemirror-promql/dist/esm/parser/type.js';
import { getFunction } from '@prometheus-io/codemirror-promql/dist/esm/types/function.js';
import { parser } from '@prometheus-io/lezer-promql';

/** A finding of the Prometheus project's type checker, in offsets of the query text. */
export interface LibraryFinding {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly from: number;
  readonly to: number;
}

/** The Prometheus project's PromQL grammar (the one its web UI uses). */
export function parseQuery(query: string): Tree {
  return parser.parse(query);
}

/**
 * The type checks of `@prometheus-io/codemirror-promql` (a port of Prometheus's own `checkAST`): argument
 * counts and types, binary operators between range vectors, vector matching, `bool`, `@`, selectors that
 * match everything. It wants an editor state, but reads only the tree and the text: both are given here.
 */
export function typeCheck(query: string, tree: Tree): LibraryFinding[] {
  const state = { tree, sliceDoc: (from = 0, to = query.length) => query.slice(from, to) };
  const checker = new Parser(state as unknown as ConstructorParameters<typeof Parser>[0]);
  checker.analyze();
  return checker
    .getDiagnostics()
    .filter((d) => !isKnownDisagreement(query, d))
    .map((d) => ({
      severity: d.severity === 'error' ? 'error' : 'warning',
      message: d.message,
      from: d.from,
      to: d.to,
    }));
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
