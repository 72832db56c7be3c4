import { describe, expect, it } from 'vitest';
import { valueCode } from '../../../src/report/change-markdown.js';

describe('valueCode', () => {
  it.each([
    ['HIGH', '`HIGH`'],
    ['load-0-1 fired', '`load-0-1 fired`'],
    ['fired', '`fired`'],
    ['0.5', '`"0.5"`'],
    ['-1', '`"-1"`'],
    ['true', '`"true"`'],
    ['null', '`"null"`'],
    ['[1]', '`"[1]"`'],
    ['{"a":1}', '`"{\\"a\\":1}"`'],
    ['"quoted"', '`"\\"quoted\\""`'],
    ['tRUE-ish', '`tRUE-ish`'],
    [' padded', '`" padded"`'],
    [0.5, '`0.5`'],
  ])('%j is shown as %s', (value, shown) => {
    expect(valueCode(value)).toBe(shown);
  });
});
