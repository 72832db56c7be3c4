/**
 * A Prometheus alert's `expr` → the service's condition. The service evaluates `promql`, compares it with
 * `threshold` by `operator`, and fires for as long as series are left (docs/decisions/prometheus-rules.md).
 * A top-level filtering comparison of the query with a number is therefore the same alert written as
 * `operator` + `threshold`; every other expression is kept whole with `operator: NONE`, which fires
 * exactly when the expression returns series, as Prometheus does.
 */
import type { SyntaxNode } from '@lezer/common';
import { parseQuery, topExpression } from '../promql/library.js';
import { comparisonOperator, unwrapParens } from '../promql/lint.js';
import type { AlertRuleConditionOperator as ConditionOperator } from '../service/types/alert-rules.js';

export interface SplitCondition {
  readonly promql: string;
  readonly operator: ConditionOperator;
  /** Absent with operator NONE. */
  readonly threshold?: number;
}

/** The grammar's comparison tokens, with the query on the left. `!=` has no operator of the service. */
const OPERATORS: Readonly<Record<string, ConditionOperator>> = {
  Gtr: 'ABOVE',
  Lss: 'BELOW',
  Gte: 'ABOVE_OR_EQUAL',
  Lte: 'BELOW_OR_EQUAL',
  Eql: 'EQUAL',
};
/** `5 < x` is `x > 5`: the comparison seen from the other side. */
const MIRRORED: Readonly<Record<string, string>> = {
  Gtr: 'Lss',
  Lss: 'Gtr',
  Gte: 'Lte',
  Lte: 'Gte',
  Eql: 'Eql',
};

export function splitCondition(expr: string): SplitCondition {
  const whole: SplitCondition = { promql: expr.trim(), operator: 'NONE' };
  const tree = parseQuery(expr);
  let syntaxError = false;
  tree.iterate({
    enter: (ref) => {
      if (ref.type.isError) syntaxError = true;
      return !syntaxError;
    },
  });
  if (syntaxError) return whole;
  const top = unwrapParens(topExpression(tree));
  // `bool` gives 0 or 1 for every series (never a filter); `on`/`ignoring` only join two vectors.
  const token = top ? comparisonOperator(top) : null;
  if (!top || !token || top.getChild('MatchingModifierClause')) return whole;
  const left = top.firstChild;
  const right = token.nextSibling;
  if (!left || !right) return whole;
  const rightNumber = numberOf(expr, right);
  const leftNumber = numberOf(expr, left);
  // A number on both sides compares two scalars: not a query of series; kept whole.
  if ((rightNumber === null) === (leftNumber === null)) return whole;
  const [query, threshold, name] =
    rightNumber !== null ? [left, rightNumber, token.name] : [right, leftNumber!, MIRRORED[token.name]!];
  const operator = OPERATORS[name];
  // A comparison left inside (`x > 1 < 5`) would be compared again: keep it whole, as written.
  const inner = unwrapParens(query);
  if (operator === undefined || !inner || comparisonOperator(inner)) return whole;
  // `(a or b) > 5`: the parentheses only group; the service compares the whole query.
  const promql = expr.slice(inner.from, inner.to).trim();
  return { promql, operator, threshold };
}

/** A finite number literal (`5`, `-0.5`, `1e3`, `0x1f`, `(5)`), or null (a duration, NaN, Inf, anything else). */
function numberOf(expr: string, node: SyntaxNode): number | null {
  const inner = unwrapParens(node);
  if (inner?.name !== 'NumberDurationLiteral') return null;
  const text = expr.slice(inner.from, inner.to).trim();
  if (!/^[-+]?(0x[0-9a-f]+|(\d+\.?\d*|\.\d+)(e[-+]?\d+)?)$/i.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
