import type { SyntaxNode, Tree } from '@lezer/common';
import { PROMQL_CODES, type QueryFinding } from './codes.js';
import { featureFlagWarnings } from './feature-flags.js';
import { parseQuery, topExpression, typeCheck, valueType } from './library.js';
import { lintQuery } from './lint.js';
import { treeFaults } from './parser-checks.js';
import { syntaxError } from './syntax.js';

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
  return [
    ...featureFlagWarnings(query, checked.tree),
    ...lintQuery(query, checked.tree, context.operator ?? 'NONE'),
  ];
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
 * The findings that make Prometheus refuse the query, in its order: the grammar's (one finding), then what
 * its parser refuses while reading (parser-checks.ts), then its type checks (the library's and
 * parser-checks.ts's), then this service's own refusal of a result that is no instant vector or scalar.
 * Each stage runs only when the one before found nothing, as in Prometheus. The tree when none finds
 * anything (for the lint checks).
 */
function structuralCheck(query: string): { readonly findings: QueryFinding[] } | { readonly tree: Tree } {
  const tree = parseQuery(query);
  const syntax = syntaxError(query, tree);
  if (syntax) return { findings: [syntax] };
  const faults = treeFaults(query, tree);
  if (faults.reading.length > 0) return { findings: innermost(faults.reading) };
  const typeErrors = [...typeCheck(query, tree).map(libraryFinding), ...faults.types];
  if (typeErrors.length > 0) return { findings: innermost(typeErrors) };
  const result = resultType(query, tree);
  if (result) return { findings: [result] };
  return { tree };
}

function libraryFinding(finding: ReturnType<typeof typeCheck>[number]): QueryFinding {
  return { ...finding, code: PROMQL_CODES.type };
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
