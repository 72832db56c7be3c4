import { describe, expect, it } from 'vitest';
import { queryScalarRange } from '../../../src/promql/query-scalar.js';

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The scalar's text after `promql:`, found from the `condition:` key on line 2, column 1. */
function scalarOf(document: string): string | null {
  const range = queryScalarRange(document, lineStarts(document), 2, 1);
  return range === null ? null : document.slice(range.start, range.end);
}

describe('the query scalar found from the text', () => {
  it.each([
    ['name: a\ncondition:\n  kind: CUSTOM\n  promql: up > 0\n  operator: NONE\n', 'up > 0'],
    ['name: a\ncondition:\n  promql: "up{a=\\"b\\"}"\n  operator: NONE\n', '"up{a=\\"b\\"}"'],
    ["name: a\ncondition:\n  promql: 'up{a=''b''}'\n", "'up{a=''b''}'"],
    [
      'name: a\ncondition:\n  promql: |-\n    sum(\n      up)\n\n  operator: NONE\n',
      '|-\n    sum(\n      up)',
    ],
    ['name: a\ncondition:\n  promql: sum(\n      up)\n  operator: NONE\n', 'sum(\n      up)'],
  ])('%j', (document, scalar) => {
    expect(scalarOf(document)).toBe(scalar);
  });

  it.each([
    ['a flow mapping', 'name: a\ncondition: {promql: up}\n'],
    ['no promql under condition', 'name: a\ncondition:\n  kind: CUSTOM\npromql: up\n'],
    ['a value on the next line', 'name: a\ncondition:\n  promql:\n    up\n'],
    ['a comment after a plain scalar', 'name: a\ncondition:\n  promql: up # all\n'],
    ['an unclosed quote', 'name: a\ncondition:\n  promql: "up\n'],
  ])('gives up on %s', (_, document) => {
    expect(scalarOf(document)).toBeNull();
  });
});
