import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseAppliedFrom } from '../../../src/evidence/base-apply.js';
import { applyRunOf, baseAppliedOf } from '../../../src/github/apply-run.js';
import { createGitHubClient, type GitHubClient } from '../../../src/github/github-client.js';
import { checkRunName } from '../../../src/report/markers.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';

const BASE = 'b'.repeat(40);
const REPO = { owner: 'acme', repo: 'gitops' };
const INPUTS = { paths: ['alerting'], checks: true };
const NAME = checkRunName('apply', ['alerting']);

describe('the apply of a base commit, from its Checks run', () => {
  let github: FakeGitHub;
  let client: GitHubClient;
  const run = (name: string, conclusion: string | null, sha = BASE) =>
    github.addCheckRun(name, sha, conclusion);

  beforeEach(async () => {
    github = await startFakeGitHub();
    client = createGitHubClient(github.token, { baseUrl: github.url, retryBaseMs: 1 });
  });
  afterEach(async () => {
    await github.close();
  });

  it('is applied when the latest apply run of that commit succeeded, told with ONE request', async () => {
    run(NAME, 'failure');
    run(checkRunName('plan', ['alerting']), 'failure');
    run(NAME, 'success');
    run(NAME, 'failure', 'c'.repeat(40));
    expect(await baseAppliedOf(client, REPO, INPUTS, BASE)).toEqual({ applied: true, commit: BASE });
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /repos/acme/gitops/commits/${BASE}/check-runs`,
    ]);
    expect(github.requests[0]!.query).toMatchObject({ check_name: NAME, filter: 'latest' });
  });

  it('is not applied when that run failed, is unfinished, or is not there', async () => {
    run(NAME, 'failure');
    expect(await baseAppliedOf(client, REPO, INPUTS, BASE)).toEqual({
      applied: false,
      commit: BASE,
      concluded: true,
      why: 'the apply of commit bbbbbbbbbbbb did not succeed (its Checks run concluded failure)',
    });
    run(NAME, null);
    expect(baseAppliedFrom(await applyRunOf(client, { ...REPO, checkName: NAME }, BASE))).toMatchObject({
      applied: false,
      why: 'the apply of commit bbbbbbbbbbbb has not finished',
    });
    expect(baseAppliedFrom(await applyRunOf(client, { ...REPO, checkName: NAME }, BASE))).not.toHaveProperty(
      'concluded',
    );
    // Only the apply of the same paths counts; the whole repository's is another run.
    expect(await baseAppliedOf(client, REPO, { ...INPUTS, paths: ['.'] }, BASE)).toMatchObject({
      applied: false,
      why: expect.stringContaining('has no "platform-gitops apply" Checks run'),
    });
  });

  it('is not known without a base, with checks: false (no request), without checks: read, or on a GitHub error', async () => {
    expect(await baseAppliedOf(client, REPO, INPUTS, null)).toMatchObject({ applied: false, commit: null });
    expect(await baseAppliedOf(client, REPO, { ...INPUTS, checks: false }, BASE)).toMatchObject({
      applied: false,
      why: expect.stringContaining('the checks input is false'),
    });
    expect(github.requests).toHaveLength(0);
    github.switches = { checksReadForbidden: true };
    expect(await baseAppliedOf(client, REPO, INPUTS, BASE)).toMatchObject({
      applied: false,
      why: expect.stringContaining('lacks checks: read'),
    });
    github.switches = { failNext: 10 };
    expect(await baseAppliedOf(client, REPO, INPUTS, BASE)).toMatchObject({
      applied: false,
      why: expect.stringContaining('it answered 500'),
    });
  });
});
