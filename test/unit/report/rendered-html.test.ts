/**
 * The reviewer's view: the comment and the summary rendered as GitHub renders them (GitHub-flavoured
 * Markdown), and the HTML checked, so that a change that breaks a table or leaks raw Markdown fails here.
 */
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { renderComment } from '../../../src/report/comment.js';
import { commentMarker } from '../../../src/report/markers.js';
import { countRun } from '../../../src/report/run-counts.js';
import { renderSummary } from '../../../src/report/step-summary.js';
import { LINKS, planReport, RUN_URL } from './scenarios.js';

const gfm = new Marked({ gfm: true });
const html = (markdown: string) => gfm.parse(markdown, { async: false }) as string;

const views = {
  comment: renderComment(planReport, countRun(planReport), commentMarker('gitops', ['.']), LINKS.sha, {
    links: LINKS,
    runUrl: RUN_URL,
  }),
  summary: renderSummary(planReport, countRun(planReport), { links: LINKS, planJsonPath: '/tmp/x.json' }),
};

describe.each(Object.entries(views))('the %s as GitHub renders it', (_name, markdown) => {
  const page = html(markdown);

  it('shows a changed query as a diff block, old lines and new lines', () => {
    const blocks = [...page.matchAll(/<pre><code class="language-diff">([\s\S]*?)<\/code><\/pre>/g)].map(
      (m) => m[1]!,
    );
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toContain(
      '-   rabbitmq_queue_messages_ready{vhost=&quot;prod&quot;, queue=~&quot;s.*&quot;}',
    );
    expect(blocks[0]).toContain(
      '+   rabbitmq_queue_messages_ready{vhost=&quot;prod&quot;, queue=~&quot;(s|t).*&quot;}',
    );
  });

  it('links files and lines to the commit planned, every link well formed', () => {
    const hrefs = [...page.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) {
      const url = new URL(href);
      expect(url.protocol).toBe('https:');
      if (url.pathname.includes('/docs/reference/codes/')) {
        // A finding's code: its page in the tool's own repository at the major tag, at the code's heading.
        expect(url.pathname).toMatch(
          /^\/acme\/platform-gitops\/blob\/v1\/docs\/reference\/codes\/[a-z-]+\.md$/,
        );
        expect(url.hash).toMatch(/^#[a-z0-9_-]+$/);
      } else if (url.pathname.includes('/blob/')) {
        expect(url.pathname).toMatch(/^\/acme\/gitops\/blob\/[0-9a-f]{40}\/[\w./-]+$/);
        expect(url.hash).toMatch(/^#L\d+$/);
      }
    }
    expect(hrefs).toContain(
      `${LINKS.server}/acme/gitops/blob/${LINKS.sha}/components/observability.yaml#L14`,
    );
    // Every finding's code links to its page.
    expect(hrefs).toContain(
      'https://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/test.md#testerror',
    );
  });

  it('leaks no raw Markdown into table cells and keeps every row whole', () => {
    const cells = [...page.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1]!);
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      // Outside code, no backtick, no [text](url), no ** left unrendered.
      const text = cell.replace(/<code>[\s\S]*?<\/code>/g, '');
      expect(text).not.toMatch(/`|\]\(|\*\*|\\\|/);
    }
    for (const table of page.matchAll(/<table>([\s\S]*?)<\/table>/g)) {
      const rows = [...table[1]!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(
        (m) => (m[1]!.match(/<t[hd]/g) ?? []).length,
      );
      expect(new Set(rows).size).toBe(1);
    }
  });

  it('leaves no Markdown syntax unrendered in the text around the tables', () => {
    const prose = page.replace(/<pre>[\s\S]*?<\/pre>/g, '').replace(/<code>[\s\S]*?<\/code>/g, '');
    expect(prose).not.toMatch(/\]\(https?:|\*\*\w/);
  });
});
