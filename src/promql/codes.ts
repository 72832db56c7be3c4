/**
 * Diagnostic codes of the PromQL checks. Users filter and search on them, so a code never changes
 * meaning; docs/reference/codes/ explains each one.
 */
export const PROMQL_CODES = {
  syntax: 'promql.syntax',
  unknownFunction: 'promql.unknown-function',
  type: 'promql.type',
  resultType: 'promql.result-type',
  comparisonWithOperator: 'promql.comparison-with-operator',
  noComparison: 'promql.no-comparison',
  plainRegex: 'promql.plain-regex',
  emptyMatchers: 'promql.empty-matchers',
  needsFeatureFlag: 'promql.needs-feature-flag',
} as const;

export type PromqlCode = (typeof PROMQL_CODES)[keyof typeof PROMQL_CODES];

/** One finding about a query, in UTF-16 offsets of the query's text (the end is exclusive). */
export interface QueryFinding {
  readonly severity: 'error' | 'warning';
  readonly code: PromqlCode;
  readonly message: string;
  readonly from: number;
  readonly to: number;
}
