import type { SyntaxNode } from '@lezer/common';
import { PROMQL_CODES, type QueryFinding } from './codes.js';
import { durationLiteral } from './literal-checks.js';
import { literalValue } from './literals.js';
import { quoteShort } from './syntax.js';
import { children, type Found, type Report } from './tree-check.js';

/**
 * What may follow an expression in Prometheus: a range `[…]`, a subquery `[…:…]`, `offset` and `@`. Each
 * applies to a selector (or a subquery) alone, once, with a duration greater than 0.
 */

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
export function rangeFaults(query: string, node: SyntaxNode, { fault, type }: Found): void {
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
export function modifierFault(query: string, node: SyntaxNode, fault: Report): void {
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
