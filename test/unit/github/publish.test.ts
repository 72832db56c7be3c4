import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/core/redact.js';
import { createGitHubClient } from '../../../src/github/github-client.js';
import { publishToGitHub } from '../../../src/github/publish.js';
import { commentMarker } from '../../../src/report/markers.js';
import { countRun } from '../../../src/report/run-counts.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';
import { change, finding, plan, report } from '../report/report-factory.js';

const SECRET = 'qov_secret_value_123';
const switches = { checks: true, comment: true, driftIssue: true, driftLabel: 'platform-gitops-drift' };

describe('publishToGitHub', () => {
  let github: FakeGitHub;
  let pr: number;
  const redactor = new Redactor();
  redactor.add(SECRET);

  beforeEach(async () => {
    github = await startFakeGitHub();
    pr = github.addPullRequest();
  });
  afterEach(async () => {
    await github.close();
  });

  const target = () => ({
    owner: 'acme',
    repo: 'gitops',
    workflow: 'gitops',
    paths: ['.'],
    checkSha: 'b'.repeat(40),
    pullRequest: pr,
    runUrl: null,
  });
  const r = report({
    plan: plan([change(1)]),
    diagnostics: [finding('error', 'a.yaml', 2, `the token ${SECRET} leaked into a message`)],
  });

  it('posts the Checks run and the comment, with every text redacted', async () => {
    const client = createGitHubClient(github.token, { baseUrl: github.url });
    const result = await publishToGitHub(client, r, countRun(r), 'failure', target(), switches, redactor);
    expect(result).toEqual({
      checkRunPublished: true,
      checkRunUrl: expect.stringContaining('/checks/'),
      links: null,
      notes: [],
    });
    expect(github.checkRuns[0]).toMatchObject({ name: 'platform-gitops plan', conclusion: 'failure' });
    // The outcome is the run's title, said once: not again in its summary or at the top of its text.
    const { output } = github.checkRuns[0]!;
    expect(output.title).toBe('plan: 1 error, 1 change pending');
    expect(output.summary).toBe(
      '**Plan: 0 to create, 1 to update, 0 to delete.**\n\n1 finding: annotated on its line and listed below.',
    );
    expect(output.text).not.toContain('platform-gitops plan');
    expect(output.text).not.toContain(output.title);
    expect(github.comments).toHaveLength(1);
    expect(JSON.stringify(github.requests)).not.toContain(SECRET);
    expect(github.checkRuns[0]!.output.annotations[0]).toMatchObject({
      message:
        'the token *** leaked into a message [test.error]\nhttps://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/test.md#testerror',
    });
  });

  it('asks for REST API version 2022-11-28 on every request', async () => {
    const client = createGitHubClient(github.token, { baseUrl: github.url });
    const drift = { ...r, command: 'drift' as const };
    await publishToGitHub(client, r, countRun(r), 'failure', target(), switches, redactor);
    await publishToGitHub(client, r, countRun(r), 'failure', target(), switches, redactor);
    await publishToGitHub(client, drift, countRun(drift), 'neutral', target(), switches, redactor);
    // Check runs, comments (list, create, edit), issues (list, create), labels: every kind the run sends.
    expect(new Set(github.requests.map((q) => q.method))).toEqual(new Set(['GET', 'POST', 'PATCH']));
    expect(github.requests.length).toBeGreaterThan(4);
    expect(github.requests.map((q) => q.apiVersion)).toEqual(github.requests.map(() => '2022-11-28'));
    expect(github.requests.filter((q) => q.status === 400)).toEqual([]);
  });

  it('tells in the drift issue how to dispatch the apply of the workflow that checked', async () => {
    const client = createGitHubClient(github.token, { baseUrl: github.url });
    const drift = { ...r, command: 'drift' as const };
    await publishToGitHub(
      client,
      drift,
      countRun(drift),
      'neutral',
      { ...target(), pullRequest: null, workflowFile: 'platform-gitops.yml' },
      switches,
      redactor,
    );
    const issue = github.issues.find((i) => !i.pull_request)!;
    expect(issue.body).toContain('gh workflow run platform-gitops.yml --repo acme/gitops -f command=apply');
  });

  it('posts only where the run has a destination: a commit, a pull request, a drift run', async () => {
    const client = createGitHubClient(github.token, { baseUrl: github.url });
    const nowhere = { ...target(), checkSha: '', pullRequest: null };
    const result = await publishToGitHub(client, r, countRun(r), 'failure', nowhere, switches, redactor);
    expect(result).toEqual({ checkRunPublished: false, checkRunUrl: null, links: null, notes: [] });
    expect(github.requests).toEqual([]);
    // A plan on a pull request: the Checks run and the comment, no drift issue.
    await publishToGitHub(client, r, countRun(r), 'failure', target(), switches, redactor);
    expect(github.checkRuns).toHaveLength(1);
    expect(github.comments).toHaveLength(1);
    expect(github.issues.filter((i) => !i.pull_request)).toEqual([]);
    // Each switch off keeps its destination away, whatever the run.
    const drift = { ...r, command: 'drift' as const };
    const off = { checks: false, comment: false, driftIssue: false, driftLabel: 'platform-gitops-drift' };
    github.requests.length = 0;
    await publishToGitHub(client, drift, countRun(drift), 'neutral', target(), off, redactor);
    expect(github.requests).toEqual([]);
  });

  it('says that the Checks API needs an installation token when given a personal access token', async () => {
    const personal = await startFakeGitHub({ token: 'ghp_classic_personal_token' });
    try {
      const client = createGitHubClient(personal.token, { baseUrl: personal.url });
      const result = await publishToGitHub(
        client,
        r,
        countRun(r),
        'failure',
        { ...target(), pullRequest: null },
        { ...switches, comment: false },
        redactor,
      );
      expect(result.checkRunPublished).toBe(false);
      expect(result.notes).toEqual([
        "Checks run not created: GitHub's Checks API accepts only a GitHub App installation token, and the github-token input is another kind (a personal access token): pass the workflow's GITHUB_TOKEN (the default) with the checks: write permission, or a GitHub App's token; findings beyond the annotation caps are in this summary.",
      ]);
      expect(result.notes[0]).not.toContain('ghp_');
    } finally {
      await personal.close();
    }
  });

  it('keeps the hidden marker intact when a sensitive value occurs in it, so the comment is found again', async () => {
    const marker = commentMarker('gitops', ['.']);
    const inMarker = /:([0-9a-f]{16}) -->/.exec(marker)![1]!.slice(3, 9);
    const strict = new Redactor();
    strict.add(inMarker);
    const leaky = report({
      plan: plan([change(1)]),
      diagnostics: [finding('error', 'a.yaml', 2, `x ${inMarker} y`)],
    });
    const client = createGitHubClient(github.token, { baseUrl: github.url });
    const publish = () =>
      publishToGitHub(client, leaky, countRun(leaky), 'failure', target(), switches, strict);
    await publish();
    await publish();
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]!.body.startsWith(`${marker}\n`)).toBe(true);
    expect(github.comments[0]!.body).toContain('x *** y');
    expect(github.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/comments'))).toHaveLength(
      1,
    );
  });

  it('says once per report what a missing permission left out, and fails nothing', async () => {
    github.switches = { checksForbidden: true, issuesForbidden: true };
    const client = createGitHubClient(github.token, { baseUrl: github.url });
    const drift = { ...r, command: 'drift' as const };
    const result = await publishToGitHub(
      client,
      drift,
      countRun(drift),
      'neutral',
      target(),
      switches,
      redactor,
    );
    expect(result).toEqual({
      checkRunPublished: false,
      checkRunUrl: null,
      links: null,
      notes: [
        'Checks run not created: the token lacks the checks: write permission (always so on pull requests from forks); findings beyond the annotation caps are in this summary.',
        'Pull-request comment not posted: the token lacks the pull-requests: write permission (always so on pull requests from forks).',
        'Drift issue not updated: the token lacks the issues: write permission.',
      ],
    });
    // Outside pull requests the note says what to grant, without the remark about forks.
    github.requests.length = 0;
    const scheduled = await publishToGitHub(
      client,
      drift,
      countRun(drift),
      'neutral',
      { ...target(), pullRequest: null },
      switches,
      redactor,
    );
    expect(scheduled.notes[0]).toBe(
      'Checks run not created: the token lacks the checks: write permission; findings beyond the annotation caps are in this summary.',
    );
  });

  it('turns an unreachable GitHub into notes after retrying', async () => {
    const client = createGitHubClient(github.token, { baseUrl: github.url, retryBaseMs: 1 });
    await github.close();
    const result = await publishToGitHub(client, r, countRun(r), 'failure', target(), switches, redactor);
    expect(result.checkRunPublished).toBe(false);
    expect(result.notes).toHaveLength(2);
    // Nothing answered: the note names the network, not an HTTP status GitHub never sent.
    expect(result.notes[0]).toMatch(/^Checks run not created or not complete: GitHub could not be reached: /);
    expect(result.notes[1]).toMatch(/^Pull-request comment not posted: GitHub could not be reached: /);
    github = await startFakeGitHub();
  });
});

