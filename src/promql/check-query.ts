import type { SyntaxNode, Tree } from '@lezer/common';
import { PROMQL_CODES, type QueryFinding } from './codes.js';
import { parseQuery, topExpression, typeCheck, valueType } from './library.js';
import { lintQuery } from './lint.js';
import { quoteShort, syntaxError } from './syntax.js';

/** What the lint checks need to know of the rule around the query. */
export interface QueryContext {
  /** The condition's operator; absent means NONE. */
  readonly operator?: string | null | undefined;
}

/**
 * Every finding about one query, in offsets of its text. Pure: the same text always gives the same
 * findings. A query with a syntax error gets that one finding only: type checks of a tree the grammar
 * had to guess would be noise.
 */
export function checkQuery(query: string, context: QueryContext = {}): QueryFinding[] {
  const checked = structuralCheck(query);
  if ('findings' in checked) return checked.findings;
  return lintQuery(query, checked.tree, context.operator ?? 'NONE');
}

/**
 * The first error of a query, as one line, or null when it parses: what a service would refuse. The lint
 * checks give warnings only, so they are not run.
 */
export function queryError(query: string): string | null {
  const checked = structuralCheck(query);
  const error = 'findings' in checked ? checked.findings.find((f) => f.severity === 'error') : undefined;
  return error ? error.message : null;
}

/**
 * The grammar's, the type checker's and the result type's findings, in that order of precedence, or the
 * tree when there are none (for the lint checks).
 */
function structuralCheck(query: string): { readonly findings: QueryFinding[] } | { readonly tree: Tree } {
  const tree = parseQuery(query);
  const syntax = syntaxError(query, tree);
  if (syntax) return { findings: [syntax] };
  const typeErrors = [...typeCheck(query, tree).map(libraryFinding), ...rangeOfNonSelector(query, tree)];
  if (typeErrors.length > 0) return { findings: innermost(typeErrors) };
  const result = resultType(query, tree);
  if (result) return { findings: [result] };
  return { tree };
}

function libraryFinding(finding: ReturnType<typeof typeCheck>[number]): QueryFinding {
  return { ...finding, code: PROMQL_CODES.type };
}

/**
 * `(a + b)[5m]` and `x[5m] + y[5m]` (which the grammar reads as `(x[5m] + y)[5m]`): Prometheus allows a
 * range only on a selector. The library's checker does not look at what a range is applied to.
 */
function rangeOfNonSelector(query: string, tree: Tree): QueryFinding[] {
  const findings: QueryFinding[] = [];
  tree.iterate({
    enter: (ref) => {
      if (ref.name !== 'MatrixSelector') return;
      const inner = ref.node.firstChild;
      if (inner && inner.name !== 'VectorSelector') {
        findings.push({
          severity: 'error',
          code: PROMQL_CODES.type,
          message: `a range \`[…]\` applies only to a selector such as \`metric{…}\`, not to ${quoteShort(query.slice(inner.from, inner.to))}: use a subquery \`[5m:1m]\` or move the range onto the selector`,
          from: ref.from,
          to: ref.to,
        });
      }
    },
  });
  return findings;
}

const RESULT_HINTS: Readonly<Record<string, string>> = {
  matrix:
    'a range vector: an alert evaluates one value per series; wrap it in a function such as `rate(…)` or `max_over_time(…)`',
  string: 'a string',
  none: 'nothing an alert can evaluate',
};

function resultType(query: string, tree: Tree): QueryFinding | null {
  const type = valueType(tree);
  if (type === 'vector' || type === 'scalar') return null;
  const top: SyntaxNode | null = topExpression(tree);
  return {
    severity: 'error',
    code: PROMQL_CODES.resultType,
    message: `the query must give an instant vector or a scalar; it gives ${RESULT_HINTS[type] ?? type}`,
    from: top?.from ?? 0,
    to: top?.to ?? query.length,
  };
}

/**
 * A type error makes every expression around it wrong too (`sum(x[5m] + y)` is a wrong binary operation,
 * then a wrong aggregation): keep the findings that contain no other one, the causes.
 */
function innermost(findings: readonly QueryFinding[]): QueryFinding[] {
  const contains = (outer: QueryFinding, inner: QueryFinding) =>
    outer !== inner &&
    outer.from <= inner.from &&
    inner.to <= outer.to &&
    (outer.from !== inner.from || outer.to !== inner.to);
  const causes = findings.filter((f) => !findings.some((other) => contains(f, other)));
  const seen = new Set<string>();
  return causes
    .sort((a, b) => a.from - b.from || a.to - b.to)
    .filter((f) => {
      const key = `${f.from}:${f.to}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
