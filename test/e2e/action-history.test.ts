/**
 * What the push run and the drift check tell from history, through the bundled action, the sandbox and a
 * fake GitHub: outside edits are told from the base commit only when that commit's apply succeeded (its
 * Checks run), and the summary and the drift issue link each changed rule's file to the commit and pull
 * request it came from. A story's first run (the push that applies the example repository) is the bundle's;
 * the runs after it, which are about what the step tells rather than how its process behaves, run the main
 * step's entry function in-process.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { liveRule, putLiveRule } from '../../src/sandbox/index.js';
import { commitEdit, exampleRepository, pushEvent, runAction, useActionWorld } from './action-runner.js';

const { sandbox, github, inputs } = useActionWorld('alerting');
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';
const APPLY_RUN = 'platform-gitops apply (alerting)';

/**
 * A direct push of `after` onto `before`, and the GitHub requests of its run: in-process unless `bundle`
 * asks for index.js in a child process.
 */
async function push(
  dir: string,
  before: string,
  after: string,
  { extra = {}, bundle = false }: { extra?: Record<string, string>; bundle?: boolean } = {},
) {
  const from = github().requests.length;
  const run = await runAction({
    workspace: dir,
    eventName: 'push',
    payload: pushEvent(before, after),
    inputs: { ...inputs(), ...extra },
    sha: after,
    inProcess: !bundle,
  });
  return { run, requests: github().requests.slice(from) };
}

/**
 * The repository, with live state equal to its documents (whatever earlier tests left) and applied: the
 * story's first run, through the bundle.
 */
async function appliedRepository() {
  const { dir, first } = await exampleRepository();
  const { run } = await push(dir, first, first, { extra: { 'on-unreviewed': 'apply' }, bundle: true });
  expect(run.code, run.stdout).toBe(0);
  expect(applyConclusion(first)).toBe('success');
  return { dir, first };
}

function applyConclusion(sha: string): string | null | undefined {
  return github()
    .checkRuns.filter((r) => r.head_sha === sha && r.name === APPLY_RUN)
    .at(-1)?.conclusion;
}

async function planJsonChange(run: { outputs: Record<string, string> }, id: string) {
  const json = JSON.parse(await readFile(run.outputs['plan-json']!, 'utf8'));
  return json.changes.find((c: { id: string }) => c.id === id);
}

