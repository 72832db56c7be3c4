import type { SyntaxNode, SyntaxNodeRef, Tree } from '@lezer/common';
import { PROMQL_CODES, type QueryFinding } from './codes.js';
import { escapeFault, literalValue, MAX_DURATION_SECONDS, numberOutOfRange, unquote } from './literals.js';
import { readRe2 } from './re2.js';
import { quoteShort } from './syntax.js';

/** The findings of one walk of the tree, by the stage of Prometheus's checks they belong to. */
export interface TreeFaults {
  /**
   * What Prometheus's lexer and parser refuse while they read a query, beyond the grammar of
   * `@prometheus-io/lezer-promql`: numbers and durations out of range, zero or negative ranges, division by
   * zero in a duration, bad string escapes, regular expressions RE2 does not compile, `offset` and `@` on
   * what is not a selector or a subquery (or twice), `@` beyond int64 milliseconds, a range on what is not
   * a plain selector, the number of an aggregation's arguments. Prometheus makes these checks before its
   * type checks (which it skips when any of these fails), so they come first here too. Sorted by position.
   */
  readonly reading: QueryFinding[];
  /**
   * Prometheus's type checks (its `checkAST`) that the library does not make as Prometheus does: a
   * selector whose every matcher matches the empty string, what `info()` takes as its second argument, a
   * range inside an operation.
   */
  readonly types: QueryFinding[];
}

/** One walk of the tree for both stages; a node object is made only for the nodes a check reads. */
export function treeFaults(query: string, tree: Tree): TreeFaults {
  const reading: QueryFinding[] = [];
  const types: QueryFinding[] = [];
  const out: Found = {
    fault: (from, to, message, code = PROMQL_CODES.type) =>
      reading.push({ severity: 'error', code, message, from, to }),
    type: (finding) => {
      if (finding) types.push(finding);
    },
  };
  tree.iterate({
    enter: (ref) => {
      const check = CHECKS[ref.name];
      if (check) check(query, ref, out);
    },
  });
  return { reading: reading.sort((a, b) => a.from - b.from || a.to - b.to), types };
}

type Report = (from: number, to: number, message: string, code?: QueryFinding['code']) => void;
interface Found {
  readonly fault: Report;
  readonly type: (finding: QueryFinding | null) => void;
}
/** A check of one node; `ref.node` (an object made on demand) only where the text alone does not tell. */
type Check = (query: string, ref: SyntaxNodeRef, found: Found) => void;

/** Whether `text` occurs inside the node's range (without copying the range). */
const within = (query: string, ref: SyntaxNodeRef, text: string) => {
  const at = query.indexOf(text, ref.from);
  return at !== -1 && at + text.length <= ref.to;
};

const CHECKS: Readonly<Record<string, Check>> = {
  NumberDurationLiteral: (query, ref, { fault }) => numberFault(query, ref, fault),
  NumberDurationLiteralInDurationContext: (query, ref, { fault }) => {
    const text = query.slice(ref.from, ref.to);
    // Beyond 9.2e9 seconds takes an exponent, a year count or five digits.
    if (!/\d{5}|[eEy]/.test(text)) return;
    if (Math.abs(literalValue(text)) > MAX_DURATION_SECONDS) {
      fault(ref.from, ref.to, durationOutOfRange(query, ref), PROMQL_CODES.syntax);
    }
  },
  DurationExpr: (query, ref, { fault }) => {
    if (within(query, ref, '/') || within(query, ref, '%')) divisionByZero(query, ref.node, fault);
  },
  MatrixSelector: (query, ref, found) => rangeFaults(query, ref.node, found),
  SubqueryExpr: (query, ref, found) => rangeFaults(query, ref.node, found),
  OffsetExpr: (query, ref, { fault }) => modifierFault(query, ref.node, fault),
  StepInvariantExpr: (query, ref, { fault }) => modifierFault(query, ref.node, fault),
  StringLiteral: (query, ref, { fault }) => {
    if (within(query, ref, '\\')) stringFault(query, ref, fault);
  },
  UnquotedLabelMatcher: (query, ref, { fault }) => {
    if (within(query, ref, '~')) regexFault(query, ref.node, fault);
  },
  QuotedLabelMatcher: (query, ref, { fault }) => {
    if (within(query, ref, '~')) regexFault(query, ref.node, fault);
  },
  AggregateExpr: (query, ref, { fault }) => aggregationArity(query, ref.node, fault),
  // A selector with a name (which comes first) never matches everything.
  VectorSelector: (query, ref, { type }) => {
    if (query[ref.from] === '{') type(matchesEverything(query, ref.node));
  },
  FunctionCall: (query, ref, { type }) => {
    if (query.startsWith('info', ref.from)) type(infoSelector(query, ref.node));
  },
};

const children = (node: SyntaxNode): SyntaxNode[] => {
  const out: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) out.push(child);
  return out;
};
const expressions = (node: SyntaxNode | null): SyntaxNode[] =>
  node ? children(node).filter((child) => child.type.is('Expr')) : [];

