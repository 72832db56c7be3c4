/**
 * The subset of PromQL the sandbox evaluates, as a small tree read from the Prometheus project's grammar
 * (read-query.ts, with the parser src/promql checks queries with). Whatever lies outside the subset is
 * refused by name (UnsupportedQuery), so that an answer is either Prometheus's or a clear refusal, never a
 * guess.
 */
export type QueryNode =
  | { readonly kind: 'number'; readonly value: number }
  | {
      readonly kind: 'selector';
      readonly matchers: readonly LabelMatcher[];
      readonly text: string;
      /** `offset`: the selector reads this much earlier (negative: later). */
      readonly offsetMs: number;
    }
  | { readonly kind: 'range'; readonly selector: SelectorNode; readonly rangeMs: number }
  /** `expr[range:step]`: the expression at each multiple of the step in (t − range, t], as a range. */
  | {
      readonly kind: 'subquery';
      readonly expr: QueryNode;
      readonly rangeMs: number;
      readonly stepMs: number;
    }
  /** A string argument (label_replace's). */
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'call'; readonly name: FunctionName; readonly args: readonly QueryNode[] }
  | {
      readonly kind: 'aggregate';
      readonly op: AggregateName;
      readonly grouping: Grouping | null;
      readonly arg: QueryNode;
      /** topk's k. */
      readonly param?: QueryNode;
    }
  | {
      readonly kind: 'binary';
      readonly op: BinaryOperator;
      readonly bool: boolean;
      readonly matching: Grouping | null;
      readonly left: QueryNode;
      readonly right: QueryNode;
    }
  | { readonly kind: 'negate'; readonly arg: QueryNode };

export type SelectorNode = Extract<QueryNode, { kind: 'selector' }>;

export interface LabelMatcher {
  readonly name: string;
  readonly op: '=' | '!=' | '=~' | '!~';
  readonly value: string;
}

/** `by (…)` / `without (…)` of an aggregation, `on (…)` / `ignoring (…)` of a binary operation. */
export interface Grouping {
  readonly include: boolean;
  readonly labels: readonly string[];
}

export const RANGE_FUNCTIONS = [
  'rate',
  'increase',
  'irate',
  'delta',
  'avg_over_time',
  'max_over_time',
  'min_over_time',
  'sum_over_time',
  'count_over_time',
  'last_over_time',
] as const;
/** Functions of each sample's value alone (they drop the metric name). */
export const VALUE_FUNCTIONS = ['abs', 'ceil', 'floor', 'sqrt', 'exp', 'ln', 'log2', 'log10', 'sgn'] as const;
export const INSTANT_FUNCTIONS = [
  ...VALUE_FUNCTIONS,
  'clamp_min',
  'clamp_max',
  'clamp',
  'round',
  'histogram_quantile',
  'absent',
  'scalar',
  'vector',
  'time',
  'timestamp',
  'label_replace',
] as const;
export type FunctionName = (typeof RANGE_FUNCTIONS)[number] | (typeof INSTANT_FUNCTIONS)[number];
export const AGGREGATIONS = ['sum', 'avg', 'min', 'max', 'count', 'topk'] as const;
export type AggregateName = (typeof AGGREGATIONS)[number];
export const ARITHMETIC = ['+', '-', '*', '/', '%', '^'] as const;
export const COMPARISONS = ['==', '!=', '>', '<', '>=', '<='] as const;
export const SET_OPERATORS = ['and', 'or', 'unless'] as const;
export type BinaryOperator =
  | (typeof ARITHMETIC)[number]
  | (typeof COMPARISONS)[number]
  | (typeof SET_OPERATORS)[number];
