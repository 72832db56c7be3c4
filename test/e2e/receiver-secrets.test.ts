/**
 * The canary of alert receivers: a receiver's webhook URL set in the environment (as a workflow passes a
 * secret) goes to the service in the create and nowhere else: not stdout, stderr, the JSON output, the
 * saved plan file, the job summary, the sticky comment, the Checks run, the drift issue, nor any request
 * GitHub received, even when the service quotes it back in an error. The same runs show a receiver edited
 * in the sandbox reported as drift, with the note that secrets cannot be compared.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPost } from '../../src/action/run-post.js';
import { setDeployments } from '../../src/sandbox/index.js';
import { runStepInProcess } from '../helpers/action-step-in-process.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';
import { type FakeGitHub, startFakeGitHub } from '../helpers/fake-github.js';
import { callSandbox, useSandbox } from '../helpers/sandbox.js';
import { ACME, at, deployment, failure, info, PROD_EU } from '../unit/logs/deployments.js';
import {
  commitEdit,
  exampleRepository,
  pullRequestEvent,
  pushEvent,
  removeTemporaryDirectories,
  runAction,
  withoutMaskCommands,
} from './action-runner.js';
import { actionLeaks, expectGitHubClean, expectNoSecret, PAGER_RECEIVER } from './secret-leaks.js';

const HOOK = 'https://hooks.slack.example/services/T0CANARY/B0CANARY/receiver-canary-9d41e7';
const HOOK_ENV = { PAGER_WEBHOOK_URL: HOOK, GRAFANA_ADMIN_PASSWORD: 'Gr4fana-prod-eu-7c1d9e' };
const RECEIVER = PAGER_RECEIVER;

const sandbox = useSandbox({ rateLimit: false });
let github: FakeGitHub;
let scratch = '';

beforeAll(async () => {
  github = await startFakeGitHub();
  scratch = await mkdtemp(join(tmpdir(), 'receiver-secrets-'));
});
afterAll(async () => {
  await github?.close();
  await removeTemporaryDirectories();
  await rm(scratch, { recursive: true, force: true });
});

/** Adds the receiver's document to the repository, committed; returns the new commit. */
async function addReceiver(repository: string): Promise<string> {
  await writeFile(join(repository, 'alerting/receivers.yaml'), '');
  return commitEdit(repository, 'alerting/receivers.yaml', () => RECEIVER);
}

describe('a receiver secret never leaves the CLI', () => {
  let repository = '';
  beforeAll(async () => {
    repository = (await exampleRepository()).dir;
    await addReceiver(repository);
  });
  const env = () => ({ QOVERY_API_TOKEN: sandbox().token, QOVERY_API_URL: sandbox().url, ...HOOK_ENV });
  const secrets = () => [HOOK, sandbox().token];

  it.for(['text', 'json', 'github'] as const)('plan --format %s, and the saved plan file', async (format) => {
    const out = join(scratch, `plan-${format}.json`);
    const run = await runCliInProcess(
      ['plan', 'alerting', '--root', repository, '--org', ACME, '--format', format, '--out', out],
      env(),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('pager');
    expectNoSecret(`plan --format ${format}: stdout`, run.stdout, secrets());
    expectNoSecret(`plan --format ${format}: stderr`, run.stderr, secrets());
    const saved = await readFile(out, 'utf8');
    expect(saved).toContain('PAGER_WEBHOOK_URL');
    expectNoSecret('the saved plan file', saved, secrets());
  });

  it('apply --format json, when the service quotes the secret back in an error', async () => {
    sandbox().setFaults({
      script: [
        {
          operation: 'createAlertReceiver',
          status: 400,
          body: { status: 400, message: `webhook_url ${HOOK} refused`, webhook_url: HOOK },
        },
      ],
    });
    const run = await runCliInProcess(
      ['apply', 'alerting', '--root', repository, '--org', ACME, '--format', 'json'],
      env(),
    );
    sandbox().setFaults({});
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout);
    // The receiver's change is in the one list of changes, its write among the results, each with its kind.
    const receiverOf = (list: { kind: string }[]) => list.filter((c) => c.kind === 'AlertReceiver');
    expect(receiverOf(json.changes)[0]).toMatchObject({ action: 'create', name: 'pager', secrets: 'sent' });
    expect(receiverOf(json.results)[0]).toMatchObject({ action: 'create', name: 'pager', ok: false });
    expectNoSecret('apply json: stdout', run.stdout, secrets());
    expectNoSecret('apply json: stderr', run.stderr, secrets());
    const sent = sandbox().requests.filter((r) => r.operation === 'createAlertReceiver');
    expect(sent.map((r) => (r.body as { webhook_url: string }).webhook_url)).toEqual([HOOK]);
  });
});