function numberFault(query: string, node: SyntaxNodeRef, fault: Report): void {
  const text = query.slice(node.from, node.to);
  if (!numberOutOfRange(text)) return;
  const from = node.from + (/^[+-]/.test(text) ? text.length - text.replace(/^[+-]\s*/, '').length : 0);
  fault(
    from,
    node.to,
    `the number ${quoteShort(query.slice(from, node.to))} is out of range: it is larger than a 64-bit float holds`,
    PROMQL_CODES.syntax,
  );
}

function durationOutOfRange(query: string, node: SyntaxNodeRef): string {
  return `the duration ${quoteShort(query.slice(node.from, node.to))} is out of range: at most about 292 years (9223372036 seconds)`;
}

/** The value of a duration that is a literal (`5m`, `-1`, `(0)`), or null for an expression. */
function durationLiteral(query: string, node: SyntaxNode): number | null {
  if (node.name === 'NumberDurationLiteralInDurationContext')
    return literalValue(query.slice(node.from, node.to));
  const parts = children(node);
  if (parts.length === 1) return durationLiteral(query, parts[0]!);
  if (parts.length === 2 && parts[0]!.name === 'UnaryOp') {
    const value = durationLiteral(query, parts[1]!);
    return value === null ? null : query[parts[0]!.from] === '-' ? -value : value;
  }
  return null;
}

function divisionByZero(query: string, node: SyntaxNode, fault: Report): void {
  const op = node.getChild('Div') ?? node.getChild('Mod');
  const divisor = op?.nextSibling;
  if (!op || !divisor || durationLiteral(query, divisor) !== 0) return;
  const what = op.name === 'Div' ? 'division by zero' : 'modulo by zero';
  fault(
    op.from,
    op.to,
    `${what} in the duration ${quoteShort(query.slice(node.from, node.to))}`,
    PROMQL_CODES.syntax,
  );
}

const BEFORE_RANGE: Readonly<Record<string, string>> = {
  OffsetExpr: 'no `offset` is allowed before a range: write `metric[5m] offset 1h`',
  StepInvariantExpr: 'no `@` is allowed before a range: write `metric[5m] @ 1700000000`',
};

/**
 * `-x[5m]` and `a + b[5m]`, which the grammar reads as `(-x)[5m]` and `(a + b)[5m]`: in Prometheus the range
 * belongs to the last operand, and the operation gets a range vector, which it refuses.
 */
function rangeInsideOperation(query: string, node: SyntaxNode): QueryFinding {
  const written = node.firstChild!;
  const operand = operandOfPostfix(written);
  const unary = written.name === 'UnaryExpr';
  const ranged = quoteShort(query.slice(operand.from, node.to));
  return {
    severity: 'error',
    code: PROMQL_CODES.type,
    message: unary
      ? `a unary \`${query[written.from]}\` applies to a scalar or an instant vector, and ${ranged} is a range vector: wrap it in a function such as \`rate(…)\``
      : `an operator applies to scalars and instant vectors, and ${ranged} is a range vector: wrap it in a function such as \`rate(…)\`, or use a subquery on the whole operation, \`(a + b)[5m:1m]\``,
    from: unary ? written.from : operand.from,
    to: node.to,
  };
}

/** `foo[0m]`, `foo[-1]`, `(a + b)[5m]`, `foo offset 1h [5m]`; and `-x[5m]`, a type fault. */
function rangeFaults(query: string, node: SyntaxNode, { fault, type }: Found): void {
  const [written, ...durations] = children(node);
  if (!written) return;
  if (written.name === 'UnaryExpr' || written.name === 'BinaryExpr') type(rangeInsideOperation(query, node));
  const inner = operandOfPostfix(written);
  for (const duration of durations) {
    // A literal that starts with 1-9 and has no sign is greater than 0; an expression is not checked.
    if (/^[1-9][0-9a-z.]*$/i.test(query.slice(duration.from, duration.to))) continue;
    const value = durationLiteral(query, duration);
    if (value !== null && value <= 0) {
      fault(
        duration.from,
        duration.to,
        `the duration ${quoteShort(query.slice(duration.from, duration.to))} must be greater than 0`,
        PROMQL_CODES.syntax,
      );
    }
  }
  if (node.name !== 'MatrixSelector' || inner.name === 'VectorSelector') return;
  const open = query.lastIndexOf('[', durations[0]?.from ?? node.to);
  fault(
    open,
    node.to,
    BEFORE_RANGE[inner.name] ??
      `a range \`[…]\` applies only to a selector such as \`metric{…}\`, not to ${quoteShort(query.slice(inner.from, inner.to))}: use a subquery \`[5m:1m]\` or move the range onto the selector`,
  );
}

