import type { SyntaxNode } from '@lezer/common';
import { parseQuery, topExpression } from './library.js';
import { unquote } from './literals.js';

/** One label matcher of a selector, with where it is written in the query (offsets, end exclusive). */
export interface SelectorMatcher {
  readonly name: string;
  readonly op: '=' | '!=' | '=~' | '!~';
  readonly value: string;
  readonly from: number;
  readonly to: number;
}

/**
 * Why a selector may match nothing without anything being wrong (docs/decisions/live-series.md): it is an
 * alternative under `or` (`or vector(0)` included), the right side of `unless`, or the argument of
 * `absent()` / `absent_over_time()`, whose whole point is to be empty.
 */
export type SelectorExemption = 'or' | 'unless' | 'absent';

/** A vector selector of a query: its metric name (null when it names none), matchers and place. */
export interface VectorSelector {
  readonly metric: string | null;
  /** The matchers other than the metric name's. */
  readonly matchers: readonly SelectorMatcher[];
  /** The selector's characters: the name and the braces, without a range or an offset. */
  readonly from: number;
  readonly to: number;
  readonly exemption: SelectorExemption | null;
}

const MATCH_OPS: Readonly<Record<string, SelectorMatcher['op']>> = {
  EqlSingle: '=',
  Neq: '!=',
  EqlRegex: '=~',
  NeqRegex: '!~',
};

/**
 * Every vector selector of a query, in the order written, read from the Prometheus project's grammar (the
 * one the checks use). A query the grammar cannot read whole gives what it could read: the caller checks
 * only queries that passed validation.
 */
export function vectorSelectors(query: string): VectorSelector[] {
  const top = topExpression(parseQuery(query));
  if (top === null) return [];
  const found: VectorSelector[] = [];
  const cursor = top.cursor();
  do {
    if (cursor.name === 'VectorSelector') found.push(readSelector(query, cursor.node));
  } while (cursor.next());
  return found.filter((s) => s.to <= query.length);
}

function readSelector(query: string, node: SyntaxNode): VectorSelector {
  let metric: string | null = null;
  const matchers: SelectorMatcher[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.name === 'Identifier') metric = query.slice(child.from, child.to);
    if (child.name !== 'LabelMatchers') continue;
    for (let m = child.firstChild; m; m = m.nextSibling) {
      if (m.name === 'QuotedLabelName') metric = unquote(query.slice(m.from, m.to));
      if (m.name !== 'UnquotedLabelMatcher' && m.name !== 'QuotedLabelMatcher') continue;
      const matcher = readMatcher(query, m);
      if (matcher === null) continue;
      // `{__name__="x"}` names the metric as `x` does. Another `__name__` matcher is not one of the
      // metric's labels: beside a name it only narrows it, alone it names none (the selector is nameless).
      if (matcher.name !== '__name__') matchers.push(matcher);
      else if (matcher.op === '=') metric = matcher.value;
    }
  }
  return { metric, matchers, from: node.from, to: node.to, exemption: exemptionOf(node) };
}

function readMatcher(query: string, node: SyntaxNode): SelectorMatcher | null {
  const name = node.firstChild;
  const op = name?.nextSibling;
  const value = op?.nextSibling;
  const opName = op?.firstChild?.name;
  if (!name || !op || !value || value.name !== 'StringLiteral' || opName === undefined) return null;
  const labelName = query.slice(name.from, name.to);
  return {
    name: node.name === 'QuotedLabelMatcher' ? unquote(labelName) : labelName,
    op: MATCH_OPS[opName] ?? '=',
    value: unquote(query.slice(value.from, value.to)),
    from: node.from,
    to: node.to,
  };
}

/** The nearest reason among the selector's ancestors why it may be empty, or null. */
function exemptionOf(node: SyntaxNode): SelectorExemption | null {
  let child: SyntaxNode = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.name === 'FunctionCall') {
      const name = parent.firstChild?.firstChild?.name;
      if (name === 'Absent' || name === 'AbsentOverTime') return 'absent';
    }
    if (parent.name !== 'BinaryExpr') continue;
    const operator = operatorOf(parent);
    if (operator === 'Or') return 'or';
    // The right operand is the last child; the left one is the first.
    if (operator === 'Unless' && child.from > parent.firstChild!.to) return 'unless';
  }
  return null;
}

function operatorOf(binary: SyntaxNode): string | null {
  for (let child = binary.firstChild?.nextSibling; child; child = child.nextSibling) {
    if (child.name === 'Or' || child.name === 'Unless' || child.name === 'And') return child.name;
    if (child.type.is('Expr')) return null;
  }
  return null;
}
