import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatesApply, gatherEvidence, reviewGate } from '../../../src/action/run-evidence.js';
import { createGitHubClient } from '../../../src/github/github-client.js';
import { encodeReviewBlock, reviewedPlan } from '../../../src/plan/evidence/review.js';
import { checkRunName, commentMarker } from '../../../src/report/markers.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';
import { HEAD_SHA, testDecision, testInputs, testRunner, testStep } from './main-step-factory.js';

const BASE_SHA = testDecision().base!;
const PLAN = reviewedPlan([], 'c'.repeat(40), 'd'.repeat(64));

describe('gatesApply', () => {
  it('gates the apply of a push, not a scheduled or manual apply, nor a push plan', () => {
    const apply = testDecision({ command: 'apply', pullRequest: null });
    expect(gatesApply({ runner: testRunner({ eventName: 'push' }), decision: apply })).toBe(true);
    expect(gatesApply({ runner: testRunner({ eventName: 'workflow_dispatch' }), decision: apply })).toBe(
      false,
    );
    expect(gatesApply({ runner: testRunner({ eventName: 'schedule' }), decision: apply })).toBe(false);
    const plan = testDecision({ command: 'plan', pullRequest: null });
    expect(gatesApply({ runner: testRunner({ eventName: 'push' }), decision: plan })).toBe(false);
  });
});

describe('reviewGate', () => {
  let github: FakeGitHub;
  let printed: string;

  beforeEach(async () => {
    github = await startFakeGitHub();
    printed = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await github.close();
  });

  /** A push run of workflow `gitops` over `.`, with the fake GitHub's token unless `inputs` say otherwise. */
  const pushStep = (inputs: Record<string, string> = { 'github-token': github.token }) =>
    testStep({
      inputs: testInputs({ 'on-unreviewed': 'refuse', ...inputs }),
      runner: testRunner({ eventName: 'push', apiUrl: github.url }),
      decision: testDecision({ command: 'apply', pullRequest: null }),
    });

  it('finds the reviewed plan in the sticky comment of the pull request the commit came from', async () => {
    const pr = github.addPullRequest();
    const client = createGitHubClient(github.token, { baseUrl: github.url });
    await client.rest.issues.createComment({
      owner: 'acme',
      repo: 'gitops',
      issue_number: pr,
      body: `${commentMarker('gitops', ['.'])}\n### platform-gitops plan\n${encodeReviewBlock(PLAN)}`,
    });
    github.mergePullRequest(pr, HEAD_SHA);
    github.requests.length = 0;
    const step = await pushStep();
    try {
      expect(await reviewGate(step)).toEqual({
        review: { plan: PLAN },
        onUnreviewed: 'refuse',
        baseApplied: expect.objectContaining({ applied: false, commit: BASE_SHA }),
      });
    } finally {
      await step.runtime.close();
    }
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /repos/acme/gitops/commits/${BASE_SHA}/check-runs`,
      `GET /repos/acme/gitops/commits/${HEAD_SHA}/pulls`,
      `GET /repos/acme/gitops/issues/${pr}/comments`,
    ]);
    expect(printed).toContain(`reviewed plan found on pull request #${pr} (commit ${'c'.repeat(12)})\n`);
  });

  it('says why there is no review for a direct push, in the gate and in the log', async () => {
    const step = await pushStep();
    try {
      const gate = await reviewGate(step);
      expect(gate).toEqual({
        review: { why: expect.stringContaining('a direct push') },
        onUnreviewed: 'refuse',
        baseApplied: expect.objectContaining({ applied: false, commit: BASE_SHA }),
      });
      expect(printed).toContain(`no reviewed plan: ${'why' in gate.review ? gate.review.why : ''}\n`);
    } finally {
      await step.runtime.close();
    }
  });

  it('asks nothing of GitHub without a token, and says the pull request cannot be read', async () => {
    const step = await pushStep({});
    try {
      expect(await reviewGate(step)).toEqual({
        review: {
          why: 'the pull request cannot be read: the github-token input is empty or GITHUB_REPOSITORY is not set',
        },
        onUnreviewed: 'refuse',
        baseApplied: expect.objectContaining({ applied: false, commit: BASE_SHA }),
      });
    } finally {
      await step.runtime.close();
    }
    expect(github.requests).toEqual([]);
  });
});

describe('gatherEvidence', () => {
  let github: FakeGitHub;

  beforeEach(async () => {
    github = await startFakeGitHub();
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await github.close();
  });

  it("asks a pull request's plan for its base's apply once, and keeps the answer in the run's one lookup", async () => {
    github.addCheckRun(checkRunName('apply', ['.']), BASE_SHA, 'success');
    const step = await testStep({
      inputs: testInputs({ 'github-token': github.token }),
      runner: testRunner({ apiUrl: github.url }),
    });
    try {
      const evidence = await gatherEvidence(step);
      expect(evidence.review).toBeNull();
      expect(evidence.baseApplied).toEqual({ applied: true, commit: BASE_SHA });
      const access = { token: github.token, owner: 'acme', repo: 'gitops' };
      const lookup = await evidence.lookup(access);
      expect(await evidence.lookup(access)).toBe(lookup);
      // What the publishing would ask again is answered from the lookup.
      const client = createGitHubClient(github.token, { baseUrl: github.url });
      expect(await lookup.baseApplied(client)).toEqual({ applied: true, commit: BASE_SHA });
    } finally {
      await step.runtime.close();
    }
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /repos/acme/gitops/commits/${BASE_SHA}/check-runs`,
    ]);
  });

  it("gives a push's apply its review and a pull request's plan its base's apply, each said unknown without a token", async () => {
    const push = await testStep({
      inputs: testInputs({ 'on-unreviewed': 'refuse' }),
      runner: testRunner({ eventName: 'push', apiUrl: github.url }),
      decision: testDecision({ command: 'apply', pullRequest: null }),
    });
    const pullRequest = await testStep({ runner: testRunner({ apiUrl: github.url }) });
    try {
      expect(await gatherEvidence(push)).toMatchObject({
        review: { review: { why: expect.stringContaining('the pull request cannot be read') } },
        baseApplied: null,
      });
      expect(await gatherEvidence(pullRequest)).toMatchObject({
        review: null,
        baseApplied: {
          applied: false,
          commit: BASE_SHA,
          why: expect.stringContaining('GitHub was not asked how the apply of the base commit went'),
        },
      });
    } finally {
      await push.runtime.close();
      await pullRequest.runtime.close();
    }
    expect(github.requests).toEqual([]);
  });

  it('asks nothing before a drift check, whose command takes no evidence', async () => {
    const step = await testStep({
      inputs: testInputs({ 'github-token': github.token }),
      runner: testRunner({ eventName: 'schedule', apiUrl: github.url }),
      decision: testDecision({ command: 'drift', pullRequest: null, base: null }),
    });
    try {
      expect(await gatherEvidence(step)).toMatchObject({ review: null, baseApplied: null });
    } finally {
      await step.runtime.close();
    }
    expect(github.requests).toEqual([]);
  });
});
