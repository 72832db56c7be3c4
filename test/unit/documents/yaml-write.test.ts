import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { visibleYaml } from '../../../src/documents/yaml-write.js';

/** Bidirectional controls and marks, invisible marks and separators: what no written file may hold raw. */
const UNSEEN = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u00ad',
];
const RAW = /[\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

const text = fc
  .array(
    fc.oneof(fc.constantFrom(...UNSEEN, '"', "'", '\\', '\n', '#', ': ', '- '), fc.string({ maxLength: 6 })),
    {
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(''));

describe('visibleYaml', () => {
  test.prop(
    [
      fc.dictionary(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 8 }),
          text.filter((k) => k !== ''),
        ),
        fc.oneof(text, fc.array(text, { maxLength: 3 })),
      ),
    ],
    {
      numRuns: 500,
    },
  )('holds no unseen character raw, and parses to the same values', (value) => {
    const written = visibleYaml(value, '# a header\n');
    expect(written).not.toMatch(RAW);
    expect(parse(written) ?? {}).toEqual(value);
  });

  it('writes a value with an override double-quoted as \\u202E, and a comment with it visibly', () => {
    const written = visibleYaml({ name: 'api\u202Eycnetal' }, '# from "api\u202Eycnetal"\n');
    expect(written).toBe('# from "api\\u202Eycnetal"\nname: "api\\u202Eycnetal"\n');
    expect(parse(written)).toEqual({ name: 'api\u202Eycnetal' });
    expect(visibleYaml({ name: 'plain' })).toBe('name: plain\n');
  });
});
