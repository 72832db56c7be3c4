import { describe, expect, it } from 'vitest';
import { escapeFault, literalValue, numberOutOfRange, unquote } from '../../../src/promql/literals.js';

describe('literals as Prometheus reads them', () => {
  it.each([
    ['1', 1],
    ['-Inf', Number.NEGATIVE_INFINITY],
    ['0x1F', 31],
    ['0755', 493],
    ['1_000', 1000],
    ['2.', 2],
    ['.5', 0.5],
    ['5e-3', 0.005],
    ['1h30m', 5400],
    ['1y2w', 365 * 86400 + 14 * 86400],
    ['90ms', 0.09],
    ['-5m', -300],
  ])('%j is %d', (text, value) => {
    expect(literalValue(text)).toBe(value);
  });

  it('reads NaN', () => {
    expect(literalValue('NaN')).toBeNaN();
  });

  it('finds numbers beyond a float64, and no other', () => {
    expect(numberOutOfRange('1e999')).toBe(true);
    expect(numberOutOfRange(`-${'9'.repeat(309)}`)).toBe(true);
    expect(numberOutOfRange('1e308')).toBe(false);
    expect(numberOutOfRange('+Inf')).toBe(false);
    expect(numberOutOfRange('12345')).toBe(false);
  });

  it.each([
    ['"\\c"', "unknown escape sequence U+0063 'c'", 3],
    ['"\\\'"', "unknown escape sequence U+0027 '''", 3],
    ["'\\\"'", "unknown escape sequence U+0022 '\"'", 3],
    ['"\\x."', "illegal character U+002E '.' in escape sequence", 4],
    ['"\\u12"', "illegal character U+0022 '\"' in escape sequence", 6],
    ['"\\400"', 'escape sequence is an invalid Unicode code point', 5],
    ['"\\uD800"', 'escape sequence is an invalid Unicode code point', 7],
    ['"\\U00110000"', 'escape sequence is an invalid Unicode code point', 11],
  ])('refuses the escapes of %j: %s', (literal, message, end) => {
    expect(escapeFault(literal)).toEqual({ message, end });
  });

  it('accepts Go escapes, and none in a raw string', () => {
    expect(escapeFault('"\\a\\b\\f\\n\\r\\t\\v\\\\\\" \\xFF\\377\\u1234\\U00010111"')).toBeNull();
    expect(escapeFault("'\\''")).toBeNull();
    expect(escapeFault('`\\c`')).toBeNull();
  });

  it('unquotes', () => {
    expect(unquote('"a\\tb\\x41\\101\\u00e9\\"\\\\"')).toBe('a\tbAAé"\\');
    expect(unquote("'it\\'s'")).toBe("it's");
    expect(unquote('`\\d+`')).toBe('\\d+');
  });
});
