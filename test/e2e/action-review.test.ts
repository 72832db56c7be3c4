/**
 * The review across the merge through the bundled action, the sandbox and a fake GitHub: the pull-request
 * run hides its plan's fingerprints in the sticky comment; the push run after the merge finds that pull
 * request (one request) and tells per change whether it is the one reviewed, and `on-unreviewed: refuse`
 * writes none of those that are not. The runs after a story's first, which are about what the step tells
 * and writes rather than how its process behaves, run the main step's entry function in-process.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { liveRule, putLiveRule } from '../../src/sandbox/index.js';
import {
  commitEdit,
  exampleRepository,
  pullRequestEvent,
  pushEvent,
  runAction,
  useActionWorld,
} from './action-runner.js';

const { sandbox, github, inputs, writes } = useActionWorld('alerting');
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';
const OTHER = 'a2a2a2a2-0000-4000-8000-000000000502';

interface ReviewRow {
  name: string;
  id: string | null;
  status: string;
  fields: string[];
  why: string;
}

/** The annotations of the last Checks run (the action puts them there when it may create one). */
function checkAnnotations(): { annotation_level: string; title: string; message: string }[] {
  return github().checkRuns.at(-1)!.output.annotations as never;
}

async function reviewOf(run: { outputs: Record<string, string> }): Promise<ReviewRow[]> {
  return JSON.parse(await readFile(run.outputs['plan-json']!, 'utf8')).review;
}

interface ReviewedThenPushedOptions {
  /** Inputs of the push run beyond the world's. */
  readonly extra?: Record<string, string>;
  /** What happens between the pull-request run and the merge (a console edit, say). */
  readonly between?: () => void;
  /** Which runs call the step's entry function in this process instead of index.js. */
  readonly inProcess?: { readonly planned: boolean; readonly pushed: boolean };
}

/**
 * A pull request from `base` to `head`, planned, then merged as `head`: the two runs and their GitHub
 * requests. By default the pull-request run is the bundle's and the push run is in-process.
 */
async function reviewedThenPushed(
  dir: string,
  base: string,
  head: string,
  {
    extra = {},
    between = () => {},
    inProcess = { planned: false, pushed: true },
  }: ReviewedThenPushedOptions = {},
) {
  const pr = github().addPullRequest();
  const before = github().requests.length;
  const planned = await runAction({
    workspace: dir,
    eventName: 'pull_request',
    payload: pullRequestEvent(pr, base, head),
    inputs: inputs(),
    inProcess: inProcess.planned,
  });
  expect(planned.code, planned.stdout).toBe(0);
  const prRequests = github().requests.slice(before);
  between();
  github().mergePullRequest(pr, head);
  sandbox().resetLog();
  const middle = github().requests.length;
  const pushed = await runAction({
    workspace: dir,
    eventName: 'push',
    payload: pushEvent(base, head),
    inputs: { ...inputs(), ...extra },
    sha: head,
    inProcess: inProcess.pushed,
  });
  const pushRequests = github().requests.slice(middle);
  return { pr, planned, pushed, prRequests, pushRequests };
}

