import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient, type GitHubClient } from '../../../src/github/github-client.js';
import { upsertStickyComment } from '../../../src/github/sticky-comment.js';
import { commentMarker } from '../../../src/report/markers.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';

const MARKER = commentMarker('gitops', ['alerting']);

describe('upsertStickyComment', () => {
  let github: FakeGitHub;
  let client: GitHubClient;
  let pr: number;
  const target = () => ({ owner: 'acme', repo: 'gitops', pullRequest: pr, marker: MARKER });

  beforeEach(async () => {
    github = await startFakeGitHub();
    client = createGitHubClient(github.token, { baseUrl: github.url });
    pr = github.addPullRequest();
  });
  afterEach(async () => {
    await github.close();
  });

  it('creates the comment once, then edits it in place', async () => {
    expect(await upsertStickyComment(client, target(), `${MARKER}\nfirst`, false)).toBe('created');
    expect(await upsertStickyComment(client, target(), `${MARKER}\nsecond`, false)).toBe('updated');
    expect(await upsertStickyComment(client, target(), `${MARKER}\nsecond`, false)).toBe('unchanged');
    expect(github.comments.map((c) => c.body)).toEqual([`${MARKER}\nsecond`]);
  });

  it('leaves other comments alone and finds its own among many pages', async () => {
    for (let i = 0; i < 120; i++) {
      await client.rest.issues.createComment({
        owner: 'acme',
        repo: 'gitops',
        issue_number: pr,
        body: `chatter ${i}`,
      });
    }
    await upsertStickyComment(client, target(), `${MARKER}\nfirst`, false);
    await upsertStickyComment(client, target(), `${MARKER}\nsecond`, false);
    expect(github.comments.filter((c) => c.body.includes(MARKER))).toHaveLength(1);
    expect(github.comments).toHaveLength(121);
  });

  it("never edits or deletes a person's reply that quotes the comment, marker and all", async () => {
    await upsertStickyComment(client, target(), `${MARKER}\nfirst`, false);
    const quote = `> ${MARKER}\n> first\n\nWhy is this rule changing?`;
    await client.rest.issues.createComment({ owner: 'acme', repo: 'gitops', issue_number: pr, body: quote });
    expect(await upsertStickyComment(client, target(), `${MARKER}\nsecond`, false)).toBe('updated');
    expect(github.comments.map((c) => c.body)).toEqual([`${MARKER}\nsecond`, quote]);
  });

  it('posts nothing when there is nothing to say and no comment yet, and edits to "no changes" otherwise', async () => {
    expect(await upsertStickyComment(client, target(), `${MARKER}\nno changes`, true)).toBe('not-posted');
    expect(github.comments).toHaveLength(0);
    await upsertStickyComment(client, target(), `${MARKER}\nchanges`, false);
    expect(await upsertStickyComment(client, target(), `${MARKER}\nno changes`, true)).toBe('updated');
    expect(github.comments.map((c) => c.body)).toEqual([`${MARKER}\nno changes`]);
  });

  it('keeps the older comment when another run created one at the same time', async () => {
    github.switches = { raceOnCommentCreate: true };
    expect(await upsertStickyComment(client, target(), `${MARKER}\nours`, false)).toBe('updated');
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]!.body).toBe(`${MARKER}\nours`);
  });
});
