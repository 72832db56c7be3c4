import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient, type GitHubClient } from '../../../src/github/github-client.js';
import { findReviewedPlan } from '../../../src/github/reviewed-plan.js';
import { encodeReviewBlock, reviewedPlan } from '../../../src/plan/evidence/review.js';
import { commentMarker } from '../../../src/report/markers.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';

const MARKER = commentMarker('gitops', ['alerting']);
const SHA = 'b'.repeat(40);
const PLAN = reviewedPlan([], 'c'.repeat(40), 'd'.repeat(64));

describe('findReviewedPlan', () => {
  let github: FakeGitHub;
  let client: GitHubClient;
  const lookup = () => findReviewedPlan(client, { owner: 'acme', repo: 'gitops', sha: SHA, marker: MARKER });
  const comment = (pr: number, body: string) =>
    client.rest.issues.createComment({ owner: 'acme', repo: 'gitops', issue_number: pr, body });

  beforeEach(async () => {
    github = await startFakeGitHub();
    client = createGitHubClient(github.token, { baseUrl: github.url });
  });
  afterEach(async () => {
    await github.close();
  });

  it('finds the merged pull request with one request, then the plan in its sticky comment', async () => {
    const pr = github.addPullRequest();
    await comment(pr, 'a reviewer says hello');
    await comment(pr, `${MARKER}\n### platform-gitops plan\n${encodeReviewBlock(PLAN)}`);
    github.mergePullRequest(pr, SHA);
    github.requests.length = 0;
    expect(await lookup()).toEqual({ plan: PLAN, pullRequest: pr });
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /repos/acme/gitops/commits/${SHA}/pulls`,
      `GET /repos/acme/gitops/issues/${pr}/comments`,
    ]);
  });

  it('says a direct push when no merged pull request holds the commit', async () => {
    github.addPullRequest();
    expect(await lookup()).toEqual({ why: expect.stringContaining('a direct push'), pullRequest: null });
  });

  it('says why when the pull request has no plan comment, or one without the hidden plan', async () => {
    const pr = github.addPullRequest();
    github.mergePullRequest(pr, SHA);
    expect(await lookup()).toEqual({
      why: `pull request #${pr} has no platform-gitops plan comment`,
      pullRequest: pr,
    });
    await comment(pr, `${MARKER}\n### platform-gitops plan`);
    expect(await lookup()).toEqual({
      why: expect.stringContaining('holds no reviewed plan'),
      pullRequest: pr,
    });
  });

  it('says why, when GitHub refuses the lookup (a bad token)', async () => {
    const pr = github.addPullRequest();
    github.mergePullRequest(pr, SHA);
    const denied = createGitHubClient('not-the-token', { baseUrl: github.url });
    const found = await findReviewedPlan(denied, { owner: 'acme', repo: 'gitops', sha: SHA, marker: MARKER });
    expect(found).toMatchObject({ pullRequest: null });
    expect('why' in found && found.why).toContain('could not be found');
  });
});
