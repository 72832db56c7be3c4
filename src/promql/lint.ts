import type { SyntaxNode, Tree } from '@lezer/common';
import { PROMQL_CODES, type QueryFinding } from './codes.js';
import { topExpression } from './library.js';
import { quoteShort } from './syntax.js';

const COMPARISONS = new Set(['Eql', 'Neq', 'Lte', 'Lss', 'Gte', 'Gtr']);
/** Calls that fire only when something is missing: a condition by themselves. */
const CONDITION_FUNCTIONS = new Set(['absent', 'absent_over_time']);
const REGEX_SPECIALS = /[.*+?()[\]{}|\\^$]/;
/** `=~` or `!~` then a string with none of REGEX_SPECIALS: the text of every matcher plainRegex reports. */
const PLAIN_REGEX_TEXT =
  /[=!]~(?:\s|#[^\n]*\n)*(?:"[^"\\.*+?()[\]{}|^$]+"|'[^'\\.*+?()[\]{}|^$]+'|`[^`\\.*+?()[\]{}|^$]+`)/;

/**
 * Checks of the query against this service's model, where the condition's `operator` and `threshold` sit
 * beside the query. They are heuristics: warnings, never errors.
 */
export function lintQuery(query: string, tree: Tree, operator: string): QueryFinding[] {
  const findings: QueryFinding[] = [];
  const top = unwrapParens(topExpression(tree));
  const topComparison = top ? comparisonOperator(top) : null;
  if (operator !== 'NONE' && topComparison !== null) {
    const symbol = query.slice(topComparison.from, topComparison.to);
    findings.push(
      warning(
        PROMQL_CODES.comparisonWithOperator,
        topComparison,
        `the query is already a comparison (\`${symbol}\`) and \`operator: ${operator}\` compares its result again with the threshold: the alert compares the values left after the filter. Remove the comparison from the query, or set \`operator: NONE\``,
      ),
    );
  }
  // A comparison at the top is a condition: the walk of hasCondition is for the queries without one.
  if (operator === 'NONE' && top !== null && topComparison === null && !hasCondition(query, tree)) {
    findings.push(
      warning(
        PROMQL_CODES.noComparison,
        { from: 0, to: query.trimEnd().length },
        'with `operator: NONE` the alert fires for as long as the query returns any series, and the query has no comparison: add one (e.g. `> 0`), or set `operator` and `threshold`',
      ),
    );
  }
  // Text without which neither check can find anything: most queries skip the walk below.
  const regex = PLAIN_REGEX_TEXT.test(query);
  const emptyBraces = /\{\s*\}/.test(query);
  if (!regex && !emptyBraces) return findings;
  tree.iterate({
    enter: (ref) => {
      if (regex && (ref.name === 'UnquotedLabelMatcher' || ref.name === 'QuotedLabelMatcher')) {
        const finding = plainRegex(query, ref.node);
        if (finding) findings.push(finding);
      } else if (emptyBraces && ref.name === 'VectorSelector') {
        const finding = emptyMatchers(query, ref.node);
        if (finding) findings.push(finding);
      }
    },
  });
  return findings;
}

const warning = (
  code: QueryFinding['code'],
  at: { from: number; to: number },
  message: string,
): QueryFinding => ({
  severity: 'warning',
  code,
  message,
  from: at.from,
  to: at.to,
});

export function unwrapParens(node: SyntaxNode | null): SyntaxNode | null {
  let current = node;
  while (current?.name === 'ParenExpr')
    current = current.getChild('Expr') ?? current.firstChild?.nextSibling ?? null;
  return current;
}

/** The operator token of a filtering comparison (`a > b`, not `a > bool b`), or null. */
export function comparisonOperator(node: SyntaxNode): SyntaxNode | null {
  if (node.name !== 'BinaryExpr' || node.getChild('BoolModifier')) return null;
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (COMPARISONS.has(child.name)) return child;
  }
  return null;
}

/** A comparison, a set filter (`and`, `unless`) or absent(): something that makes series come and go. */
function hasCondition(query: string, tree: Tree): boolean {
  let found = false;
  tree.iterate({
    enter: (ref) => {
      if (found) return false;
      if (ref.name === 'BinaryExpr') {
        const node = ref.node;
        found =
          comparisonOperator(node) !== null ||
          node.getChild('And') !== null ||
          node.getChild('Unless') !== null;
      } else if (ref.name === 'FunctionIdentifier') {
        found = CONDITION_FUNCTIONS.has(query.slice(ref.from, ref.to));
      }
      return undefined;
    },
  });
  return found;
}

/** `job=~"api"`: a regex with no special character matches exactly that string (regexes are anchored). */
function plainRegex(query: string, matcher: SyntaxNode): QueryFinding | null {
  const op = matcher.getChild('MatchOp')?.firstChild;
  if (op?.name !== 'EqlRegex' && op?.name !== 'NeqRegex') return null;
  const value = matcher.getChild('StringLiteral');
  if (!value) return null;
  const text = query.slice(value.from + 1, value.to - 1);
  if (text.length === 0 || REGEX_SPECIALS.test(text)) return null;
  const plain = op.name === 'EqlRegex' ? '=' : '!=';
  return warning(
    PROMQL_CODES.plainRegex,
    { from: matcher.from, to: matcher.to },
    `${quoteShort(query.slice(matcher.from, matcher.to))} is a regular expression without any special character: it matches exactly ${quoteShort(text)} (regular expressions are anchored). Write \`${plain}\` for an exact match, or \`.*${text}.*\` if you meant "contains"`,
  );
}

/** `metric{}`: an empty matcher list selects the same as `metric`; a label was probably meant. */
function emptyMatchers(query: string, selector: SyntaxNode): QueryFinding | null {
  const matchers = selector.getChild('LabelMatchers');
  if (!matchers || matchers.firstChild !== null || !selector.getChild('Identifier')) return null;
  return warning(
    PROMQL_CODES.emptyMatchers,
    { from: matchers.from, to: matchers.to },
    `${quoteShort(query.slice(selector.from, selector.to))} has an empty matcher list: it selects every series of the metric. Add the label you meant, or remove \`{}\``,
  );
}
