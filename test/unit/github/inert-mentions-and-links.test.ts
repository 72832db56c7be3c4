/**
 * A name, a message or an error that holds `@org/team`, `@user`, `name@host`, `https://…` or `www.…`
 * (a rule named in the console, a service's words) notifies no one and links nowhere, in every Markdown
 * the tool writes: the job summary file (the cluster logs the post step adds to it too), and the Checks run, the pull-request comment and the drift issue
 * as the fake GitHub received them over loopback. The text still reads the same: a zero-width space (an
 * entity) sits after the `@` and before `://` and the dot of `www.`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionOutcome } from '../../../src/action/main-step-result.js';
import { diagnostic } from '../../../src/core/diagnostic.js';
import { Redactor } from '../../../src/core/redact.js';
import { createGitHubClient } from '../../../src/github/github-client.js';
import { publishToGitHub } from '../../../src/github/publish.js';
import { renderLogsMarkdown } from '../../../src/logs/markdown.js';
import { countRun } from '../../../src/report/run-counts.js';
import type { RunReport } from '../../../src/run/reports.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';
import { errorEntry, infoEntry, reportOf } from '../logs/report-fixtures.js';
import { change, plan, report, result } from '../report/report-factory.js';

const MENTION = '@acme/security';
const USER = '@octocat';
const EMAIL = 'oncall@evil.example';
const URL = 'https://evil.example/login';
const WWW = 'www.evil.example';
const HOSTILE = `ping ${MENTION} and ${USER}, mail ${EMAIL}, see ${URL} or ${WWW}`;

/** What GitHub would make live: each hostile piece as written, and its host after a mention or a scheme. */
const LIVE = [MENTION, USER, EMAIL, URL, WWW, '@acme', '@octocat', '@evil', 'https://evil', 'www.evil'];

function run(command: 'plan' | 'apply' | 'drift'): RunReport {
  const at = { line: 2, column: 3, endLine: 2, endColumn: 9 };
  const changes = [
    { ...change(1, 'create'), name: `rule ${HOSTILE}` },
    { ...change(2, 'update'), name: `other ${MENTION}` },
  ];
  return report({
    command,
    plan: plan(changes),
    diagnostics: [
      diagnostic('error', 'alerting/a.yaml', at, 'test.error', `the service said: ${HOSTILE}`),
      diagnostic('notice', '', at, 'test.notice', `about the run: ${HOSTILE}`),
    ],
    results:
      command === 'apply' ? [{ ...result(1, false), change: changes[0]!, error: `refused: ${HOSTILE}` }] : [],
    skipped: [`left out: ${HOSTILE}`],
  });
}

/** Markdown outside code: GitHub reads no mention or link in a code span, a fence or a `<code>` element. */
function outsideCode(markdown: string): string {
  return markdown
    .replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1\s*$/gm, '')
    .replace(/<code>[\s\S]*?<\/code>/g, '')
    .replace(/(`+)(?:(?!\1)[\s\S])+?\1/g, '');
}

function expectInert(where: string, markdown: string): void {
  const text = outsideCode(markdown);
  for (const live of LIVE) expect(text, `${where} has ${live} live`).not.toContain(live);
  // Still there, and reads the same once the entity is a zero-width space.
  expect(text, where).toContain('@&#8203;acme/security');
  expect(text.replace(/&#8203;/g, ''), where).toContain(MENTION);
}

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(async () => {
  await github?.close();
});

describe('mentions and bare addresses from names and messages stay inert', () => {
  it.for(['plan', 'apply', 'drift'] as const)('%s: the job summary', (command) => {
    const r = run(command);
    const outcome = actionOutcome(
      r,
      { failOn: 'warning' },
      { checkRunPublished: false, checkRunUrl: null, links: null, notes: [], planJsonPath: '/tmp/p.json' },
      new Redactor(),
    );
    expectInert('the job summary', outcome.summary);
  });

  it("the cluster logs' section of the job summary: entries, errors and their hints", () => {
    const failed = errorEntry(3, 'HELM_CHART_FAILED', { hint_message: `hint: ${HOSTILE}` });
    const markdown = renderLogsMarkdown(
      [
        reportOf({
          entries: [infoEntry(1, HOSTILE), failed],
          totalEntries: 2,
          errors: [failed],
          totalErrors: 1,
        }),
      ],
      { redactor: new Redactor(), maxBytes: 1_000_000 },
    );
    expectInert('the cluster logs', markdown);
  });

  it.for(['plan', 'apply', 'drift'] as const)(
    '%s: the Checks run, the comment and the drift issue as GitHub received them',
    async (command) => {
      const r = run(command);
      const pullRequest = github.addPullRequest();
      const client = createGitHubClient(github.token, { baseUrl: github.url });
      const target = {
        owner: 'acme',
        repo: 'gitops',
        workflow: 'gitops',
        paths: ['.'],
        checkSha: `${command.length}`.padStart(40, 'c'),
        pullRequest,
        runUrl: null,
      };
      const switches = { checks: true, comment: true, driftIssue: true, driftLabel: 'drift' };
      await publishToGitHub(client, r, countRun(r), 'failure', target, switches, new Redactor());
      const check = github.checkRuns.at(-1)!;
      expectInert('the Checks run', [check.output.title, check.output.summary, check.output.text].join('\n'));
      const comment = github.comments.find((c) => c.issue_number === pullRequest);
      expectInert('the comment', comment!.body);
      if (command === 'drift') {
        const issue = github.issues.find((i) => i.pull_request === undefined);
        expectInert('the drift issue', issue!.body);
      }
    },
  );
});