describe('outside edits of a direct push', () => {
  it('are not claimed for a value of a refused push that was simply never applied (later pushes in-process)', async () => {
    const { dir, first } = await appliedRepository();
    // A direct push refused by a validation error elsewhere: nothing of it is written.
    await commitEdit(dir, 'alerting/api.yaml', (t) => t.replace('severity: HIGH', 'severity: LOW'));
    const broken = await commitEdit(dir, 'alerting/web.yaml', (t) =>
      t.replace('severity: CRITICAL', 'severity: URGENT'),
    );
    const failed = await push(dir, first, broken);
    expect(failed.run.code).toBe(1);
    expect(applyConclusion(broken)).toBe('failure');
    expect(liveRule(sandbox().state, RULE)).toMatchObject({ severity: 'HIGH' });

    // A second push, refused too (the error is still there): its base was never applied either, so its
    // summary claims no outside edit for the value the first push could not write, and the notice says why.
    const stillBroken = await commitEdit(dir, 'alerting/cluster.yaml', (t) => `${t}# still refused\n`);
    const refused = await push(dir, broken, stillBroken);
    expect(refused.run.code).toBe(1);
    expect(refused.run.summary).not.toContain('outside git');
    expect(await planJsonChange(refused.run, RULE)).not.toHaveProperty('outsideEdit');
    expect(refused.run.annotations.filter((a) => a.includes('plan.outside-edits-unknown'))).toEqual([
      expect.stringContaining(`the apply of commit ${broken.slice(0, 12)} did not succeed`),
    ]);
    expect(refused.run.summary.split('\n\n')[1]).toMatch(/^\*\*Refused: nothing was written: /);

    // The fix, pushed directly: the live rule differs from the refused revision only because that
    // revision was never applied.
    const fixed = await commitEdit(dir, 'alerting/web.yaml', (t) =>
      t.replace('severity: URGENT', 'severity: CRITICAL'),
    );
    const { run, requests } = await push(dir, broken, fixed);
    expect(run.code, run.stdout).toBe(0);
    expect(liveRule(sandbox().state, RULE)).toMatchObject({ severity: 'LOW' });
    expect(run.summary).not.toContain('outside git');
    expect(await planJsonChange(run, RULE)).not.toHaveProperty('outsideEdit');
    expect(JSON.parse(await readFile(run.outputs['plan-json']!, 'utf8')).baseApplied).toEqual({
      applied: false,
      commit: broken,
      concluded: true,
      why: expect.stringContaining('did not succeed'),
    });
    // Said once, as a notice, with the reason.
    const notices = run.annotations.filter((a) => a.includes('plan.outside-edits-unknown'));
    expect(notices).toEqual([
      expect.stringContaining(
        `the apply of commit ${broken.slice(0, 12)} did not succeed (its Checks run concluded failure)`,
      ),
    ]);
    expect(notices[0]).toMatch(/^::notice /);
    console.info(
      `GitHub requests of a direct push run: ${requests.length} (${requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{40}/g, '{sha}')}`).join(', ')})`,
    );
    // ONE request tells how the base's apply went.
    expect(requests.filter((r) => r.path.endsWith(`/commits/${broken}/check-runs`))).toHaveLength(1);
  }, 60_000);

  it('are reported after a successful apply of the base and an edit in the console; the drift issue links where the rule came from (later runs in-process)', async () => {
    const { dir, first } = await appliedRepository();
    const applied = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: LOW'),
    );
    const pr = github().addPullRequest();
    github().mergePullRequest(pr, applied);
    const ok = await push(dir, first, applied);
    expect(ok.run.code, ok.run.stdout).toBe(0);
    expect(applyConclusion(applied)).toBe('success');

    // Someone raises the severity in the console, then a merged pull request nobody planned (no comment:
    // not reviewed) changes the rule again.
    putLiveRule(sandbox().state, { ...liveRule(sandbox().state, RULE), severity: 'CRITICAL' });
    const next = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('for_duration: PT5M', 'for_duration: PT6M'),
    );
    const nextPr = github().addPullRequest();
    github().mergePullRequest(nextPr, next);
    const { run, requests } = await push(dir, applied, next);
    expect(run.code, run.stdout).toBe(0);
    expect(run.summary).toContain('> ⚠️ Overwrites an edit made outside git: `severity`.');
    expect(await planJsonChange(run, RULE)).toMatchObject({
      outsideEdit: [expect.objectContaining({ path: 'severity' })],
    });
    expect(run.summary).not.toContain('plan.outside-edits-unknown');
    // The row links the commit and pull request its file last came from, whose apply succeeded.
    expect(run.summary).toContain(
      `Before this change, its file was last changed in [\`${applied.slice(0, 7)}\`](https://github.example/acme/gitops/commit/${applied}) ([\\#${pr}](https://github.example/acme/gitops/pull/${pr})), whose apply succeeded.`,
    );
    console.info(
      `GitHub requests of a push run not reviewed: ${requests.length} (${requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{40}/g, '{sha}')}`).join(', ')})`,
    );
    // The drift check after another console edit: the issue and the summary link the file's last commit
    // and pull request, and say that its apply succeeded (so the drift was made outside git).
    putLiveRule(sandbox().state, { ...liveRule(sandbox().state, RULE), severity: 'MEDIUM' });
    const from = github().requests.length;
    const drift = await runAction({
      workspace: dir,
      eventName: 'schedule',
      payload: {},
      inputs: inputs(),
      sha: next,
      workflow: 'nightly',
      inProcess: true,
    });
    const driftRequests = github().requests.slice(from);
    expect(drift.outputs.drift).toBe('1');
    const line = `Its file was last changed in [\`${next.slice(0, 7)}\`](https://github.example/acme/gitops/commit/${next}) ([\\#${nextPr}](https://github.example/acme/gitops/pull/${nextPr})), whose apply succeeded.`;
    const issue = github()
      .issues.filter((i) => i.body.includes('api-p99-latency') && i.state === 'open')
      .at(-1)!;
    expect(issue.body).toContain(line);
    expect(drift.summary).toContain(line);
    console.info(
      `GitHub requests of a drift check: ${driftRequests.length} (${driftRequests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{40}/g, '{sha}')}`).join(', ')})`,
    );
    // Bounded: for the one commit, its pull request and its apply run.
    expect(driftRequests.filter((r) => r.path.endsWith(`/commits/${next}/pulls`))).toHaveLength(1);
    expect(driftRequests.filter((r) => r.path.endsWith(`/commits/${next}/check-runs`))).toHaveLength(1);
  }, 60_000);
});
