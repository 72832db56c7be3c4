import type { SyntaxNode, Tree } from '@lezer/common';
import { nearestName } from '../core/nearest-name.js';
import { PROMQL_CODES, type QueryFinding } from './codes.js';
import { functionNames } from './library.js';

/**
 * The first syntax error of a query, described in words a person can act on. The grammar recovers from
 * an error by guessing, so what follows the first error is mostly noise: one finding per query.
 */
export function syntaxError(query: string, tree: Tree): QueryFinding | null {
  if (isEmpty(query)) {
    return syntax(0, 0, 'the query has no expression: it is empty or only comments');
  }
  const { unclosed, error } = scan(query, tree);
  if (unclosed) return unclosed;
  if (error === null) return null;
  return (
    unknownFunction(query, error) ??
    groupModifierWithoutMatching(error) ??
    trailingComma(query, error) ??
    badNumber(query, error) ??
    (error.from >= query.trimEnd().length ? endOfQuery(query, error) : unexpected(query, error))
  );
}

/** Only white space and comments (`# …` to the end of the line). */
function isEmpty(query: string): boolean {
  for (let i = 0; i < query.length; i++) {
    if (query[i] === '#') {
      const newline = query.indexOf('\n', i);
      if (newline === -1) return true;
      i = newline;
    } else if (!/\s/.test(query[i]!)) {
      return false;
    }
  }
  return true;
}

const syntax = (from: number, to: number, message: string): QueryFinding => ({
  severity: 'error',
  code: PROMQL_CODES.syntax,
  message,
  from,
  to: Math.max(to, from),
});

/**
 * One walk of the tree for the first error node and the first unterminated string: the grammar takes an
 * unterminated string to the end of the query without marking an error.
 */
function scan(query: string, tree: Tree): { unclosed: QueryFinding | null; error: SyntaxNode | null } {
  let unclosed: QueryFinding | null = null;
  let error: SyntaxNode | null = null;
  tree.iterate({
    enter: (ref) => {
      if (unclosed) return false;
      if (ref.type.isError) {
        error ??= ref.node;
      } else if (ref.name === 'StringLiteral') {
        const text = query.slice(ref.from, ref.to);
        if (!isClosedString(text)) {
          unclosed = syntax(
            ref.from,
            ref.to,
            `the string ${quoteShort(text)} is never closed: add the closing ${text[0]}`,
          );
        }
        return false;
      }
      return undefined;
    },
  });
  return { unclosed, error };
}

