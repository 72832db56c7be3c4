import { describe, expect, it } from 'vitest';
import { isMap, parseDocument, type Scalar } from 'yaml';
import { mapScalar } from '../../../src/promql/scalar-map.js';

/** The value of `q` in a one-key document, and where each of its characters comes from in the source. */
function mapped(source: string): { value: string; offsets: readonly number[] | null } {
  const doc = parseDocument(source);
  expect(doc.errors).toEqual([]);
  if (!isMap(doc.contents)) throw new Error('not a mapping');
  const node = doc.contents.get('q', true) as unknown as Scalar<string>;
  const [start, end] = node.range!;
  return { value: node.value, offsets: mapScalar(source, start, end, node.value) };
}

/** Every character of the value that is written as itself in the file sits at its offset. */
function expectFaithful(source: string): void {
  const { value, offsets } = mapped(source);
  expect(offsets, source).not.toBeNull();
  for (let i = 0; i < value.length; i++) {
    // An escape (`\"`, `\x41`) is pointed at by its backslash.
    if (source[offsets![i]!] === '\\') continue;
    if (/[\w{}()[\]=~<>]/.test(value[i]!)) expect(source[offsets![i]!], `${source} @${i}`).toBe(value[i]);
  }
}

describe('mapScalar', () => {
  it.each([
    ['plain', 'q: sum(rate(x{a="b"}[5m])) > 0\n'],
    ['plain over lines', 'q: sum(rate(x[5m]))\n  /\n  sum(rate(y[5m]))\n'],
    ['plain with an empty line', 'q: sum(x)\n\n  / sum(y)\n'],
    ['double-quoted with escapes', 'q: "x{a=\\"b\\", c=\\"\\\\d+\\"} \\u00e9 \\x41 \\t > 0"\n'],
    ['double-quoted over lines', 'q: "sum(x{a=\\"b\\"})\n  / sum(y)"\n'],
    ['double-quoted with an escaped line break', 'q: "sum(ra\\\n  te(x[5m]))"\n'],
    ['double-quoted with an astral escape', 'q: "x{a=\\"\\U0001F6A8\\"} > y"\n'],
    ['single-quoted', "q: 'x{a=''b''} > 0'\n"],
    ['single-quoted over lines', "q: 'sum(x{a=''b''})\n  / sum(y)'\n"],
    ['literal', 'q: |\n  # comment\n  sum(x)\n    / sum(y)\n'],
    ['literal, strip', 'q: |-\n  sum(x)\n  / sum(y)\n'],
    ['literal, keep', 'q: |+\n  sum(x)\n\n'],
    ['literal with CRLF', 'q: |\r\n  sum(x)\r\n  / sum(y)\r\n'],
    ['folded', 'q: >\n  sum(x)\n  / sum(y)\n'],
    ['folded with a more-indented line and an empty line', 'q: >-\n  sum(x)\n    / on(a)\n\n  sum(y)\n'],
    ['a plain scalar with a non-BMP character before the query', 'q: x{a="🚨"} > y\n'],
  ])('%s', (_, source) => expectFaithful(source));

  it('gives no mapping for an explicit indentation indicator, rather than a wrong one', () => {
    expect(mapped('q: |2\n    sum(x)\n').offsets).toBeNull();
  });

  it('gives no mapping when the source is not the value (the caller then points at the scalar)', () => {
    expect(mapScalar('q: abc', 3, 6, 'abd')).toBeNull();
  });

  it('maps the end of the value after its last character', () => {
    const { value, offsets } = mapped('q: "a\\"b"\n');
    expect(offsets![value.length]).toBe('q: "a\\"b'.length);
  });
});
