/**
 * Regular expressions as Prometheus reads them: Go's RE2 syntax, not JavaScript's. A small reader of the
 * syntax that says what RE2 refuses (lookaround, backreferences, nested repetition, a repeat count over
 * 1000, an unknown escape, unbalanced brackets, a reversed class range) and whether the expression can
 * match the empty string, which decides whether a selector such as `{job=~".*"}` selects everything.
 *
 * Approximation (docs/decisions/promql-checks.md): names of Unicode classes (`\p{Greek}`) are not checked
 * against RE2's table, and a class is never found empty (`[^\x00-\x{10FFFF}]`).
 */

export type Re2Result = { readonly error: string } | { readonly matchesEmpty: boolean };

const MAX_REPEAT = 1000;
const POSIX_CLASSES = new Set([
  'alnum',
  'alpha',
  'ascii',
  'blank',
  'cntrl',
  'digit',
  'graph',
  'lower',
  'print',
  'punct',
  'space',
  'upper',
  'word',
  'xdigit',
]);

class Re2Error extends Error {}

/** Reads a pattern; an error's message is Go's words (`missing closing )`). */
export function readRe2(pattern: string): Re2Result {
  try {
    const reader = new Reader(pattern);
    const empty = reader.alternation();
    if (reader.at < pattern.length) throw new Re2Error('unexpected )');
    return { matchesEmpty: empty };
  } catch (error) {
    if (error instanceof Re2Error) return { error: error.message };
    throw error;
  }
}

class Reader {
  at = 0;
  constructor(private readonly text: string) {}

  private peek(offset = 0): string | undefined {
    return this.text[this.at + offset];
  }

  /** Whether the alternation can match the empty string. */
  alternation(): boolean {
    let empty = this.concatenation();
    while (this.peek() === '|') {
      this.at++;
      empty = this.concatenation() || empty;
    }
    return empty;
  }

  private concatenation(): boolean {
    let empty = true;
    while (this.at < this.text.length && this.peek() !== '|' && this.peek() !== ')') {
      empty = this.repetition() && empty;
    }
    return empty;
  }

  private repetition(): boolean {
    if (this.quantifier() !== null) throw new Re2Error(`missing argument to repetition operator`);
    let empty = this.atom();
    let repeated = false;
    for (let q = this.quantifier(); q !== null; q = this.quantifier()) {
      if (repeated) throw new Re2Error('invalid nested repetition operator');
      repeated = true;
      if (q.min === 0) empty = true;
      if (this.peek() === '?') this.at++;
    }
    return empty;
  }

  /** A quantifier at the reading position, consumed, or null (a `{` that is no repeat is a literal). */
  private quantifier(): { min: number } | null {
    const c = this.peek();
    if (c === '*' || c === '?') {
      this.at++;
      return { min: 0 };
    }
    if (c === '+') {
      this.at++;
      return { min: 1 };
    }
    if (c !== '{') return null;
    const m = /^\{(\d+)(,(\d*))?\}/.exec(this.text.slice(this.at));
    if (!m) return null;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? min : Number(m[3]);
    if (min > MAX_REPEAT || max > MAX_REPEAT || max < min) throw new Re2Error('invalid repeat count');
    this.at += m[0].length;
    return { min };
  }

  /** One atom; whether it can match the empty string. */
  private atom(): boolean {
    const c = this.text[this.at++]!;
    if (c === '(') return this.group();
    if (c === '[') {
      this.characterClass();
      return false;
    }
    if (c === '\\') return this.escape(false);
    return c === '^' || c === '$';
  }