function isClosedString(text: string): boolean {
  const quote = text[0];
  if (text.length < 2 || text[text.length - 1] !== quote) return false;
  if (quote === '`') return true;
  let backslashes = 0;
  for (let i = text.length - 2; i > 0 && text[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 0;
}

/** `foo(x)`: the grammar knows every function by name, so an unknown one is a selector followed by `(`. */
function unknownFunction(query: string, error: SyntaxNode): QueryFinding | null {
  const name = error.prevSibling;
  if (error.parent?.name !== 'VectorSelector' || name?.name !== 'Identifier') return null;
  if (!query.slice(error.from).trimStart().startsWith('(')) return null;
  const written = query.slice(name.from, name.to);
  const near = completion(written) ?? nearestName(written, functionNames());
  return {
    severity: 'error',
    code: PROMQL_CODES.unknownFunction,
    message: `unknown function \`${written}\`${near ? `: did you mean \`${near}\`?` : ''}`,
    from: name.from,
    to: name.to,
  };
}

/** `rat` is more likely `rate` cut short than `rad` mistyped: a name the text begins wins. */
function completion(written: string): string | null {
  const longer = functionNames().filter((name) => name.startsWith(written) && name !== written);
  return longer.sort((a, b) => a.length - b.length)[0] ?? null;
}

function groupModifierWithoutMatching(error: SyntaxNode): QueryFinding | null {
  const group = error.getChild('GroupLeft') ?? error.getChild('GroupRight');
  if (group === null || error.parent?.name !== 'BinaryExpr') return null;
  const word = group.name === 'GroupLeft' ? 'group_left' : 'group_right';
  return {
    severity: 'error',
    code: PROMQL_CODES.syntax,
    message: `\`${word}\` needs \`on(…)\` or \`ignoring(…)\` before it`,
    from: group.from,
    to: group.to,
  };
}

/** `topk(x,)`: Prometheus names the comma. */
function trailingComma(query: string, error: SyntaxNode): QueryFinding | null {
  if (error.parent?.name !== 'FunctionCallBody') return null;
  const before = query.slice(0, error.from).trimEnd();
  if (!before.endsWith(',') || !query.slice(error.from).trimStart().startsWith(')')) return null;
  return syntax(
    before.length - 1,
    before.length,
    'a trailing comma is not allowed in the arguments of a call',
  );
}

const DURATION_HOLDERS = new Set([
  'MatrixSelector',
  'SubqueryExpr',
  'OffsetExpr',
  'DurationExpr',
  'OffsetDurationExpr',
]);

/**
 * `2.5.`, `0deadbeef`, `[5x]`, `offset 1mm`: the grammar reads a number or a duration and stops at the
 * character it does not expect; Prometheus's lexer refuses the whole word, from its first character.
 */
function badNumber(query: string, error: SyntaxNode): QueryFinding | null {
  if (!/[\w.]/.test(query[error.from - 1] ?? '')) return null;
  let from = error.from;
  while (from > 0 && /[\w.]/.test(query[from - 1]!)) from--;
  if (!/^(\.?[0-9])/.test(query.slice(from))) return null;
  const to = error.from + /^[\w.]*/.exec(query.slice(error.from))![0].length;
  if (to <= error.from) return null;
  const inDuration = DURATION_HOLDERS.has(error.parent?.name ?? '');
  const word = quoteShort(query.slice(from, to));
  return syntax(
    from,
    to,
    inDuration
      ? `${word} is not a duration: write a number and a unit (ms, s, m, h, d, w, y), e.g. 5m`
      : `${word} is not a number or a duration`,
  );
}

const OPENERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/**
 * The query stops in the middle of an expression: the finding sits at its end, where Prometheus puts it,
 * and names what is left open (with where it opens) or what dangles.
 */
function endOfQuery(query: string, error: SyntaxNode): QueryFinding {
  const end = query.trimEnd().length;
  const open = lastUnclosedBracket(query);
  if (open !== null) {
    const opener = quoteShort(query.slice(Math.max(0, open - 20), open + 1).replace(/^.*\s/s, ''));
    return syntax(
      end,
      end,
      `the query ends with \`${query[open]}\` never closed (opened at ${opener}, character ${open + 1} of the query): add \`${OPENERS[query[open]!]}\``,
    );
  }
  const before = error.prevSibling;
  if (before !== null && before.to > before.from) {
    const text = query.slice(before.from, before.to);
    return syntax(end, end, `the query ends after ${quoteShort(text)}: something is missing after it`);
  }
  return syntax(end, end, 'the query ends too early: something is missing at its end');
}

function unexpected(query: string, error: SyntaxNode): QueryFinding {
  const width = error.to > error.from ? error.to - error.from : tokenLength(query, error.from);
  const text = query.slice(error.from, error.from + width);
  return syntax(error.from, error.from + width, `unexpected ${quoteShort(text)} here`);
}

function tokenLength(query: string, from: number): number {
  const match = /^(\w+|\S)/.exec(query.slice(from));
  return match ? match[0].length : 1;
}

/** Offset of the last opening bracket with no closing one, outside strings and comments. */
function lastUnclosedBracket(query: string): number | null {
  const stack: number[] = [];
  for (let i = 0; i < query.length; i++) {
    const c = query[i]!;
    if (c === '#') {
      const newline = query.indexOf('\n', i);
      i = newline === -1 ? query.length : newline;
    } else if (c === '"' || c === "'" || c === '`') {
      i = endOfString(query, i);
    } else if (c in OPENERS) {
      stack.push(i);
    } else if (c === ')' || c === ']' || c === '}') {
      stack.pop();
    }
  }
  return stack.length > 0 ? stack[stack.length - 1]! : null;
}

function endOfString(query: string, start: number): number {
  const quote = query[start];
  for (let i = start + 1; i < query.length; i++) {
    if (query[i] === '\\' && quote !== '`') i++;
    else if (query[i] === quote) return i;
  }
  return query.length;
}

/** A piece of the query for a message, in backticks, cut when long. */
export function quoteShort(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const cut = oneLine.length > 40 ? `${oneLine.slice(0, 39)}…` : oneLine;
  return `\`${cut.replaceAll('`', "'")}\``;
}
