import { describe, expect, it } from 'vitest';
import { fitBlocks } from '../../../src/markdown/budget.js';
import {
  codeLink,
  escapeInline,
  fenced,
  htmlCode,
  inlineCode,
  link,
  messageMarkdown,
  sliceChars,
  truncateUtf8,
  utf8Bytes,
} from '../../../src/markdown/escape.js';

describe('escaping', () => {
  it('keeps untrusted text from breaking tables, details or comments', () => {
    expect(escapeInline('a | b </details> <!-- x --> *y*\nz')).toBe(
      'a \\| b &lt;/details&gt; &lt;!-- x --&gt; \\*y\\* z',
    );
  });

  it('strips ANSI colours, control characters and bidirectional overrides everywhere it writes', () => {
    const hostile = 'ok\u001b[31mred\u001b[0m \u202eevil\u202c\u0007 `a\u2066b`';
    expect(escapeInline(hostile)).toBe('okred evil \\`ab\\`');
    expect(messageMarkdown(hostile)).toBe('okred evil `ab`');
    expect(inlineCode('a\u202eb\u001b[1m')).toBe('`ab`');
    expect(htmlCode('\u2067x\u0000')).toBe('<code>x</code>');
    expect(fenced('line\u202e 1\n\u001b[2Kline 2', 'diff')).toBe('```diff\nline 1\nline 2\n```');
  });

  it('links only plain http(s) addresses', () => {
    expect(link('run', 'https://github.com/acme/gitops/actions/runs/9')).toBe(
      '[run](https://github.com/acme/gitops/actions/runs/9)',
    );
    expect(link('x', 'javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(codeLink('a.yaml:3', 'https://h/x#L3')).toBe('[`a.yaml:3`](https://h/x#L3)');
    expect(codeLink('a.yaml:3', null)).toBe('`a.yaml:3`');
  });

  it('keeps the code spans of a message as code and escapes the rest', () => {
    expect(messageMarkdown('set `clusterInputs.s3BucketName` | *now* `a|b` </details>')).toBe(
      'set `clusterInputs.s3BucketName` \\| \\*now\\* `a\\|b` &lt;/details&gt;',
    );
    expect(messageMarkdown('an odd ` backtick')).toBe('an odd \\` backtick');
  });

  it('writes code inside HTML as an escaped <code> element', () => {
    expect(htmlCode('a<b>&"c"\nd')).toBe('<code>a&lt;b&gt;&amp;&quot;c&quot; d</code>');
  });

  it('cuts long cells and says so', () => {
    expect(escapeInline('x'.repeat(50), 10)).toBe('xxxxxxxxxx… (40 more characters)');
  });

  it('fences inline code longer than any backtick run inside', () => {
    expect(inlineCode('a`b')).toBe('``a`b``');
    expect(inlineCode('`x`')).toBe('`` `x` ``');
    expect(inlineCode('a|b')).toBe('`a\\|b`');
  });
});

describe('byte-safe truncation', () => {
  it('never cuts inside a UTF-8 character', () => {
    const text = 'é'.repeat(10); // 2 bytes each
    expect(truncateUtf8(text, 5)).toBe('éé');
    expect(utf8Bytes(truncateUtf8('€€€', 4))).toBe(3);
    expect(truncateUtf8('abc', 10)).toBe('abc');
  });

  it('never cuts half a surrogate pair', () => {
    expect(sliceChars('a😀b', 2)).toBe('a');
    expect(sliceChars('a😀b', 3)).toBe('a😀');
  });
});

describe('fitBlocks', () => {
  const table = (n: number) => ({
    open: '### Plan\n\n| a | b |\n| --- | --- |',
    rows: Array.from({ length: n }, (_, i) => `| row ${i} | ${'x'.repeat(40)} |`),
    rowNoun: 'change',
  });

  it('returns everything when it fits', () => {
    const fit = fitBlocks([{ open: 'intro', rows: [] }, table(3)], 10_000, (t) => t.length, 'see the file');
    expect(fit.omitted.size).toBe(0);
    expect(fit.markdown).toBe(
      `intro\n\n${['### Plan\n\n| a | b |\n| --- | --- |', ...table(3).rows].join('\n')}`,
    );
  });

  it('cuts between rows, closes an open <details>, and says what was left out', () => {
    const details = {
      ...table(500),
      open: `<details><summary>f.yaml</summary>\n\n| a | b |\n| --- | --- |`,
      close: '\n</details>',
    };
    const fit = fitBlocks([details, table(10)], 5000, (t) => t.length, 'The job summary has the rest.');
    expect(fit.markdown.length).toBeLessThanOrEqual(5000);
    expect(fit.markdown.match(/<details>/g)).toHaveLength(1);
    expect(fit.markdown.match(/<\/details>/g)).toHaveLength(1);
    // Every kept row is whole.
    for (const line of fit.markdown.split('\n').filter((l) => l.startsWith('| row'))) {
      expect(line).toMatch(/^\| row \d+ \| x{40} \|$/);
    }
    const kept = fit.markdown.split('\n').filter((l) => l.startsWith('| row')).length;
    expect(fit.omitted.get('change')).toBe(510 - kept);
    expect(
      fit.markdown.endsWith(
        `> **Cut to fit GitHub's size limit:** ${510 - kept} changes left out. The job summary has the rest.`,
      ),
    ).toBe(true);
  });

  it('measures in UTF-8 bytes when asked', () => {
    const wide = { open: '# t', rows: Array.from({ length: 1000 }, () => `| ${'€'.repeat(100)} |`) };
    const fit = fitBlocks([wide], 20_000, utf8Bytes, 'x');
    expect(utf8Bytes(fit.markdown)).toBeLessThanOrEqual(20_000);
    expect(fit.markdown.length).toBeLessThan(20_000 / 2);
  });
});

describe('mentions and bare addresses', () => {
  it('are made inert in inline text and messages, and read the same', () => {
    const text = 'ping @acme/security, mail a@b.example, see https://x.example or WWW.x.example';
    const inert =
      'ping @&#8203;acme/security, mail a@&#8203;b.example, see https&#8203;://x.example or WWW&#8203;.x.example';
    expect(escapeInline(text)).toBe(inert);
    expect(messageMarkdown(`\`@team\` said: ${text}`)).toBe(`\`@team\` said: ${inert}`);
  });

  it('leave a lone `@`, code and real links alone', () => {
    expect(escapeInline('a @ b')).toBe('a @ b');
    expect(inlineCode('@acme/security https://x.example')).toBe('`@acme/security https://x.example`');
    expect(link('docs @acme', 'https://x.example/d')).toBe('[docs @&#8203;acme](https://x.example/d)');
  });
});
