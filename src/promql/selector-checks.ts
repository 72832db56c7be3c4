import type { SyntaxNode } from '@lezer/common';
import { PROMQL_CODES, type QueryFinding } from './codes.js';
import { escapeFault, unquote } from './literals.js';
import { readRe2 } from './re2.js';
import { quoteShort } from './syntax.js';
import { children, expressions } from './tree-check.js';

/**
 * Prometheus's type checks of selectors that the library does not make as Prometheus does: a selector that
 * matches every series, and what `info()` takes as its second argument.
 */

/** Whether a matcher matches the empty string (`x=""`, `x=~".*"`, `x!~".+"`), or null when unknown. */
function matchesEmpty(query: string, matcher: SyntaxNode): boolean | null {
  if (matcher.name === 'QuotedLabelName') return false;
  const op = matcher.getChild('MatchOp')?.firstChild?.name;
  const value = matcher.getChild('StringLiteral');
  if (!op || !value) return null;
  const literal = query.slice(value.from, value.to);
  if (escapeFault(literal)) return null;
  const text = unquote(literal);
  if (op === 'EqlSingle') return text === '';
  if (op === 'Neq') return text !== '';
  const read = readRe2(text);
  if ('error' in read) return null;
  return op === 'EqlRegex' ? read.matchesEmpty : !read.matchesEmpty;
}

/** `{}`, `{job=~".*"}`: a selector without a name that matches every series. */
export function matchesEverything(query: string, selector: SyntaxNode): QueryFinding | null {
  if (selector.getChild('Identifier') || isInfoLabelSelector(selector)) return null;
  const matchers = children(selector.getChild('LabelMatchers') ?? selector);
  if (!matchers.every((m) => matchesEmpty(query, m) === true)) return null;
  return {
    severity: 'error',
    code: PROMQL_CODES.type,
    message: `${quoteShort(query.slice(selector.from, selector.to))} matches every series: a selector needs a metric name or at least one matcher that does not match the empty string`,
    from: selector.from,
    to: selector.to,
  };
}

function isInfoLabelSelector(selector: SyntaxNode): boolean {
  const body = selector.parent;
  if (
    body?.name !== 'FunctionCallBody' ||
    body.parent?.getChild('FunctionIdentifier')?.firstChild?.name !== 'Info'
  ) {
    return false;
  }
  return expressions(body)[1] === selector || expressions(body)[1]?.from === selector.from;
}

/** `info(x, target_info{…})` or `info(x, a + b)`: the second argument is label matchers alone. */
export function infoSelector(query: string, call: SyntaxNode): QueryFinding | null {
  if (call.getChild('FunctionIdentifier')?.firstChild?.name !== 'Info') return null;
  const second = expressions(call.getChild('FunctionCallBody'))[1];
  if (!second) return null;
  const named = second.name === 'VectorSelector' && second.getChild('Identifier') !== null;
  if (second.name === 'VectorSelector' && !named) return null;
  return {
    severity: 'error',
    code: PROMQL_CODES.type,
    message: `the second argument of \`info\` must be label matchers alone, such as \`{k8s_cluster_name=~".+"}\`${named ? ', without a metric name' : ''}; got ${quoteShort(query.slice(second.from, second.to))}`,
    from: second.from,
    to: second.to,
  };
}
