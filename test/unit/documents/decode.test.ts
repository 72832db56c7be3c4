import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidByte } from '../../../src/documents/decode.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('firstInvalidByte', () => {
  it('accepts ASCII, 2-, 3- and 4-byte sequences', () => {
    expect(firstInvalidByte(new TextEncoder().encode('a é € 😀'))).toBe(-1);
  });

  it.each([
    ['a lone continuation byte', bytes(0x61, 0x80), 1],
    ['a Latin-1 byte', bytes(0x61, 0x62, 0xfc, 0x63), 2],
    ['an overlong 2-byte form', bytes(0xc0, 0xaf), 0],
    ['an overlong 3-byte form', bytes(0xe0, 0x80, 0xaf), 0],
    ['a UTF-16 surrogate', bytes(0x61, 0xed, 0xa0, 0x80), 1],
    ['a code point above U+10FFFF', bytes(0xf4, 0x90, 0x80, 0x80), 0],
    ['a sequence cut by the end of the file', bytes(0x61, 0xe2, 0x82), 1],
    ['a sequence cut by an ASCII byte', bytes(0xe2, 0x41, 0x41), 0],
  ])('finds %s', (_, input, offset) => {
    expect(firstInvalidByte(input)).toBe(offset);
  });
});

describe('decodeUtf8', () => {
  it('strips the BOM so that the first character is at column 1', () => {
    const result = decodeUtf8(bytes(0xef, 0xbb, 0xbf, 0x61));
    expect(result).toEqual({ ok: true, text: 'a' });
  });

  it('gives the line and column of the first bad byte, counting characters (not bytes) before it', () => {
    const prefix = new TextEncoder().encode('one\nzwölf: ');
    const result = decodeUtf8(Uint8Array.from([...prefix, 0xff, 0x0a]));
    expect(result).toEqual({ ok: false, offset: prefix.length, line: 2, column: 8 });
  });

  it('refuses exactly the bytes firstInvalidByte refuses, and reads the rest as TextDecoder does', () => {
    const utf8ish = fc.array(
      fc.oneof(
        fc.integer({ min: 0, max: 0x7f }),
        fc.integer({ min: 0x80, max: 0xff }),
        fc.constantFrom(0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xef, 0xbb, 0xbf),
      ),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          utf8ish,
          fc.string({ unit: 'binary' }).map((t) => [...new TextEncoder().encode(t)]),
        ),
        (values) => {
          const input = Uint8Array.from(values);
          const body =
            input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? input.subarray(3) : input;
          const result = decodeUtf8(input);
          expect(result.ok).toBe(firstInvalidByte(body) === -1);
          if (result.ok) expect(result.text).toBe(new TextDecoder('utf-8').decode(body));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reports the offset in the file, BOM included, and the column after it', () => {
    const result = decodeUtf8(bytes(0xef, 0xbb, 0xbf, 0x61, 0xfe));
    expect(result).toEqual({ ok: false, offset: 4, line: 1, column: 2 });
  });
});
