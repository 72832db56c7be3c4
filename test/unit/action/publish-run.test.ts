import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actionVerdict } from '../../../src/action/main-step-result.js';
import { publish, publishSwitches, publishTarget } from '../../../src/action/publish-run.js';
import { lookupOfRun } from '../../../src/action/run-evidence.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';
import { change, plan, report } from '../report/report-factory.js';
import { HEAD_SHA, testDecision, testInputs, testRunner, testStep } from './main-step-factory.js';

const LINKS = { server: 'https://github.com', repository: 'acme/gitops', sha: HEAD_SHA };

describe('publishTarget and publishSwitches', () => {
  it('post where the run is: the repository, the commit checked, the pull request', async () => {
    const inputs = testInputs({ paths: 'alerting', comment: 'false', 'drift-label': 'drift' });
    const runner = testRunner({
      workflow: 'gitops',
      runUrl: 'https://github.com/acme/gitops/actions/runs/1',
    });
    const step = await testStep({ inputs, runner });
    await step.runtime.close();
    // The run's one evidence lookup (run-evidence.ts): the publishing asks provenance through it.
    const lookup = await lookupOfRun(step)({ token: 'token', owner: 'acme', repo: 'gitops' });
    const target = publishTarget(step, { owner: 'acme', repo: 'gitops' }, LINKS, lookup);
    expect(target).toEqual({
      owner: 'acme',
      repo: 'gitops',
      workflow: 'gitops',
      workflowFile: 'gitops.yml',
      paths: ['alerting'],
      checkSha: HEAD_SHA,
      pullRequest: 7,
      runUrl: 'https://github.com/acme/gitops/actions/runs/1',
      links: LINKS,
      evidence: lookup,
    });
    expect(publishSwitches(inputs)).toEqual({
      checks: true,
      comment: false,
      driftIssue: true,
      driftLabel: 'drift',
      driftPullRequest: false,
    });
  });
});

describe('publish', () => {
  let github: FakeGitHub;
  const r = report({ plan: plan([change(1)]) });
  const verdict = actionVerdict(r, { failOn: 'error' });

  beforeEach(async () => {
    github = await startFakeGitHub();
    // The GitHub client's log lines and the runner's masks go to stdout.
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await github.close();
  });

  const publishWith = async (inputs: Record<string, string>, repository = true) => {
    const step = await testStep({
      inputs: testInputs(inputs),
      runner: testRunner({ apiUrl: github.url, ...(repository ? {} : { repository: null }) }),
      decision: testDecision({ pullRequest: github.addPullRequest() }),
    });
    try {
      return await publish(step, r, verdict, LINKS, lookupOfRun(step));
    } finally {
      await step.runtime.close();
    }
  };

  it('asks nothing of GitHub when no report is wanted, and says nothing', async () => {
    const off = { 'github-token': github.token, checks: 'false', comment: 'false', 'drift-issue': 'false' };
    expect(await publishWith(off)).toEqual({ checkRunPublished: false, checkRunUrl: null, notes: [] });
    expect(github.requests).toEqual([]);
  });

  it('says in one note why nothing was posted without a token or a repository', async () => {
    const note = 'Nothing posted to GitHub: the github-token input is empty or GITHUB_REPOSITORY is not set.';
    expect(await publishWith({})).toEqual({ checkRunPublished: false, checkRunUrl: null, notes: [note] });
    expect((await publishWith({ 'github-token': github.token }, false)).notes).toEqual([note]);
    expect(github.requests).toEqual([]);
  });

  it('posts the Checks run on the commit checked and the comment on the pull request', async () => {
    const published = await publishWith({ 'github-token': github.token, 'drift-issue': 'false' });
    expect(published).toEqual({
      checkRunPublished: true,
      checkRunUrl: `${github.url}/checks/${github.checkRuns[0]!.id}`,
      notes: [],
      links: LINKS,
    });
    expect(github.checkRuns).toHaveLength(1);
    expect(github.checkRuns[0]).toMatchObject({ head_sha: HEAD_SHA, conclusion: 'success' });
    expect(github.comments.map((c) => c.issue_number)).toEqual([github.issues.at(-1)!.number]);
  });
});
