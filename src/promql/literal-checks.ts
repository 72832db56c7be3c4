import type { SyntaxNode, SyntaxNodeRef } from '@lezer/common';
import { PROMQL_CODES } from './codes.js';
import { escapeFault, literalValue, MAX_DURATION_SECONDS, numberOutOfRange, unquote } from './literals.js';
import { readRe2 } from './re2.js';
import { quoteShort } from './syntax.js';
import { children, type Report } from './tree-check.js';

/**
 * The literals Prometheus's lexer refuses: numbers beyond float64, durations beyond int64 nanoseconds,
 * division or modulo by zero in a duration, bad string escapes, regular expressions RE2 does not compile.
 */

export function numberFault(query: string, node: SyntaxNodeRef, fault: Report): void {
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

/** A duration literal beyond int64 nanoseconds. */
export function durationFault(query: string, node: SyntaxNodeRef, fault: Report): void {
  const text = query.slice(node.from, node.to);
  // Beyond 9.2e9 seconds takes an exponent, a year count or five digits.
  if (!/\d{5}|[eEy]/.test(text)) return;
  if (Math.abs(literalValue(text)) > MAX_DURATION_SECONDS) {
    fault(node.from, node.to, durationOutOfRange(query, node), PROMQL_CODES.syntax);
  }
}

function durationOutOfRange(query: string, node: SyntaxNodeRef): string {
  return `the duration ${quoteShort(query.slice(node.from, node.to))} is out of range: at most about 292 years (9223372036 seconds)`;
}

/** The value of a duration that is a literal (`5m`, `-1`, `(0)`), or null for an expression. */
export function durationLiteral(query: string, node: SyntaxNode): number | null {
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

export function divisionByZero(query: string, node: SyntaxNode, fault: Report): void {
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

export function stringFault(query: string, node: SyntaxNodeRef, fault: Report): void {
  const text = query.slice(node.from, node.to);
  if (!text.includes('\\')) return;
  const bad = escapeFault(text);
  if (bad) fault(node.from, node.from + bad.end, `${quoteShort(text)}: ${bad.message}`, PROMQL_CODES.syntax);
}

export function regexFault(query: string, matcher: SyntaxNode, fault: Report): void {
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
