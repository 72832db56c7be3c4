/**
 * Where the grammar of `@prometheus-io/lezer-promql` refuses what Prometheus's own lexer and parser accept,
 * the query is rewritten before the grammar reads it, character for character (the same length, so every
 * offset of the tree is an offset of the query; messages always quote the query as written):
 *
 * - a number with a trailing dot (`2.`, `1./6.`, `foo @ 3.`): the dot becomes a space (`2.` is 2);
 * - `offset` as a metric name (`offset{step="1s"}`, `sum(offset)`): Prometheus's grammar takes any keyword
 *   as a metric name where an expression starts; the grammar here always reads `offset` as the modifier.
 *   It becomes another identifier of the same length;
 * - `constructor` and `__proto__` in any case, as a metric name: the grammar looks every word up in an
 *   object by its lower case, and finds these two on the object's prototype. They become `x…`;
 * - `step()` and `range()` in another case (`STEP()`): Prometheus's keywords are case-insensitive;
 * - `min_of(a, b)` and `max_of(a, b)` outside a range or an offset: Prometheus reads them as duration
 *   expressions anywhere an expression may stand; the grammar here only inside `[…]` and after `offset`.
 *   They become the parenthesised sum `      (a+ b)`, which gives the same type (a scalar).
 *
 * Strings and comments are copied as they are.
 */
export function bridgeGrammarGaps(query: string): string {
  return rewriteMinMaxOf(NEEDS_SCAN.test(query) ? rewriteTokens(query) : query);
}

/**
 * Text without which no token below is rewritten (a number ending in a dot, `offset` before what only a
 * metric name can stand before, `step(`/`range(`, the two names found on a prototype): most queries are
 * not scanned at all.
 */
const NEEDS_SCAN = /[0-9_]\.(?![0-9])|offset\s*[{[)\],]|(?:step|range)\s*\(|constructor|__proto__/i;
const NUMBER = /(?:0[xX][0-9a-fA-F_]+|[0-9_]*\.?[0-9_]*(?:[eE][+-]?[0-9_]+)?)/y;
const WORD = /[A-Za-z_:][\w:]*/y;

/** The numbers and words of the query rewritten, in one pass that copies only what changes. */
function rewriteTokens(query: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  const replace = (at: number, width: number, text: string) => {
    if (text === query.slice(at, at + width)) return;
    out += query.slice(copied, at) + text;
    copied = at + width;
  };
  while (i < query.length) {
    const c = query[i]!;
    if (c === '"' || c === "'" || c === '`') {
      i = endOfString(query, i);
    } else if (c === '#') {
      const newline = query.indexOf('\n', i);
      i = newline === -1 ? query.length : newline;
    } else if (isWordChar(query[i - 1])) {
      i++;
    } else if ((c >= '0' && c <= '9') || c === '.') {
      NUMBER.lastIndex = i;
      const number = NUMBER.exec(query)![0];
      const width = Math.max(number.length, 1);
      if (/^[0-9][0-9_]*\.$/.test(number) && !/[\w.]/.test(query[i + width] ?? '')) {
        replace(i, width, `${number.slice(0, -1)} `);
      }
      i += width;
    } else if (/[A-Za-z_:]/.test(c)) {
      WORD.lastIndex = i;
      const word = WORD.exec(query)![0];
      replace(i, word.length, bridgeWord(query, i, word));
      i += word.length;
    } else {
      i++;
    }
  }
  return copied === 0 ? query : out + query.slice(copied);
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[\w:]/.test(c);
}

function bridgeWord(query: string, at: number, word: string): string {
  const lower = word.toLowerCase();
  if (lower === 'constructor' || lower === '__proto__') return `x${word.slice(1)}`;
  if (lower !== 'step' && lower !== 'range' && lower !== 'offset') return word;
  const next = query[nextNonSpace(query, at + word.length)];
  if ((lower === 'step' || lower === 'range') && next === '(' && word !== lower) return lower;
  if (lower === 'offset' && startsExpression(query, at) && next !== undefined && /[{[)\],]/.test(next)) {
    return 'offse_';
  }
  return word;
}

function nextNonSpace(query: string, from: number): number {
  let i = from;
  while (i < query.length && /\s/.test(query[i]!)) i++;
  return i;
}

/** Whether an expression may start at `at`: after nothing, an opening bracket, a comma or an operator. */
function startsExpression(query: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /\s/.test(query[i]!)) i--;
  return i < 0 || /[([{,+\-*/%^=<>!]/.test(query[i]!);
}

/**
 * `min_of(a, b)` where the grammar wants an expression (not inside `[…]`, not after `offset`, where it
 * knows them). The rewrite keeps a comma-separated pair only, so `min_of(a)` or `min_of(a, b, c)` stay
 * as written and are refused.
 */
function rewriteMinMaxOf(text: string): string {
  if (!/\b(?:min|max)_of\s*\(/.test(text)) return text;
  let out = text;
  for (const match of text.matchAll(/\b(?:min|max)_of(\s*)\(/g)) {
    const at = match.index;
    if (insideDurationContext(text, at)) continue;
    const open = at + match[0].length - 1;
    const comma = topLevelComma(text, open);
    if (comma === null) continue;
    const name = match[0].length - 1;
    out = `${out.slice(0, at)}${' '.repeat(name)}${out.slice(at + name, comma)}+${out.slice(comma + 1)}`;
  }
  return out;
}

function insideDurationContext(text: string, at: number): boolean {
  const before = text.slice(0, at);
  const open = before.lastIndexOf('[');
  if (open > before.lastIndexOf(']')) return true;
  return /offset\s*[-+(\s]*$/i.test(before);
}

/** The single top-level comma of the call opened at `open`, or null when there is not exactly one. */
function topLevelComma(text: string, open: number): number | null {
  let depth = 0;
  let comma: number | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') i = endOfString(text, i) - 1;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return comma;
    } else if (c === ',' && depth === 1) {
      if (comma !== null) return null;
      comma = i;
    }
  }
  return null;
}

/** The offset just after the string that starts at `start` (or the end of the query if it never closes). */
function endOfString(query: string, start: number): number {
  const quote = query[start];
  for (let i = start + 1; i < query.length; i++) {
    if (query[i] === '\\' && quote !== '`') i++;
    else if (query[i] === quote) return i + 1;
    else if (query[i] === '\n' && quote !== '`') return i;
  }
  return query.length;
}