const MODIFIER_WRAPPERS = new Set(['OffsetExpr', 'StepInvariantExpr', 'AnchoredExpr', 'SmoothedExpr']);
const MODIFIER_TARGETS = new Set(['VectorSelector', 'MatrixSelector', 'SubqueryExpr']);

/**
 * `offset`, `@` and a range bind tighter than any operator in Prometheus (`-a @ 5` is `-(a @ 5)`,
 * `a + b offset 1m` is `a + (b offset 1m)`); the grammar here reads them around the whole operation. What
 * they apply to is the rightmost operand.
 */
function operandOfPostfix(node: SyntaxNode): SyntaxNode {
  let operand = node;
  while (operand.name === 'BinaryExpr' || operand.name === 'UnaryExpr') {
    const last = operand.lastChild;
    if (!last) break;
    operand = last;
  }
  return operand;
}

/** `1 offset 1d`, `sum(x) @ 5`, `foo offset 1s offset 2s`, `foo @ NaN`. */
function modifierFault(query: string, node: SyntaxNode, fault: Report): void {
  const target = node.firstChild && operandOfPostfix(node.firstChild);
  if (!target) return;
  const word = node.name === 'OffsetExpr' ? '`offset`' : '`@`';
  if (node.name === 'StepInvariantExpr') {
    const value = node.lastChild;
    if (value?.name === 'NumberDurationLiteral') {
      const ts = literalValue(query.slice(value.from, value.to));
      if (!Number.isFinite(ts) || ts >= 2 ** 63 || ts <= -(2 ** 63)) {
        fault(
          target.from,
          target.to,
          `the \`@\` timestamp ${quoteShort(query.slice(value.from, value.to))} is out of bounds: write Unix seconds`,
        );
        return;
      }
    }
  }
  let base: SyntaxNode = target;
  while (MODIFIER_WRAPPERS.has(base.name)) {
    if (base.name === node.name) {
      fault(
        target.from,
        target.to,
        `${word} is set twice on ${quoteShort(query.slice(target.from, target.to))}`,
      );
      return;
    }
    const inner = base.firstChild;
    if (!inner) return;
    base = inner;
  }
  if (!MODIFIER_TARGETS.has(base.name)) {
    fault(
      target.from,
      target.to,
      `${word} applies only to a selector or a subquery, not to ${quoteShort(query.slice(target.from, target.to))}: move it onto the selector inside`,
    );
  }
}

function stringFault(query: string, node: SyntaxNodeRef, fault: Report): void {
  const text = query.slice(node.from, node.to);
  if (!text.includes('\\')) return;
  const bad = escapeFault(text);
  if (bad) fault(node.from, node.from + bad.end, `${quoteShort(text)}: ${bad.message}`, PROMQL_CODES.syntax);
}

function regexFault(query: string, matcher: SyntaxNode, fault: Report): void {
  const op = matcher.getChild('MatchOp')?.firstChild;
  const value = matcher.getChild('StringLiteral');
  if ((op?.name !== 'EqlRegex' && op?.name !== 'NeqRegex') || !value) return;
  const literal = query.slice(value.from, value.to);
  if (escapeFault(literal)) return;
  const read = readRe2(unquote(literal));
  if ('error' in read) {
    fault(
      matcher.from,
      matcher.to,
      `the regular expression ${quoteShort(literal)} does not compile: ${read.error} (Prometheus reads Go's RE2 syntax: no lookaround, no backreferences)`,
      PROMQL_CODES.syntax,
    );
  }
}

const AGGREGATIONS_WITH_PARAMETER = new Set([
  'Topk',
  'Bottomk',
  'Quantile',
  'CountValues',
  'LimitK',
  'LimitRatio',
]);

function aggregationArity(query: string, node: SyntaxNode, fault: Report): void {
  // `AggregateOp AggregateModifier? FunctionCallBody AggregateModifier?`: read in one pass over the children.
  const first = node.firstChild;
  const op = first?.name === 'AggregateOp' ? first.firstChild : null;
  if (!op) return;
  let body = first!.nextSibling;
  while (body && body.name !== 'FunctionCallBody') body = body.nextSibling;
  let count = 0;
  for (let arg = body?.firstChild; arg; arg = arg.nextSibling) {
    if (arg.type.is('Expr')) count++;
  }
  const name = query.slice(op.from, op.to);
  const wanted = AGGREGATIONS_WITH_PARAMETER.has(op.name) ? 2 : 1;
  if (count === 0) {
    fault(node.from, node.to, `\`${name}\` has no argument: give it the expression to aggregate`);
  } else if (count !== wanted) {
    const shape = wanted === 2 ? `\`${name}(parameter, expression)\`` : `\`${name}(expression)\``;
    fault(node.from, node.to, `\`${name}\` takes ${wanted} argument(s), got ${count}: write ${shape}`);
  }
}

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
function matchesEverything(query: string, selector: SyntaxNode): QueryFinding | null {
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
function infoSelector(query: string, call: SyntaxNode): QueryFinding | null {
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
