/**
 * Literals as Prometheus's lexer and parser read them: numbers (Go's ParseInt with base 0, then
 * ParseFloat), durations (`1h30m`, in seconds) and strings (Go's escapes, as its lexer checks them).
 */

const DURATION_UNIT_SECONDS: Readonly<Record<string, number>> = {
  y: 365 * 24 * 3600,
  w: 7 * 24 * 3600,
  d: 24 * 3600,
  h: 3600,
  m: 60,
  s: 1,
  ms: 0.001,
};

/** Seconds as a Go `time.Duration` (int64 nanoseconds) can hold them. */
export const MAX_DURATION_SECONDS = 2 ** 63 / 1e9;

/**
 * The value of a number or duration token, unsigned or with a leading sign (`-Inf`, `0x1F`, `0755`,
 * `1_000`, `5m`), in seconds for a duration. NaN for NaN.
 */
export function literalValue(text: string): number {
  const sign = text.startsWith('-') ? -1 : 1;
  const body = text.replace(/^[+-]/, '').trim();
  const lower = body.toLowerCase();
  if (lower === 'inf') return sign * Number.POSITIVE_INFINITY;
  if (lower === 'nan') return Number.NaN;
  if (/^[0-9]+(ms|[smhdwy])/.test(body) && /[a-z]$/.test(body)) return sign * durationSeconds(body);
  const plain = body.replaceAll('_', '');
  if (/^0[xX][0-9a-fA-F]+$/.test(plain)) return sign * Number.parseInt(plain.slice(2), 16);
  if (/^0[0-7]+$/.test(plain)) return sign * Number.parseInt(plain, 8);
  return sign * Number(plain);
}

function durationSeconds(text: string): number {
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/([0-9]+)(ms|[smhdwy])/g)) {
    total += Number(amount) * DURATION_UNIT_SECONDS[unit!]!;
  }
  return total;
}

/** Whether a number token overflows a float64 (Go's ParseFloat says "value out of range"). */
export function numberOutOfRange(text: string): boolean {
  // Beyond 1.8e308 takes an exponent or more than 300 digits: most numbers are done here.
  if (text.length < 20 && !text.includes('e') && !text.includes('E')) return false;
  const body = text.replace(/^[+-]/, '');
  return !/^(inf|nan)$/i.test(body) && /^[0-9.]/.test(body) && !Number.isFinite(literalValue(body));
}

/** A fault of a string literal's escapes, in Prometheus's lexer's words, with where it ends. */
export interface EscapeFault {
  readonly message: string;
  /** Offset in the literal just after the offending character. */
  readonly end: number;
}

/**
 * The first bad escape of a closed string literal (with its quotes), as Prometheus's lexer finds it:
 * `\a \b \f \n \r \t \v \\` and the string's own quote, 3 octal digits (at most \377), `\xhh`, `\uhhhh`,
 * `\Uhhhhhhhh` (a valid code point). Raw strings (backticks) have no escapes.
 */
export function escapeFault(literal: string): EscapeFault | null {
  const quote = literal[0];
  if (quote === '`') return null;
  for (let i = 1; i < literal.length - 1; i++) {
    if (literal[i] !== '\\') continue;
    const c = literal[i + 1]!;
    if ('abfnrtv\\'.includes(c) || c === quote) {
      i++;
      continue;
    }
    const digits = /[0-7]/.test(c)
      ? { n: 3, base: 8, max: 255, from: i + 1 }
      : c === 'x'
        ? { n: 2, base: 16, max: 255, from: i + 2 }
        : c === 'u'
          ? { n: 4, base: 16, max: 0x10ffff, from: i + 2 }
          : c === 'U'
            ? { n: 8, base: 16, max: 0x10ffff, from: i + 2 }
            : null;
    if (digits === null) {
      return { message: `unknown escape sequence ${goRune(c.codePointAt(0)!)}`, end: i + 1 + c.length };
    }
    let value = 0;
    for (let k = 0; k < digits.n; k++) {
      const at = digits.from + k;
      const d = literal[at];
      if (d === undefined) {
        return { message: 'escape sequence not terminated', end: literal.length };
      }
      const digit = Number.parseInt(d, 36);
      if (Number.isNaN(digit) || digit >= digits.base) {
        return { message: `illegal character ${goRune(d.codePointAt(0)!)} in escape sequence`, end: at + 1 };
      }
      value = value * digits.base + digit;
    }
    if (value > digits.max || (value >= 0xd800 && value < 0xe000)) {
      return { message: 'escape sequence is an invalid Unicode code point', end: digits.from + digits.n };
    }
    i = digits.from + digits.n - 1;
  }
  return null;
}

/** Go's `%#U`: `U+0063 'c'`. */
function goRune(codePoint: number): string {
  const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
  return `U+${hex} '${String.fromCodePoint(codePoint)}'`;
}

/** The value of a string literal whose escapes are valid (see escapeFault). */
export function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  if (literal[0] === '`') return body;
  const simple: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
  return body.replace(
    /\\(?:([0-7]{3})|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|(.))/gs,
    (_, octal, hex, u4, u8, other: string) => {
      if (octal) return String.fromCharCode(Number.parseInt(octal, 8));
      if (hex) return String.fromCharCode(Number.parseInt(hex, 16));
      if (u4 || u8) return String.fromCodePoint(Number.parseInt(u4 ?? u8, 16));
      return simple[other] ?? other;
    },
  );
}
