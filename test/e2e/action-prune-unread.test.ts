/**
 * A typo in `kind` never deletes the live rule under prune, through the bundled action in a child process,
 * the sandbox of the service and a fake GitHub on 127.0.0.1: the pull request's plan shows the error on the
 * file and no delete, and the push run with `prune: true` sends no DELETE and fails, saying why.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveRule } from '../../src/sandbox/index.js';
import {
  commitEdit,
  exampleRepository,
  pullRequestEvent,
  pushEvent,
  runAction,
  useActionWorld,
} from './action-runner.js';

const { sandbox, github, inputs } = useActionWorld('alerting');
const FIVE_XX = 'a2a2a2a2-0000-4000-8000-000000000502';
const FILE = 'alerting/api-5xx.yaml';

/** The example repository with api-5xx-ratio in a one-document file of its own; returns that commit. */
async function oneDocumentFile(): Promise<{ dir: string; base: string }> {
  const { dir } = await exampleRepository();
  const api = (await readFile(join(dir, 'alerting/api.yaml'), 'utf8')).split(/^---\n/m);
  const document = api.find((d) => d.includes(FIVE_XX))!;
  await writeFile(join(dir, FILE), document);
  const base = await commitEdit(dir, 'alerting/api.yaml', () =>
    api.filter((d) => d !== document).join('---\n'),
  );
  return { dir, base };
}

describe('prune with a typo in kind', () => {
  it('the pull request shows the error and no delete; the push with prune sends no DELETE and fails', async () => {
    const { dir, base } = await oneDocumentFile();
    const head = await commitEdit(dir, FILE, (t) => t.replace('kind: AlertRule', 'Kind: AlertRule'));
    const line = (await readFile(join(dir, FILE), 'utf8')).split('\n').indexOf('Kind: AlertRule') + 1;
    const pr = github().addPullRequest();
    sandbox().resetLog();

    const review = await runAction({
      workspace: dir,
      eventName: 'pull_request',
      payload: pullRequestEvent(pr, base, head),
      inputs: { ...inputs(), prune: 'true' },
    });
    expect(review.code, review.stdout).toBe(1);
    expect(review.outputs).toMatchObject({ command: 'plan' });
    const annotations = github().checkRuns.at(-1)!.output.annotations;
    expect(annotations).toContainEqual(
      expect.objectContaining({
        path: FILE,
        start_line: line,
        annotation_level: 'failure',
        message: expect.stringContaining('`Kind` is not `kind`'),
      }),
    );
    expect(annotations).toContainEqual(
      expect.objectContaining({
        path: FILE,
        annotation_level: 'warning',
        message: expect.stringContaining(`Alert rule "api-5xx-ratio" (${FIVE_XX}) is not deleted`),
      }),
    );
    const plan = JSON.parse(await readFile(review.outputs['plan-json']!, 'utf8'));
    expect(plan.changes.filter((c: { action: string }) => c.action === 'delete')).toEqual([]);
    const comment = github()
      .comments.filter((c) => c.issue_number === pr)
      .at(-1)!.body;
    expect(comment).not.toContain('document removed');
    expect(comment).not.toMatch(/delete[^\n]*api-5xx-ratio/i);
    expect(sandbox().requests.filter((r) => r.method !== 'GET')).toEqual([]);

    // Merged as it is: the push run with prune.
    sandbox().resetLog();
    const push = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent(base, head),
      inputs: { ...inputs(), prune: 'true', 'on-unreviewed': 'apply' },
      sha: head,
    });
    expect(push.code, push.stdout).toBe(1);
    expect(push.outputs).toMatchObject({ command: 'apply', applied: '0' });
    expect(sandbox().requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(sandbox().requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(liveRule(sandbox().state, FIVE_XX)).toMatchObject({ name: 'api-5xx-ratio' });
    expect(push.summary).toContain('Kind');
    expect(push.summary).toContain(`Alert rule "api-5xx-ratio" (${FIVE_XX}) is not deleted`);
    expect(github().checkRuns.at(-1)).toMatchObject({ head_sha: head, conclusion: 'failure' });

    // The file deleted for real: the same push deletes the rule.
    await rm(join(dir, FILE));
    const removed = await commitEdit(dir, 'alerting/api.yaml', (t) => t);
    sandbox().resetLog();
    const prune = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent(base, removed),
      inputs: { ...inputs(), prune: 'true', 'on-unreviewed': 'apply' },
      sha: removed,
      inProcess: true,
    });
    expect(prune.code, prune.stdout).toBe(0);
    expect(
      sandbox()
        .requests.filter((r) => r.method === 'DELETE')
        .map((r) => r.path),
    ).toEqual([`/alert-rules/${FIVE_XX}`]);
  }, 120_000);
});
