/**
 * Drift checks through the bundled action against the sandbox and a fake GitHub: the drift issue is opened
 * when drift is found, updated with the current table, and closed with a comment once a remediation removed
 * the drift; a manual dispatch runs the command it names. The runs after a story's first drift check, which
 * are about the issue's life rather than the process, and the refusals of a bad input or event, run the main
 * step's entry function in-process.
 */
import { describe, expect, it } from 'vitest';
import { liveRule, putLiveRule } from '../../src/sandbox/index.js';
import { exampleRepository, runAction, useActionWorld } from './action-runner.js';

const { sandbox, github, inputs, writes } = useActionWorld('alerting');
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';
const LABEL = 'platform-gitops-drift';

const driftIssues = () => github().issues.filter((i) => i.labels.some((l) => l.name === LABEL));

describe('schedule and workflow_dispatch', () => {
  it('opens, updates and closes one drift issue', async () => {
    const { dir } = await exampleRepository();
    const schedule = (inProcess: boolean) =>
      runAction({
        workspace: dir,
        eventName: 'schedule',
        payload: { schedule: '0 6 * * *' },
        inputs: inputs(),
        githubUrl: github().url,
        workflow: 'drift',
        inProcess,
      });

    // The example repository differs from the live rules: drift, so the issue is opened.
    sandbox().resetLog();
    const found = await schedule(false);
    expect(found.code, found.stdout).toBe(0);
    expect(found.outputs.command).toBe('drift');
    const drift = Number(found.outputs.drift);
    expect(drift).toBeGreaterThan(0);
    expect(writes()).toEqual([]);
    expect(driftIssues()).toHaveLength(1);
    expect(driftIssues()[0]).toMatchObject({
      state: 'open',
      title: 'Alert rules drifted from the default branch (alerting)',
    });
    expect(driftIssues()[0]!.body).toMatch(/^<!-- platform-gitops:drift:v1:[0-9a-f]{16} -->/);
    expect(driftIssues()[0]!.body).not.toContain('api-p99-latency');
    expect(github().checkRuns.at(-1)).toMatchObject({
      name: 'platform-gitops drift (alerting)',
      conclusion: 'neutral',
    });

    // Someone edits a rule in the console: the same issue now lists it too.
    putLiveRule(sandbox().state, { ...liveRule(sandbox().state, RULE), severity: 'LOW' });
    const more = await schedule(true);
    expect(Number(more.outputs.drift)).toBe(drift + 1);
    expect(driftIssues()).toHaveLength(1);
    expect(driftIssues()[0]!.body).toContain('api-p99-latency');
    expect(driftIssues()[0]!.body).toContain('`severity`: `LOW` → `HIGH`');

    // A manual dispatch remediates: it writes the plan.
    sandbox().resetLog();
    const remediation = await runAction({
      workspace: dir,
      eventName: 'workflow_dispatch',
      payload: { inputs: { command: 'drift' } },
      inputs: { ...inputs(), remediate: 'true', 'drift-issue': 'false' },
      githubUrl: github().url,
      workflow: 'drift',
      inProcess: true,
    });
    expect(remediation.code, remediation.stdout).toBe(0);
    expect(remediation.outputs).toMatchObject({ command: 'drift', applied: String(drift + 1), failed: '0' });
    expect(writes()).toHaveLength(drift + 1);

    // The next check finds no drift: the issue is closed with a comment, and nothing new is opened.
    const gone = await schedule(true);
    expect(gone.outputs.drift).toBe('0');
    expect(driftIssues()).toHaveLength(1);
    expect(driftIssues()[0]).toMatchObject({ state: 'closed', state_reason: 'completed' });
    const closing = github().comments.filter((c) => c.issue_number === driftIssues()[0]!.number);
    expect(closing).toHaveLength(1);
    expect(closing[0]!.body).toMatch(/^No drift any more .*: closing\.$/);
    expect(github().checkRuns.at(-1)?.conclusion).toBe('success');

    // And a later check without drift does not touch the closed issue.
    const before = github().requests.length;
    await schedule(true);
    const issueWrites = github()
      .requests.slice(before)
      .filter((r) => r.path.includes('/issues') && r.method !== 'GET');
    expect(issueWrites).toEqual([]);
    // A guard against a hang, not a speed check: five runs one after the other on a shared machine.
  }, 90_000);

  it('a remediating drift check closes the issue of the drift it removed (in-process)', async () => {
    const { dir } = await exampleRepository();
    const check = (extra: Record<string, string>) =>
      runAction({
        workspace: dir,
        eventName: 'schedule',
        payload: {},
        inputs: { ...inputs(), ...extra },
        githubUrl: github().url,
        workflow: 'nightly',
        inProcess: true,
      });
    // Start from live state equal to the documents, whatever ran before, then edit one rule outside git.
    await check({ remediate: 'true', 'drift-issue': 'false' });
    putLiveRule(sandbox().state, { ...liveRule(sandbox().state, RULE), severity: 'MEDIUM' });
    const found = await check({});
    expect(found.outputs.drift).toBe('1');
    const issue = () =>
      github()
        .issues.filter((i) => i.body.includes('api-p99-latency'))
        .at(-1)!;
    expect(issue()).toMatchObject({ state: 'open' });

    const fixed = await check({ remediate: 'true' });
    expect(fixed.outputs).toMatchObject({ drift: '1', applied: '1', failed: '0' });
    expect(liveRule(sandbox().state, RULE)).toMatchObject({ severity: 'HIGH' });
    expect(issue()).toMatchObject({ state: 'closed', state_reason: 'completed' });
    expect(
      github()
        .comments.filter((c) => c.issue_number === issue().number)
        .map((c) => c.body),
    ).toEqual([expect.stringMatching(/^The drift was removed by remediation .*: closing\.$/)]);
  });

  it('leaves one open drift issue when two drift checks race, and two pull-request runs one comment', async () => {
    const { dir } = await exampleRepository();
    const paths = { ...inputs(), paths: 'alerting/api.yaml' };
    const race = (eventName: string, payload: unknown) =>
      Promise.all(
        [1, 2].map(() =>
          runAction({
            workspace: dir,
            eventName,
            payload,
            inputs: paths,
            githubUrl: github().url,
            workflow: 'race',
          }),
        ),
      );
    // Drift in the documents' file whatever earlier tests left: a console edit of one of its rules.
    putLiveRule(sandbox().state, { ...liveRule(sandbox().state, RULE), severity: 'LOW' });
    const checks = await race('schedule', {});
    for (const run of checks) expect(run.code, run.stdout).toBe(0);
    const mine = driftIssues().filter((i) => i.title.endsWith('(alerting/api.yaml)'));
    expect(mine.filter((i) => i.state === 'open')).toHaveLength(1);
    // A duplicate, if both were created, is closed as such.
    for (const closed of mine.filter((i) => i.state === 'closed'))
      expect(closed.state_reason).toBe('not_planned');

    const pr = github().addPullRequest();
    const event = {
      number: pr,
      pull_request: { number: pr, base: { sha: 'a'.repeat(40) }, head: { sha: 'b'.repeat(40) } },
    };
    const plans = await race('pull_request', event);
    for (const run of plans) expect(run.outputs.command).toBe('plan');
    expect(github().comments.filter((c) => c.issue_number === pr)).toHaveLength(1);
    // Two races of two processes on a shared machine: a guard against a hang, not a speed check.
  }, 90_000);

  it('refuses an unknown dispatched command in one line, without a stack trace', async () => {
    const { dir } = await exampleRepository();
    const run = await runAction({
      workspace: dir,
      eventName: 'workflow_dispatch',
      payload: { inputs: { command: 'destroy' } },
      inputs: inputs(),
      githubUrl: github().url,
    });
    expect(run.code).toBe(1);
    expect(run.annotations).toEqual([
      "::error::The workflow_dispatch input command 'destroy' is not supported. Expected one of: validate, plan, apply, drift, test-receivers.",
    ]);
    expect(run.stdout).not.toMatch(/\n\s+at /);
  });

  it('refuses a bad input in one line naming the expected form (in-process)', async () => {
    const { dir } = await exampleRepository();
    const run = await runAction({
      workspace: dir,
      eventName: 'schedule',
      payload: {},
      inputs: { ...inputs(), concurrency: 'lots' },
      inProcess: true,
    });
    expect(run.code).toBe(1);
    expect(run.annotations).toEqual([
      "::error::Invalid input concurrency 'lots'. Expected a whole number from 1 to 16.",
    ]);
  });

  it('finishes its run where the runner keeps no job summary, and says so in one line', async () => {
    const { dir } = await exampleRepository();
    const run = await runAction({
      workspace: dir,
      eventName: 'workflow_dispatch',
      payload: { inputs: { command: 'validate' } },
      inputs: inputs(),
      unset: ['GITHUB_STEP_SUMMARY'],
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('No job summary written: this runner does not set GITHUB_STEP_SUMMARY.');
    expect(run.outputs).toMatchObject({ command: 'validate', errors: '0' });
    expect(run.annotations.filter((a) => a.startsWith('::error'))).toEqual([]);
  });

  it('names the supported events for an unsupported one (in-process)', async () => {
    const { dir } = await exampleRepository();
    const run = await runAction({
      workspace: dir,
      eventName: 'issue_comment',
      payload: {},
      inputs: inputs(),
      inProcess: true,
    });
    expect(run.code).toBe(1);
    expect(run.annotations[0]).toMatch(
      /^::error::The event 'issue_comment' is not supported with command: auto\. Supported events: pull_request, /,
    );
  });
});