describe('review across the merge', () => {
  it('reports every change as reviewed when nothing moved, with one request to find the pull request (push run in-process)', async () => {
    const { dir, first } = await exampleRepository();
    const head = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: LOW'),
    );
    const { pr, pushed, prRequests, pushRequests } = await reviewedThenPushed(dir, first, head);

    const comment = github().comments.find((c) => c.issue_number === pr)!;
    expect(comment.body).toMatch(/\n<!-- platform-gitops:reviewed v1 [A-Za-z0-9+/=]+ -->$/);
    expect(pushed.code, pushed.stdout).toBe(0);
    const review = await reviewOf(pushed);
    expect(review.length).toBe(Number(pushed.outputs.changes));
    expect(review.every((r) => r.status === 'as reviewed')).toBe(true);
    expect(pushed.outputs.applied).toBe(pushed.outputs.changes);
    expect(liveRule(sandbox().state, RULE)).toMatchObject({ severity: 'LOW' });
    expect(pushed.summary).toContain('### Review');
    expect(pushed.summary).toMatch(/\| ✔️ as reviewed \| ✏️ update \| api-p99-latency \|/);
    expect(checkAnnotations().map((a) => a.title)).not.toContain('Not as reviewed');

    // The push run finds its pull request with ONE request, then reads that pull request's comments.
    const lookups = pushRequests.filter((r) => r.path.endsWith(`/commits/${head}/pulls`));
    expect(lookups).toHaveLength(1);
    expect(pushRequests.filter((r) => r.path.endsWith(`/issues/${pr}/comments`))).toHaveLength(1);
    console.info(
      `GitHub requests: pull-request run ${prRequests.length} (${prRequests.map((r) => `${r.method} ${r.path}`).join(', ')}); ` +
        `push run ${pushRequests.length} (${pushRequests.map((r) => `${r.method} ${r.path}`).join(', ')})`,
    );
  });

  it('names the field of a console edit made after the review, and refuses to write that change (push run in-process)', async () => {
    const { dir, first } = await exampleRepository();
    const head = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: CRITICAL').replace('for_duration: PT3M', 'for_duration: PT4M'),
    );
    let severity: unknown;
    const { pushed } = await reviewedThenPushed(dir, first, head, {
      extra: { 'on-unreviewed': 'refuse' },
      between: () => {
        // A console edit between the pull-request run and the push run.
        const live = liveRule(sandbox().state, RULE)!;
        severity = live.severity;
        putLiveRule(sandbox().state, { ...live, enabled: false });
      },
    });
    expect(pushed.code, pushed.stdout).toBe(1);
    const review = await reviewOf(pushed);
    expect(review.find((r) => r.id === RULE)).toMatchObject({
      status: 'changed since review',
      fields: ['enabled'],
    });
    expect(review.filter((r) => r.id !== RULE).every((r) => r.status === 'as reviewed')).toBe(true);
    // Nothing of that change is written; the others are.
    expect(writes().map((w) => w.path)).not.toContain(`/alert-rules/${RULE}`);
    expect(writes().map((w) => w.path)).toContain(`/alert-rules/${OTHER}`);
    expect(liveRule(sandbox().state, RULE)).toMatchObject({ severity, enabled: false });
    expect(liveRule(sandbox().state, OTHER)).toMatchObject({ for_duration: 'PT4M' });
    const errors = checkAnnotations().filter((a) => a.annotation_level === 'failure');
    expect(errors).toEqual([expect.objectContaining({ title: 'Not as reviewed' })]);
    expect(errors[0]!.message).toContain('api-p99-latency');
    expect(errors[0]!.message).toContain('`enabled`');
    expect(pushed.summary).toMatch(/\| ⚠️ changed since review \| ✏️ update \| api-p99-latency \|/);
    // The run's plan says what the gate held and admitted, in the JSON and in the job summary.
    const { changes } = JSON.parse(await readFile(pushed.outputs['plan-json']!, 'utf8')) as {
      changes: { id: string | null; action: string; gate?: unknown }[];
    };
    expect(changes.find((c) => c.id === RULE)?.gate).toEqual({
      admitted: false,
      reason: 'changed since review',
    });
    expect(changes.find((c) => c.id === OTHER)?.gate).toEqual({ admitted: true });
    expect(pushed.summary).toMatch(
      /### Held \(not written\)[\s\S]*\| ✏️ update \| api-p99-latency \|.*\| changed since review \|/,
    );
  });

  it('reports a direct push as not reviewed, and by default writes it with a warning', async () => {
    const { dir, first } = await exampleRepository();
    const head = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: MEDIUM'),
    );
    sandbox().resetLog();
    const before = github().requests.length;
    const pushed = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent(first, head),
      inputs: inputs(),
      sha: head,
    });
    expect(pushed.code, pushed.stdout).toBe(0);
    const review = await reviewOf(pushed);
    expect(review.length).toBeGreaterThan(0);
    for (const row of review) {
      expect(row).toMatchObject({ status: 'not reviewed', why: expect.stringContaining('a direct push') });
    }
    expect(liveRule(sandbox().state, RULE)).toMatchObject({ severity: 'MEDIUM' });
    const warnings = checkAnnotations().filter((a) => a.title === 'Not as reviewed');
    expect(warnings).toHaveLength(review.length);
    expect(warnings.every((w) => w.annotation_level === 'warning')).toBe(true);
    // One request finds that the pushed commit came from no pull request (the others link the rows).
    expect(
      github()
        .requests.slice(before)
        .filter((r) => r.path.endsWith(`/commits/${head}/pulls`)),
    ).toHaveLength(1);
  });

  it('asks the pull request of a push without a base once, for its review and for where the file it changed came from (in-process)', async () => {
    const { dir } = await exampleRepository();
    // A value no run before this one applied: the push has a change to make.
    const head = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: CRITICAL'),
    );
    const pr = github().addPullRequest();
    github().mergePullRequest(pr, head);
    const before = github().requests.length;
    // The push that opened the branch's history: no `before`, so where each file came from is told as of
    // the pushed commit, which is the one whose pull request the review looks for.
    const pushed = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent('0'.repeat(40), head),
      inputs: inputs(),
      sha: head,
      inProcess: true,
    });
    expect(pushed.code, pushed.stdout).toBe(0);
    expect(pushed.summary).toContain(
      `Its file was last changed in [\`${head.slice(0, 7)}\`](https://github.example/acme/gitops/commit/${head}) ([\\#${pr}](https://github.example/acme/gitops/pull/${pr}))`,
    );
    const requests = github().requests.slice(before);
    console.info(
      `GitHub requests of a push without a base: ${requests.length} (${requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{40}/g, '{sha}')}`).join(', ')})`,
    );
    expect(requests.filter((r) => r.path.endsWith(`/commits/${head}/pulls`))).toHaveLength(1);
  }, 60_000);

  it('warns of no outside edit for a value that was refused, then fixed in a reviewed pull request (runs after the first in-process)', async () => {
    const { dir, first } = await exampleRepository();
    // Live state equal to the documents, whatever ran before.
    const synced = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent(first, first),
      inputs: { ...inputs(), 'on-unreviewed': 'apply' },
      sha: first,
    });
    expect(synced.code, synced.stdout).toBe(0);
    // A direct push that is refused: its value is never applied.
    const refused = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: LOW'),
    );
    const failed = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent(first, refused),
      inputs: { ...inputs(), 'on-unreviewed': 'refuse' },
      sha: refused,
      inProcess: true,
    });
    expect(failed.code).toBe(1);
    expect(liveRule(sandbox().state, RULE)).toMatchObject({ severity: 'HIGH' });
    // The fix, reviewed and merged: the live rule differs from the refused revision only because that
    // revision was never applied, which is no edit made outside git.
    const fixed = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: LOW', 'severity: CRITICAL'),
    );
    const { pr, planned, pushed } = await reviewedThenPushed(dir, refused, fixed, {
      inProcess: { planned: true, pushed: true },
    });
    // The reviewer was not told of an outside edit either: the base's apply failed, so none is claimed.
    expect(github().comments.find((c) => c.issue_number === pr)!.body).not.toContain('outside git');
    expect(planned.annotations.filter((a) => a.includes('plan.outside-edits-unknown'))).toEqual([
      expect.stringMatching(/^::notice .*did not succeed \(its Checks run concluded failure\)/),
    ]);
    expect(pushed.code, pushed.stdout).toBe(0);
    expect((await reviewOf(pushed)).map((r) => r.status)).toEqual(['as reviewed']);
    expect(liveRule(sandbox().state, RULE)).toMatchObject({ severity: 'CRITICAL' });
    expect(pushed.summary).not.toContain('outside git');
    const plan = JSON.parse(await readFile(pushed.outputs['plan-json']!, 'utf8'));
    expect(plan.changes.find((c: { id: string }) => c.id === RULE)).not.toHaveProperty('outsideEdit');
    // Four runs of the action, one a process: a bound for a loaded machine, not a timing assertion.
  }, 60_000);
});
