import { describe, expect, it } from 'vitest';
import { writeJson } from '../../../src/core/json-writer.js';
import { safeOutput } from '../../../src/core/printable.js';
import { Redactor } from '../../../src/core/redact.js';

/** The pieces writeJson gives for `value`, with `redact` (none by default). */
function pieces(value: unknown, redact = (text: string) => text): string[] {
  const out: string[] = [];
  writeJson(value, { redact, write: (piece) => out.push(piece) });
  return out;
}
const whole = (value: unknown, redact?: (text: string) => string) => pieces(value, redact).join('');

describe('writeJson', () => {
  it('writes the text JSON.stringify writes with a two-space indent, then a line break', () => {
    const values: unknown[] = [
      null,
      0,
      -1.5e-7,
      true,
      'plain',
      'quote " backslash \\ line\nbreak \u0000 \u2028 é 🙂',
      [],
      {},
      [[], {}, [[1]], { a: [] }],
      { a: 1, b: 'two', c: [null, false, { d: {} }], e: { f: { g: 'deep' } } },
      // What JSON has no form for: left out of an object, null in an array.
      { gone: undefined, fn: () => 1, kept: 1, sym: Symbol('s') },
      [undefined, () => 1, Symbol('s'), 2],
      [Number.NaN, Number.POSITIVE_INFINITY, -0],
      // A value's toJSON, as JSON.stringify calls it.
      { at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), list: [new Date(0)] },
      { '10': 'integer-like keys first', b: 1, '2': 'then' },
      { nested: { toJSON: () => ({ replaced: true }) } },
    ];
    for (const value of values) expect(whole(value)).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('writes a whole value JSON has no form for as null: the text is always one JSON value', () => {
    expect(whole(undefined)).toBe('null\n');
    expect(whole(() => 1)).toBe('null\n');
  });

  it('redacts every string and every key as it writes them', () => {
    const redactor = new Redactor();
    redactor.add('s3cr3t-token');
    const value = {
      message: 'token s3cr3t-token leaked',
      's3cr3t-token': ['s3cr3t-token', 'clean'],
      nested: { list: [{ header: 'Bearer s3cr3t-token' }] },
    };
    const text = whole(value, (t) => redactor.redact(t));
    expect(text).not.toContain('s3cr3t-token');
    expect(JSON.parse(text)).toEqual({
      message: 'token *** leaked',
      '***': ['***', 'clean'],
      nested: { list: [{ header: 'Bearer ***' }] },
    });
  });

  it('writes two keys that redact alike as one, at the first place with the last value', () => {
    const redactor = new Redactor();
    redactor.add('secret-one');
    redactor.add('secret-two');
    const text = whole({ 'secret-one': 1, middle: 2, 'secret-two': 3 }, (t) => redactor.redact(t));
    expect(text).toBe(`${JSON.stringify({ '***': 3, middle: 2 }, null, 2)}\n`);
  });

  it('gives a large value in pieces that end at a line end, never holding the whole text', () => {
    const value = {
      changes: Array.from({ length: 20_000 }, (_, i) => ({ id: `rule-${i}`, diff: [{ path: 'severity' }] })),
    };
    const out = pieces(value);
    expect(out.length).toBeGreaterThan(10);
    // A piece closes at the first line end past 64 Ki characters.
    expect(out.filter((piece) => !piece.endsWith('\n') || piece.length > 64 * 1024 + 200)).toEqual([]);
    expect(out.join('')).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('gives through a line-by-line boundary the same text piece by piece as whole', () => {
    // Strings that the output boundary escapes: a command's start, the older form, unseen characters.
    const value = Array.from({ length: 5000 }, (_, i) => `::error::${i} ##[group] \u009b \u202e`);
    const out = pieces(value);
    expect(out.length).toBeGreaterThan(1);
    const text = out.join('');
    expect(out.map((piece) => safeOutput(piece)).join('')).toBe(safeOutput(text));
    expect(JSON.parse(safeOutput(text))).toEqual(value);
  });

  it('refuses a cycle as JSON.stringify does', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = { back: cycle };
    expect(() => pieces(cycle)).toThrow(TypeError);
    // The same object twice, not inside itself, is no cycle.
    const shared = { x: 1 };
    expect(whole({ a: shared, b: [shared] })).toBe(
      `${JSON.stringify({ a: shared, b: [shared] }, null, 2)}\n`,
    );
  });
});
