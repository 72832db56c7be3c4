import { describe, expect, it } from 'vitest';
import { BoundedMarkdown } from '../../../src/markdown/budget.js';

const rows = (n: number, width = 100) =>
  Array.from({ length: n }, (_, i) => `| ${i} | ${'x'.repeat(width)} |`);
const header = ['| n | text |', '|---|---|'];

describe('BoundedMarkdown', () => {
  it('keeps everything when it fits, without a note', () => {
    const out = new BoundedMarkdown(10_000);
    out.block('# title', 'the title');
    out.table(header, rows(3), { keep: 'head', what: 'rows' });
    expect(out.toString()).toBe(`# title\n\n${header.join('\n')}\n${rows(3).join('\n')}\n\n`);
  });

  it('keeps the first or the last rows that fit and names what it left out', () => {
    const head = new BoundedMarkdown(2048 + 600);
    head.table(header, rows(20), { keep: 'head', what: 'rows' });
    const text = head.toString();
    expect(text).toContain('| 0 |');
    expect(text).not.toContain('| 19 |');
    expect(text).toMatch(/left out the last \d+ of 20 rows\.\n$/);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(2048 + 600);

    const tail = new BoundedMarkdown(2048 + 600);
    tail.table(header, rows(20), { keep: 'tail', what: 'rows' });
    expect(tail.toString()).toContain('| 19 |');
    expect(tail.toString()).not.toContain('| 0 |');
    expect(tail.toString()).toMatch(/left out the oldest \d+ of 20 rows/);
  });

  it('never opens a <details> it cannot close, and skips a block that does not fit', () => {
    const out = new BoundedMarkdown(2048 + 100);
    out.block('x'.repeat(500), 'a long block');
    out.block('short', 'a short block');
    out.table(header, rows(5, 500), {
      keep: 'tail',
      what: 'details',
      open: '<details>\n\n',
      close: '\n</details>\n',
    });
    const text = out.toString();
    expect(text).not.toContain('<details>');
    expect(text.startsWith('short\n\n')).toBe(true);
    expect(text).toContain('left out a long block; 5 details.');
  });
});