  private group(): boolean {
    if (this.peek() === '?') {
      const rest = this.text.slice(this.at + 1);
      const named = /^(?:P?<)(\w*)>/.exec(rest);
      const flags = /^[imsU-]*([:)])/.exec(rest);
      if (named) {
        if (named[1] === '') throw new Re2Error('invalid named capture');
        this.at += 1 + named[0].length;
      } else if (flags) {
        this.at += 1 + flags[0].length;
        if (flags[1] === ')') return true;
      } else {
        throw new Re2Error('invalid or unsupported Perl syntax');
      }
    }
    const empty = this.alternation();
    if (this.peek() !== ')') throw new Re2Error('missing closing )');
    this.at++;
    return empty;
  }

  private characterClass(): void {
    if (this.peek() === '^') this.at++;
    let first = true;
    while (this.peek() !== ']' || first) {
      if (this.at >= this.text.length) throw new Re2Error('missing closing ]');
      first = false;
      const posix = /^\[:(\^?)(\w+):\]/.exec(this.text.slice(this.at));
      if (posix) {
        if (!POSIX_CLASSES.has(posix[2]!)) throw new Re2Error('invalid character class range');
        this.at += posix[0].length;
        continue;
      }
      const low = this.classCharacter();
      // After a class escape (`[\d-a]`) a `-` is itself; a class escape cannot end a range (`[a-\d]`).
      if (low !== null && this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.at++;
        const high = this.classCharacter();
        if (high === null || high < low) throw new Re2Error('invalid character class range');
      }
    }
    this.at++;
  }

  /** A class member's code point, or null for a class escape (`\d`, `\pL`). */
  private classCharacter(): number | null {
    const c = this.text.codePointAt(this.at)!;
    this.at += c > 0xffff ? 2 : 1;
    if (c !== 0x5c) return c;
    const before = this.at;
    this.escape(true);
    const written = this.text.slice(before, this.at);
    return /^[dDsSwWpP]/.test(written) ? null : escapedCodePoint(written);
  }

  /** The escape after a backslash; whether it can match the empty string (only anchors can). */
  private escape(inClass: boolean): boolean {
    const c = this.text[this.at++];
    if (c === undefined) throw new Re2Error('trailing backslash at end of expression');
    if (/[dDsSwW]/.test(c)) return false;
    if (/[aftnrv]/.test(c)) return false;
    if (!inClass && /[bBAz]/.test(c)) return c !== 'b';
    if (c === 'p' || c === 'P') {
      const name = /^(?:\{\^?\w+\}|[A-Za-z])/.exec(this.text.slice(this.at));
      if (!name) throw new Re2Error('invalid character class range');
      this.at += name[0].length;
      return false;
    }
    if (c === 'Q' && !inClass) {
      const end = this.text.indexOf('\\E', this.at);
      const literal = end === -1 ? this.text.slice(this.at) : this.text.slice(this.at, end);
      this.at = end === -1 ? this.text.length : end + 2;
      return literal.length === 0;
    }
    if (c === 'x') {
      const hex = /^(?:\{[0-9a-fA-F]+\}|[0-9a-fA-F]{2})/.exec(this.text.slice(this.at));
      if (!hex) throw new Re2Error('invalid escape sequence');
      this.at += hex[0].length;
      return false;
    }
    if (c === '0') {
      this.at += /^[0-7]{0,2}/.exec(this.text.slice(this.at))![0].length;
      return false;
    }
    if (/[1-7]/.test(c) && /[0-7]/.test(this.peek() ?? '')) {
      this.at += /^[0-7]{1,2}/.exec(this.text.slice(this.at))![0].length;
      return false;
    }
    if (c.charCodeAt(0) < 0x80 && !/[0-9A-Za-z]/.test(c)) return false;
    throw new Re2Error('invalid escape sequence');
  }
}

/** The code point of a one-character escape inside a class (`\x41`, `\n`, `\-`), for range order. */
function escapedCodePoint(written: string): number | null {
  const simple: Record<string, number> = { a: 7, f: 12, t: 9, n: 10, r: 13, v: 11 };
  if (written.length === 1) return simple[written] ?? written.codePointAt(0)!;
  if (written.startsWith('x')) return Number.parseInt(written.slice(1).replace(/[{}]/g, ''), 16);
  if (/^[0-7]+$/.test(written)) return Number.parseInt(written, 8);
  return null;
}
