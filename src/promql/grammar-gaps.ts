/**
 * Where the grammar of `@prometheus-io/lezer-promql` refuses what Prometheus's own lexer and parser accept,
 * the query is rewritten before the grammar reads it, character for character (the same length, so every
 * offset of the tree is an offset of the query; messages always quote the query as written):
 *
 * - a number with a trailing dot (`2.`, `1./6.`, `foo @ 3.`): the dot becomes a space (`2.` is 2);
 * - `offset` as a metric name (`offset{step="1s"}`, `sum(offset)`): Prometheus's grammar takes any keyword
 *   as a metric name where an expression starts; the grammar here always reads `offset` as the modifier.
 *   It becomes another identifier of the same length;
 * - `step()` and `range()` in another case (`STEP()`): Prometheus's keywords are case-insensitive;
 * - `min_of(a, b)` and `max_of(a, b)` outside a range or an offset: Prometheus reads them as duration
 *   expressions anywhere an expression may stand; the grammar here only inside `[…]` and after `offset`.
 *   They become the parenthesised sum `      (a+ b)`, which gives the same type (a scalar).
 *
 * Strings and comments are copied as they are.
 */
export function bridgeGrammarGaps(query: string): string {
  if (!NEEDS_BRIDGE.test(query)) return query;
  let out = '';
  let i = 0;
  while (i < query.length) {
    const c = query[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const end = endOfString(query, i);
      out += query.slice(i, end);
      i = end;
    } else if (c === '#') {
      const newline = query.indexOf('\n', i);
      const end = newline === -1 ? query.length : newline;
      out += query.slice(i, end);
      i = end;
    } else if (/[0-9.]/.test(c) && !isWordChar(query[i - 1])) {
      const number = /^(?:0[xX][0-9a-fA-F_]+|[0-9_]*\.?[0-9_]*(?:[eE][+-]?[0-9_]+)?)/.exec(
        query.slice(i),
      )![0];
      const width = Math.max(number.length, 1);
      out +=
        /^[0-9][0-9_]*\.$/.test(number) && !/[\w.]/.test(query[i + width] ?? '')
          ? `${number.slice(0, -1)} `
          : query.slice(i, i + width);
      i += width;
    } else if (/[A-Za-z_:]/.test(c) && !isWordChar(query[i - 1])) {
      const word = /^[A-Za-z_:][\w:]*/.exec(query.slice(i))![0];
      out += bridgeWord(query, i, word);
      i += word.length;
    } else {
      out += c;
      i++;
    }
  }
  return rewriteMinMaxOf(out);
}

const NEEDS_BRIDGE = /[0-9]\.(?![0-9])|offset|step|range|min_of|max_of/i;

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[\w:]/.test(c);
}

function bridgeWord(query: string, at: number, word: string): string {
  const lower = word.toLowerCase();
  const next = query.slice(at + word.length).trimStart()[0];
  if ((lower === 'step' || lower === 'range') && next === '(' && word !== lower) return lower;
  if (lower === 'offset' && startsExpression(query, at) && next !== undefined && /[{[)\],]/.test(next)) {
    return 'offse_';
  }
  return word;
}

/** Whether an expression may start at `at`: after nothing, an opening bracket, a comma or an operator. */
function startsExpression(query: string, at: number): boolean {
  const before = query.slice(0, at).trimEnd();
  return before.length === 0 || /[([{,+\-*/%^=<>!]$/.test(before);
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
