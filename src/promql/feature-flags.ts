import type { SyntaxNode, Tree } from '@lezer/common';
import { PROMQL_CODES, type QueryFinding } from './codes.js';

/**
 * Syntax that a Prometheus (3.14, the release the grammar tracks) parses only with a feature flag: the
 * service's flags are not published, so each is a warning naming the flag, once per flag and query, at
 * its first use. Duration expressions are on by default from 3.14; an older Prometheus needs their flag.
 */
export function featureFlagWarnings(query: string, tree: Tree): QueryFinding[] {
  if (!MAY_NEED_A_FLAG.test(query)) return [];
  const found = new Map<string, QueryFinding>();
  const note = (flag: string, node: { from: number; to: number }, what: string, since = '') => {
    if (found.has(flag)) return;
    found.set(flag, {
      severity: 'warning',
      code: PROMQL_CODES.needsFeatureFlag,
      message: `${what} needs Prometheus's \`--enable-feature=${flag}\`${since}: a Prometheus without it refuses the query, and the service's flags are not published`,
      from: node.from,
      to: node.to,
    });
  };
  tree.iterate({
    enter: (ref) => {
      if (!FLAGGED_NODES.has(ref.name)) return undefined;
      const node = ref.node;
      const text = () => query.slice(node.from, node.to);
      if (ref.name === 'FunctionIdentifier' && EXPERIMENTAL_FUNCTIONS.has(text())) {
        note(EXPERIMENTAL, node, `the function \`${text()}\``);
      } else if (ref.name === 'AggregateOp' && /^(LimitK|LimitRatio)$/.test(node.firstChild?.name ?? '')) {
        note(EXPERIMENTAL, node, `the aggregation \`${text()}\``);
      } else if (ref.name === 'AnchoredExpr' || ref.name === 'SmoothedExpr') {
        const modifier = node.lastChild ?? node;
        note(
          'promql-extended-range-selectors',
          modifier,
          `the modifier \`${query.slice(modifier.from, modifier.to)}\``,
        );
      } else if (ref.name === 'FillModifier') {
        note('promql-binop-fill-modifiers', node, `the modifier \`${text()}\``);
      } else if (
        (ref.name === 'DurationExpr' || ref.name === 'OffsetDurationExpr') &&
        isDurationExpression(node)
      ) {
        note(
          'promql-duration-expr',
          node,
          `the duration expression \`${text()}\``,
          ' before Prometheus 3.14',
        );
        return false;
      }
      return undefined;
    },
  });
  for (const match of query.matchAll(/\b(min_of|max_of)\s*\(/g)) {
    if (!insideDuration(tree, match.index)) {
      note(
        EXPERIMENTAL,
        { from: match.index, to: match.index + match[1]!.length },
        `the function \`${match[1]}\``,
      );
    }
  }
  return [...found.values()].sort((a, b) => a.from - b.from);
}

const EXPERIMENTAL = 'promql-experimental-functions';
const FLAGGED_NODES = new Set([
  'FunctionIdentifier',
  'AggregateOp',
  'AnchoredExpr',
  'SmoothedExpr',
  'FillModifier',
  'DurationExpr',
  'OffsetDurationExpr',
]);

/** Prometheus 3.14's functions marked `Experimental: true` (promql/parser/functions.go). */
const EXPERIMENTAL_FUNCTIONS = new Set([
  'double_exponential_smoothing',
  'end',
  'histogram_quantiles',
  'info',
  'mad_over_time',
  'max_of',
  'min_of',
  'range',
  'sort_by_label',
  'sort_by_label_desc',
  'start',
  'start_timestamp',
  'step',
  'ts_of_first_over_time',
  'ts_of_last_over_time',
  'ts_of_max_over_time',
  'ts_of_min_over_time',
]);

/**
 * Text without which no flagged syntax can be there: one of the names above or of the flagged keywords as a
 * whole word (a metric such as `kube_pod_info` or `process_start_time_seconds` is not one), an operator or
 * a parenthesis inside `[…]`, a parenthesis after `offset`. Most queries skip the walk of their tree.
 */
const MAY_NEED_A_FLAG = new RegExp(
  `\\b(?:${[...EXPERIMENTAL_FUNCTIONS, 'limitk', 'limit_ratio', 'anchored', 'smoothed'].join('|')})\\b|\\bfill|\\[[^\\]]*[-+*/%^(]|offset\\s*[-+]?\\s*\\(`,
  'i',
);

/** A duration that is more than a literal, with or without its sign: `5m + 1m`, `step()`, `(1h)`. */
function isDurationExpression(node: SyntaxNode): boolean {
  let inner: SyntaxNode | null = node;
  while (inner && (inner.name === 'DurationExpr' || inner.name === 'OffsetDurationExpr')) {
    const first: SyntaxNode | null = inner.firstChild;
    const second: SyntaxNode | null = first?.nextSibling ?? null;
    if (first?.name === 'UnaryOp' && second && !second.nextSibling) inner = second;
    else if (first && !second) inner = first;
    else return true;
  }
  return inner?.name !== 'NumberDurationLiteralInDurationContext';
}

function insideDuration(tree: Tree, at: number): boolean {
  for (let node: SyntaxNode | null = tree.resolveInner(at, 1); node; node = node.parent) {
    if (node.name === 'DurationExpr' || node.name === 'OffsetDurationExpr') return true;
  }
  return false;
}