describe('publishToGitHub on other GitHub deployments', () => {
  const target = {
    owner: 'acme',
    repo: 'gitops',
    workflow: 'gitops',
    paths: ['.'],
    checkSha: 'b'.repeat(40),
    pullRequest: null,
    runUrl: null,
  };
  const r = report({ plan: plan([change(1)]) });

  it('posts under a GitHub Enterprise Server API path (GITHUB_API_URL=https://HOST/api/v3)', async () => {
    const github = await startFakeGitHub({ pathPrefix: '/api/v3' });
    try {
      const client = createGitHubClient(github.token, { baseUrl: `${github.url}/api/v3/`, retryBaseMs: 1 });
      const result = await publishToGitHub(
        client,
        r,
        countRun(r),
        'success',
        target,
        switches,
        new Redactor(),
      );
      expect(result).toEqual({
        checkRunPublished: true,
        checkRunUrl: expect.stringContaining('/checks/'),
        links: null,
        notes: [],
      });
      expect(github.requests.map((q) => q.path)).toEqual(['/api/v3/repos/acme/gitops/check-runs']);
    } finally {
      await github.close();
    }
  });

  it('retries a GitHub that answers 500 and then recovers, and names the status when it does not', async () => {
    const github = await startFakeGitHub();
    try {
      const client = createGitHubClient(github.token, { baseUrl: github.url, retryBaseMs: 1 });
      github.switches = { failNext: 2 };
      const recovered = await publishToGitHub(
        client,
        r,
        countRun(r),
        'success',
        target,
        switches,
        new Redactor(),
      );
      expect(recovered).toEqual({
        checkRunPublished: true,
        checkRunUrl: expect.stringContaining('/checks/'),
        links: null,
        notes: [],
      });
      expect(github.requests.map((q) => q.status)).toEqual([500, 500, 201]);
      expect(github.checkRuns).toHaveLength(1);

      github.switches = { failNext: 10 };
      const failed = await publishToGitHub(
        client,
        r,
        countRun(r),
        'success',
        target,
        switches,
        new Redactor(),
      );
      expect(failed.checkRunPublished).toBe(false);
      expect(failed.notes).toEqual([
        'Checks run not created or not complete: GitHub answered HTTP 500: Server Error',
      ]);
    } finally {
      await github.close();
    }
  });
});
