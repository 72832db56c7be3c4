import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishCheckRun } from '../../../src/github/check-run.js';
import { createGitHubClient } from '../../../src/github/github-client.js';
import { toCheckAnnotations } from '../../../src/report/checks.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';
import { findings } from '../report/report-factory.js';

const identity = (text: string) => text;

describe('publishCheckRun', () => {
  let github: FakeGitHub;
  beforeEach(async () => {
    github = await startFakeGitHub();
  });
  afterEach(async () => {
    await github.close();
  });

  const input = (count: number) => ({
    owner: 'acme',
    repo: 'gitops',
    name: 'platform-gitops plan',
    headSha: 'b'.repeat(40),
    conclusion: 'failure' as const,
    title: 'plan: 120 errors',
    summary: 'plan: 120 errors',
    text: 'x'.repeat(100_000),
    annotations: toCheckAnnotations(findings(count), identity),
  });

  it('delivers every annotation in requests of at most 50: create, then update to append', async () => {
    const client = createGitHubClient(github.token, { baseUrl: github.url });
    const outcome = await publishCheckRun(client, input(120));
    expect(outcome).toEqual({ kind: 'published', url: expect.stringContaining('/checks/'), requests: 3 });

    const sent = github.requests.filter((r) => r.path.includes('/check-runs'));
    expect(sent.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 201', 'PATCH 200', 'PATCH 200']);
    const batches = sent.map(
      (r) => (r.body as { output: { annotations: unknown[] } }).output.annotations.length,
    );
    expect(batches).toEqual([50, 50, 20]);
    expect(sent[0]!.body).toMatchObject({ status: 'in_progress', head_sha: 'b'.repeat(40) });
    expect(sent[2]!.body).toMatchObject({ status: 'completed', conclusion: 'failure' });

    const [run] = github.checkRuns;
    expect(run!.output.annotations).toHaveLength(120);
    expect(run!.output.text.length).toBeLessThanOrEqual(65_535);
    expect(run!.conclusion).toBe('failure');
  });

  it('completes the run with what it has when GitHub refuses a later batch, and reports the failure', async () => {
    const client = createGitHubClient(github.token, { baseUrl: github.url, retryBaseMs: 1 });
    const annotations = toCheckAnnotations(findings(120), identity);
    // GitHub refuses the second batch (a title over its limit): the run must not stay in progress.
    annotations[60] = { ...annotations[60]!, title: 't'.repeat(300) };
    await expect(publishCheckRun(client, { ...input(0), annotations })).rejects.toMatchObject({
      status: 422,
    });
    const [run] = github.checkRuns;
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(run!.output.annotations).toHaveLength(50);
    expect(run!.output.summary).toContain('Some annotations could not be added to this run');
  });

  it('completes in one request when the annotations fit', async () => {
    const client = createGitHubClient(github.token, { baseUrl: github.url });
    await publishCheckRun(client, input(0));
    expect(github.requests).toHaveLength(1);
    expect(github.requests[0]!.body).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(github.requests[0]!.body).not.toHaveProperty('output.annotations');
  });

  it('reports a missing checks: write permission as forbidden, without retrying', async () => {
    github.switches = { checksForbidden: true };
    const client = createGitHubClient(github.token, { baseUrl: github.url, retryBaseMs: 1 });
    expect(await publishCheckRun(client, input(3))).toEqual({ kind: 'forbidden', installationToken: true });
    expect(github.requests).toHaveLength(1);
  });

  it('tells a personal access token, which the Checks API refuses whatever its scopes, from an installation token', async () => {
    for (const token of ['ghp_classic_personal_token', 'github_pat_fine_grained_token']) {
      const personal = await startFakeGitHub({ token });
      try {
        const client = createGitHubClient(personal.token, { baseUrl: personal.url, retryBaseMs: 1 });
        expect(await publishCheckRun(client, input(3))).toEqual({
          kind: 'forbidden',
          installationToken: false,
        });
        expect(personal.requests.map((r) => r.status)).toEqual([403]);
      } finally {
        await personal.close();
      }
    }
  });

  it('cuts the summary and text by UTF-8 bytes, as GitHub counts them, never inside a character', async () => {
    const client = createGitHubClient(github.token, { baseUrl: github.url });
    // 40,000 characters of three bytes each: within 65,535 characters, but 120,000 bytes.
    const text = '€'.repeat(40_000);
    const summary = `a${'😀'.repeat(20_000)}`;
    expect(await publishCheckRun(client, { ...input(0), summary, text })).toMatchObject({
      kind: 'published',
    });
    const [run] = github.checkRuns;
    for (const posted of [run!.output.summary, run!.output.text]) {
      expect(Buffer.byteLength(posted, 'utf8')).toBeLessThanOrEqual(65_535);
      expect(Buffer.byteLength(posted, 'utf8')).toBeGreaterThan(65_535 - 4);
      expect(posted).not.toContain('\uFFFD');
    }
    expect(run!.output.text).toBe('€'.repeat(21_845));
    expect(run!.output.summary).toBe(`a${'😀'.repeat(16_383)}`);
  });
});
