import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/core/redact.js';
import { renderLogsMarkdown } from '../../../src/logs/markdown.js';
import type { ClusterLogEntry } from '../../../src/service/types.js';
import { errorEntry, infoEntry, reportOf } from './report-fixtures.js';

const render = (
  reports: Parameters<typeof renderLogsMarkdown>[0],
  maxBytes = 1_000_000,
  redactor = new Redactor(),
) => renderLogsMarkdown(reports, { redactor, maxBytes });

/** Markdown structure a cut must never break: fences balanced, <details> closed, tables whole. */
function expectWellFormed(markdown: string): void {
  const fences = markdown.split('\n').filter((line) => /^`{3,}/.test(line));
  expect(fences.length % 2).toBe(0);
  expect(markdown.split('<details>').length).toBe(markdown.split('</details>').length);
  for (const line of markdown.split('\n').filter((l) => l.startsWith('|'))) {
    // Every table row has exactly the four cells of its header: an unescaped pipe would add one.
    expect(line.replace(/\\\|/g, '').split('|').length).toBe(6);
  }
}

describe('renderLogsMarkdown', () => {
  it('puts the deployment, then the errors, then the entries in time order, with details folded', () => {
    const failed = errorEntry(3, 'HELM_CHART_FAILED', {
      hint_message: 'Check the chart values',
      link: 'https://hub.example.com/docs/errors#helm',
      underlying_error: { message: 'helm upgrade: timed out\nwaiting for condition' },
    });
    const markdown = render([
      reportOf({
        entries: [infoEntry(1, 'Preparing'), infoEntry(2, 'Creating nodes'), failed],
        totalEntries: 3,
        errors: [failed],
        totalErrors: 1,
      }),
    ]);
    expect(markdown).toMatchSnapshot();
    const order = [
      '**Deployment**',
      '#### Errors',
      '**Hint:**',
      'Underlying error',
      '#### Newest',
      'Preparing',
      'Creating nodes',
      '<details>',
    ];
    const positions = order.map((marker) => markdown.indexOf(marker));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(markdown).toContain('status ❌ **DEPLOYMENT\\_ERROR** (action `ERROR`)');
    expect(markdown).toContain('trigger `DEPLOY`');
    expect(markdown).toContain('[read more](https://hub.example.com/docs/errors#helm)');
    expectWellFormed(markdown);
  });

  it('escapes pipes, backticks, HTML and Markdown from the service', () => {
    const hostile: ClusterLogEntry = {
      type: 'info',
      timestamp: '2026-11-21T01:00:00Z',
      step: 'Create|x',
      message: {
        safe_message:
          'a | b `code` <img src=x onerror=alert(1)> </details> **bold** [x](javascript:y)\n# heading',
      },
    };
    const markdown = render([reportOf({ entries: [hostile], totalEntries: 1 })]);
    expect(markdown).not.toContain('<img');
    expect(markdown).not.toMatch(/[^\\]`code/);
    expect(markdown).toContain(
      'a \\| b \\`code\\` &lt;img src=x onerror=alert(1)&gt; &lt;/details&gt; \\*\\*bold\\*\\* \\[x\\](javascript:y) \\# heading',
    );
    expect(markdown).toContain('Create\\|x');
    expectWellFormed(markdown);
  });

  it('chooses a fence the underlying error cannot close, and links only http(s) addresses', () => {
    const failed = errorEntry(1, 'X', {
      underlying_error: { message: 'before\n```\n<script>alert(1)</script>\n````' },
      link: 'javascript:alert(1)',
    });
    const markdown = render([
      reportOf({ errors: [failed], totalErrors: 1, entries: [failed], totalEntries: 1 }),
    ]);
    expect(markdown).toContain('`````text\nbefore\n```\n<script>alert(1)</script>\n````\n`````');
    expect(markdown).toContain('**Documentation:** javascript:alert(1)');
    expectWellFormed(markdown);
  });

  it('redacts registered secrets and credential-shaped values before escaping', () => {
    const redactor = new Redactor();
    redactor.add('qov_sandbox_acme_token');
    const leaky = errorEntry(1, 'AUTH', {
      user_log_message: 'request with qov_sandbox_acme_token failed',
      underlying_error: {
        message: 'Authorization: Bearer abc.def.ghi password=hunter22 postgres://admin:s3cret@db:5432',
      },
    });
    const markdown = render(
      [reportOf({ errors: [leaky], entries: [leaky], totalEntries: 1, totalErrors: 1 })],
      1_000_000,
      redactor,
    );
    for (const secret of ['qov_sandbox_acme_token', 'qov\\_sandbox', 'abc.def.ghi', 'hunter22', 's3cret']) {
      expect(markdown).not.toContain(secret);
    }
    expect(markdown).toContain('Authorization: Bearer ***');
    expect(markdown).toContain('password=***');
  });

  it('stays within the byte limit with huge entries, keeps the newest rows and says what it cut', () => {
    const entries = Array.from({ length: 1000 }, (_, i) => ({
      ...infoEntry(i % 60, `entry ${i} ${'é'.repeat(3000)}`),
      timestamp: `2026-11-21T01:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`,
    }));
    const errors = Array.from({ length: 10 }, (_, i) =>
      errorEntry(i, `E${i}`, { underlying_error: { message: 'x'.repeat(10_000) } }),
    );
    const maxBytes = 64 * 1024;
    const markdown = render([reportOf({ entries, totalEntries: 50_000, errors, totalErrors: 10 })], maxBytes);
    expect(Buffer.byteLength(markdown, 'utf8')).toBeLessThanOrEqual(maxBytes);
    expect(markdown).toContain('Newest 1000 of 50000 entries');
    expect(markdown).toContain('entry 999 ');
    expect(markdown).not.toContain('entry 0 ');
    expect(markdown).toMatch(
      /Cut to stay within the summary's size limit: left out .*the oldest \d+ of 1000 entries of cluster/,
    );
    expectWellFormed(markdown);
  });

  it('says when there are no entries, shows notices and failures', () => {
    const markdown = render([
      reportOf({
        notices: [
          'The service answered 404 to listClusterDeploymentHistoryV2: showing the deprecated cluster logs',
        ],
        deployment: null,
        fallback: true,
      }),
      reportOf({ failure: 'listClusterDeploymentHistoryV2 (GET /x) failed with HTTP 403: forbidden' }),
    ]);
    expect(markdown).toContain('> The service answered 404 to listClusterDeploymentHistoryV2');
    expect(markdown).toContain('_There are no log entries._');
    expect(markdown).toContain(
      '> [!WARNING]\n> Could not fetch the logs: listClusterDeploymentHistoryV2 (GET /x) failed with HTTP 403: forbidden',
    );
    expect(render([reportOf()])).toContain('_The deployment has no log entries._');
  });
  it('shows times as ages with the exact UTC time in a tooltip when the time of rendering is given', () => {
    const failed = errorEntry(3, 'HELM_CHART_FAILED');
    const now = Date.parse('2026-11-21T01:04:30Z');
    const markdown = renderLogsMarkdown(
      [reportOf({ entries: [failed], totalEntries: 1, errors: [failed], totalErrors: 1 })],
      { redactor: new Redactor(), maxBytes: 1_000_000, now },
    );
    expect(markdown).toContain('created <span title="2026-11-21 01:00:00Z">4 min ago</span>');
    expect(markdown).toContain(
      '**`HELM_CHART_FAILED`** · <span title="2026-11-21 01:00:03.000000002Z">4 min ago</span> · step',
    );
    // The entries keep their exact times: their order within seconds is the point of the table.
    expect(markdown).toContain('| 2026-11-21 01:00:03.000000002Z | **error** |');
  });

  it('names an earlier run’s deployment in one line, with its age and time, and shows no entries', () => {
    const previous = reportOf().deployment!;
    const now = Date.parse('2026-11-24T02:00:00Z');
    const markdown = renderLogsMarkdown([reportOf({ deployment: null, previous })], {
      redactor: new Redactor(),
      maxBytes: 1_000_000,
      now,
    });
    expect(markdown).toContain(
      '> No deployment of cluster `c1a5e7e0-0000-4000-8000-000000000101` during this run; the newest (**FAILED**) is from <span title="2026-11-21 01:00:00Z">3 days ago</span>: deployment `d0d0d0d0-0000-4000-8000-000000000601`, created 2026-11-21 01:00:00Z. Its logs belong to an earlier run and are not shown.',
    );
    expect(markdown).not.toContain('**Deployment**');
    expect(markdown).not.toContain('no log entries');
  });
});
