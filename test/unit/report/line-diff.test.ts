import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type LineDiffOp, lineDiff, MAX_EDITS } from '../../../src/report/line-diff.js';

const side = (ops: readonly LineDiffOp[], keep: '-' | '+') =>
  ops.filter((o) => o.op === ' ' || o.op === keep).map((o) => o.line);
// The lines of a text as a plan shows them: one final newline is not a line of its own.
const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

/** The length of a longest common subsequence, the textbook way, for small inputs only. */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

// Few distinct lines, so that the two sides share many and the diff has choices to make.
const text = fc
  .array(fc.constantFrom('a', 'b', 'c', 'sum(rate(x[5m]))', ''), { maxLength: 30 })
  .map((l) => l.join('\n'));

describe('lineDiff', () => {
  test.prop([text, text])(
    'its lines rebuild both sides, and it keeps a longest common subsequence as context',
    (before, after) => {
      const ops = lineDiff(before, after);
      expect(side(ops, '-')).toEqual(lines(before));
      expect(side(ops, '+')).toEqual(lines(after));
      expect(ops.filter((o) => o.op === ' ').length).toBe(lcsLength(lines(before), lines(after)));
    },
  );

  it('shows one changed line of a 30,000-line value as one line removed and one added, among context', () => {
    const before = Array.from({ length: 30_000 }, (_, i) => `log line ${i}`);
    const after = [...before];
    after[12_345] = 'log line changed';
    const ops = lineDiff(before.join('\n'), after.join('\n'));
    expect(ops.filter((o) => o.op !== ' ')).toEqual([
      { op: '-', line: 'log line 12345' },
      { op: '+', line: 'log line changed' },
    ]);
    expect(ops).toHaveLength(30_001);
    expect(ops[12_344]).toEqual({ op: ' ', line: 'log line 12344' });
    expect(ops[12_347]).toEqual({ op: ' ', line: 'log line 12346' });
  });

  it('shows two changed lines 29,800 lines apart in a 30,000-line value as those lines, in linear time', () => {
    const before = Array.from({ length: 30_000 }, (_, i) => `log line ${i}`);
    const after = [...before];
    after[100] = 'first changed';
    after[29_900] = 'second changed';
    const ops = lineDiff(before.join('\n'), after.join('\n'));
    // Before, the middle between them was shown whole: 29,801 lines removed, then 29,801 added.
    expect(ops.filter((o) => o.op !== ' ')).toEqual([
      { op: '-', line: 'log line 100' },
      { op: '+', line: 'first changed' },
      { op: '-', line: 'log line 29900' },
      { op: '+', line: 'second changed' },
    ]);
    expect(side(ops, '-')).toEqual(before);
    expect(side(ops, '+')).toEqual(after);
  });

  it('finds the few shared lines of a middle with many edits', () => {
    const before = Array.from({ length: 900 }, (_, i) => `old ${i}`);
    const after = Array.from({ length: 900 }, (_, i) => (i % 300 === 0 ? `old ${i}` : `new ${i}`));
    const ops = lineDiff(before.join('\n'), after.join('\n'));
    expect(ops.filter((o) => o.op === ' ').map((o) => o.line)).toEqual(['old 0', 'old 300', 'old 600']);
    expect(side(ops, '-')).toEqual(before);
    expect(side(ops, '+')).toEqual(after);
  });

  it('shows a changed middle of more edits than searched as removed then added, the shared head and tail as context', () => {
    const size = MAX_EDITS / 2 + 1;
    const before = ['head', ...Array.from({ length: size }, (_, i) => `old ${i}`), 'tail'];
    const after = ['head', ...Array.from({ length: size }, (_, i) => `new ${i}`), 'tail'];
    const ops = lineDiff(before.join('\n'), after.join('\n'));
    expect(ops[0]).toEqual({ op: ' ', line: 'head' });
    expect(ops.at(-1)).toEqual({ op: ' ', line: 'tail' });
    expect(ops.slice(1, -1).map((o) => o.op)).toEqual([...Array(size).fill('-'), ...Array(size).fill('+')]);
    expect(side(ops, '-')).toEqual(before);
    expect(side(ops, '+')).toEqual(after);
  });

  it('reads CRLF as LF and ignores one final newline', () => {
    expect(lineDiff('a\r\nb\n', 'a\nc')).toEqual([
      { op: ' ', line: 'a' },
      { op: '-', line: 'b' },
      { op: '+', line: 'c' },
    ]);
  });
});