describe('a receiver secret never leaves the action, and a receiver edited outside git is drift', () => {
  let repository = '';
  let first = '';
  let head = '';
  const secrets = () => [HOOK, sandbox().token, github.token];
  const inputs = () => ({
    'api-url': sandbox().url,
    'api-token': sandbox().token,
    'github-token': github.token,
    paths: 'alerting',
  });

  beforeAll(async () => {
    ({ dir: repository, first } = await exampleRepository());
    head = await addReceiver(repository);
  });

  it('plan on a pull request: the comment shows the receiver and that its secret will be sent', async () => {
    const pr = await runAction({
      workspace: repository,
      eventName: 'pull_request',
      payload: pullRequestEvent(github.addPullRequest(), first, head),
      inputs: inputs(),
      githubUrl: github.url,
      env: HOOK_ENV,
    });
    expect(pr.outputs.command).toBe('plan');
    await actionLeaks(pr, secrets(), 'pull_request');
    const comment = github.comments.at(-1)!.body;
    expect(comment).toContain('alert receiver `pager`');
    expect(comment).toContain('secrets: will be sent (webhook\\_url from $PAGER\\_WEBHOOK\\_URL)');
    expect(pr.stdout).toContain(`::add-mask::${HOOK}`);
  });

  it('apply on the push: the receiver is created with its secret, sent to the service only', async () => {
    const push = await runAction({
      workspace: repository,
      eventName: 'push',
      payload: pushEvent(first, head),
      inputs: inputs(),
      githubUrl: github.url,
      env: HOOK_ENV,
      sha: head,
    });
    expect(push.outputs.command).toBe('apply');
    expect(push.code, push.stdout).toBe(0);
    await actionLeaks(push, secrets(), 'push');
    const created = sandbox().requests.filter(
      (r) => r.operation === 'createAlertReceiver' && r.status === 201,
    );
    expect(created.map((r) => (r.body as { webhook_url: string }).webhook_url)).toEqual([HOOK]);
  });

  it('drift on schedule: the receiver edited in the sandbox is reported, secrets said not comparable', async () => {
    const listed = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/alert-receivers`);
    const pager = (listed.body as { results: { id: string; name: string }[] }).results.find(
      (r) => r.name === 'pager',
    )!;
    const edit = await callSandbox(sandbox(), 'PUT', `/alert-receivers/${pager.id}`, {
      body: {
        name: 'pager',
        description: 'edited in the console',
        type: 'SLACK',
        send_resolved: true,
        owner: null,
        severity: null,
        webhook_url: null,
      },
    });
    expect(edit.status).toBe(200);
    const drift = await runAction({
      workspace: repository,
      eventName: 'schedule',
      payload: { schedule: '0 6 * * *' },
      inputs: inputs(),
      githubUrl: github.url,
      env: HOOK_ENV,
      sha: head,
      inProcess: true,
    });
    expect(drift.outputs.command).toBe('drift');
    await actionLeaks(drift, secrets(), 'schedule');
    const issue = github.issues.find((i) => !i.pull_request)!;
    expect(issue.body).toContain('alert receiver `pager`');
    expect(issue.body).toContain('`description`: `edited in the console` → `Pages the platform on-call`');
    expect(issue.body).toContain('cannot be compared');
  });

  it('the post step hides the secret quoted in a cluster log it shows (in-process)', async () => {
    setDeployments(sandbox().state, PROD_EU, [
      deployment(3, 'ERROR', [
        info(at(1, 100), `posting to ${HOOK} failed`),
        failure(at(2, 1), 'HELM_CHART_FAILED'),
      ]),
    ]);
    const env: Record<string, string> = {
      ...HOOK_ENV,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: repository,
      RUNNER_TEMP: scratch,
      HOME: scratch,
    };
    const post = { ...inputs(), 'cluster-id': PROD_EU, 'organization-id': ACME };
    for (const [name, value] of Object.entries(post)) env[`INPUT_${name.toUpperCase()}`] = value;
    const run = await runStepInProcess(() => runPost(), env);
    expect(run.code).toBe(0);
    expect(run.summary).toContain('posting to \\*\\*\\* failed');
    expectNoSecret('post: stdout', withoutMaskCommands(run.stdout), secrets());
    expectNoSecret('post: stderr', run.stderr, secrets());
    expectNoSecret('post: summary', run.summary, secrets());
  });

  it('GitHub received no secret in any request: comments, Checks runs, the drift issue', () => {
    expect(github.checkRuns.length).toBeGreaterThan(0);
    expectGitHubClean(github, secrets());
  });
});
