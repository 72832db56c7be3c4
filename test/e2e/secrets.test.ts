/**
 * A project-wide audit of secrets: every bundle (the CLI in every command and format, the action's main
 * step on each trigger and its post step) runs against the sandbox and a fake GitHub with the token in its
 * environment and a document carrying a sensitive component value. Neither may appear in anything that
 * leaves the process: stdout, stderr, the job summary, the outputs and state files, the plan-json file,
 * exported documents, or any request GitHub received. The service is made to echo both back (error
 * messages, log entries), as a real one may.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setDeployments } from '../../src/sandbox/index.js';
import { type FakeGitHub, startFakeGitHub } from '../helpers/fake-github.js';
import { useSandbox } from '../helpers/sandbox.js';
import { ACME, at, deployment, failure, info, PROD_EU } from '../unit/logs/deployments.js';
import {
  type ActionRun,
  commitEdit,
  exampleRepository,
  pullRequestEvent,
  pushEvent,
  removeTemporaryDirectories,
  runAction,
} from './action-runner.js';

const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const NODE = process.env.E2E_NODE ?? process.execPath;
/** The sensitive value of fixtures/example (observability's grafanaAdminPassword). */
const PASSWORD = 'Gr4fana-prod-eu-7c1d9e';
const OBSERVABILITY = 'components/prod-eu/observability.yaml';
const FORMATS = ['text', 'json', 'github'] as const;

const sandbox = useSandbox({ rateLimit: false });
let github: FakeGitHub;
let scratch = '';

beforeAll(async () => {
  for (const bundle of ['cli.js', 'index.js', 'post.js']) {
    if (!existsSync(join(DIST, bundle)))
      throw new Error(`${DIST}/${bundle} is missing: build it first (node scripts/build.mjs --outdir DIR)`);
  }
  github = await startFakeGitHub();
  scratch = await mkdtemp(join(tmpdir(), 'secrets-e2e-'));
});
afterAll(async () => {
  await github?.close();
  await removeTemporaryDirectories();
  await rm(scratch, { recursive: true, force: true });
});

/**
 * The service quotes what it was sent, as services do: the token in a header dump, the sensitive value in
 * `key: value` and `key=value` form, in messages, hints and underlying errors of the newest failed
 * deployment of prod-eu.
 */
function seedEchoingLogs(token: string, extra: readonly Record<string, unknown>[] = []): void {
  const echo = failure(at(5, 2), 'HELM_CHART_FAILED', `values rejected: grafanaAdminPassword: ${PASSWORD}`);
  const error = echo.error as Record<string, unknown>;
  error.hint_message = `Retry with Authorization: Token ${token}`;
  error.underlying_error = {
    message: `helm upgrade --set grafana.adminPassword=${PASSWORD} failed\n${token}`,
  };
  setDeployments(sandbox().state, PROD_EU, [
    deployment(3, 'ERROR', [
      info(at(1, 100), `request with Authorization: Token ${token}`),
      info(at(2, 200), `rendering values {"grafanaAdminPassword":"${PASSWORD}"}`),
      info(at(3, 300), `the token ${token} was used`),
      echo,
      ...extra,
    ]),
  ]);
}

beforeEach(() => {
  sandbox().setFaults({});
  seedEchoingLogs(sandbox().token);
});

/** The runner consumes its own mask command and never shows it: the only place a secret may be printed. */
function withoutMaskCommands(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
}

/** Fails naming where a secret showed, with the line around it (the secret itself is what the test found). */
function expectNoSecret(where: string, text: string, secrets: readonly string[]): void {
  for (const secret of secrets) {
    const at = text.indexOf(secret);
    const line = at < 0 ? '' : text.slice(text.lastIndexOf('\n', at) + 1, text.indexOf('\n', at) >>> 0);
    expect(line, `${where} shows a secret`).toBe('');
  }
}

async function filesUnder(dir: string): Promise<string> {
  if (!existsSync(dir)) return '';
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    names.filter((d) => d.isFile()).map((d) => readFile(join(d.parentPath, d.name), 'utf8')),
  );
  return texts.join('\n');
}

interface BundleRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function runBundle(bundle: string, args: readonly string[], env: Record<string, string>, cwd: string) {
  return new Promise<BundleRun>((done, fail) => {
    const child = spawn(NODE, [join(DIST, bundle), ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: scratch, ...env },
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** The post step with the runner's environment: the main step's inputs again and the state it saved. */
async function runPostStep(inputs: Record<string, string>, state: Record<string, string>) {
  const summary = join(await mkdtemp(join(scratch, 'post-')), 'summary.md');
  await writeFile(summary, '');
  const env: Record<string, string> = {
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: summary,
    RUNNER_TEMP: scratch,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(state)) env[`STATE_${name}`] = value;
  const run = await runBundle('post.js', [], env, scratch);
  return { ...run, summary: await readFile(summary, 'utf8') };
}

/** Everything a main step run let out, file by file. */
async function actionLeaks(run: ActionRun, secrets: readonly string[], what: string): Promise<void> {
  expectNoSecret(`${what}: stdout`, withoutMaskCommands(run.stdout), secrets);
  expectNoSecret(`${what}: stderr`, run.stderr, secrets);
  expectNoSecret(`${what}: summary`, run.summary, secrets);
  expectNoSecret(`${what}: outputs`, JSON.stringify(run.outputs), secrets);
  expectNoSecret(`${what}: state`, JSON.stringify(run.state), secrets);
  const planJson = run.outputs['plan-json'];
  expect(planJson, `${what}: the plan-json output`).toBeTruthy();
  expectNoSecret(`${what}: plan-json file`, await readFile(planJson!, 'utf8'), secrets);
}

function expectGitHubClean(secrets: readonly string[]): void {
  expect(github.requests.length).toBeGreaterThan(0);
  for (const request of github.requests) {
    expectNoSecret(`GitHub request ${request.method} ${request.path}`, JSON.stringify(request), secrets);
  }
}

describe('secrets never leave the process', () => {
  it('the CLI: every command in every format', async () => {
    const { dir } = await exampleRepository();
    const token = sandbox().token;
    const secrets = [token, PASSWORD];
    const env = { QOVERY_API_URL: sandbox().url, QOVERY_API_TOKEN: token };
    const commands: Record<string, (format: string) => string[]> = {
      validate: () => ['.'],
      plan: () => ['.', '--org', ACME],
      apply: () => ['.', '--org', ACME],
      drift: () => ['.', '--org', ACME],
      logs: () => ['--cluster', PROD_EU, '--org', ACME],
      export: (format) => ['--out', join(scratch, `export-${format}`), '--org', ACME],
    };
    let runs = 0;
    for (const [command, args] of Object.entries(commands)) {
      for (const format of FORMATS) {
        const run = await runBundle('cli.js', [command, ...args(format), '--format', format], env, dir);
        const what = `${command} --format ${format}`;
        // A run that failed to start would print nothing and prove nothing.
        expect(run.stdout.length + run.stderr.length, what).toBeGreaterThan(50);
        expect(run.stderr, what).not.toMatch(/\n\s+at /);
        expectNoSecret(`${what}: stdout`, run.stdout, secrets);
        expectNoSecret(`${what}: stderr`, run.stderr, secrets);
        runs += 1;
      }
    }
    expect(runs).toBe(18);
    // The sensitive document was read and sent to be resolved: the value was there to leak.
    expect(sandbox().count('resolvePlatformTemplateComponentConfiguration')).toBeGreaterThan(0);
    for (const format of FORMATS)
      expectNoSecret(
        `export --format ${format}: files`,
        await filesUnder(join(scratch, `export-${format}`)),
        secrets,
      );
    // The logs command did reach the entries that echo the secrets (redacted, not missing).
    const logs = await runBundle('cli.js', ['logs', '--cluster', PROD_EU, '--org', ACME], env, dir);
    expect(logs.stdout).toContain('grafanaAdminPassword: ***');
    expect(logs.stdout).toContain('Authorization: Token ***');
  });

  it('the CLI: a sensitive value the service rejects and quotes back', async () => {
    const { dir } = await exampleRepository();
    const short = 'Sh0rt-pw9x';
    await commitEdit(dir, OBSERVABILITY, (t) => t.replace(PASSWORD, short));
    const secrets = [sandbox().token, short];
    const env = { QOVERY_API_URL: sandbox().url, QOVERY_API_TOKEN: sandbox().token };
    for (const format of FORMATS) {
      const run = await runBundle('cli.js', ['plan', '.', '--org', ACME, '--format', format], env, dir);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout + run.stderr).toContain('grafanaAdminPassword');
      expectNoSecret(`plan --format ${format} (violation): stdout`, run.stdout, secrets);
      expectNoSecret(`plan --format ${format} (violation): stderr`, run.stderr, secrets);
    }
    // The service fails a resolve and quotes the value in its message.
    sandbox().setFaults({
      script: [
        {
          operation: 'resolvePlatformTemplateComponentConfiguration',
          status: 400,
          body: { status: 400, message: `grafanaAdminPassword '${short}' is not allowed` },
          times: 10,
        },
      ],
    });
    for (const format of FORMATS) {
      const run = await runBundle('cli.js', ['plan', '.', '--org', ACME, '--format', format], env, dir);
      expect(run.code, run.stdout).toBe(1);
      expectNoSecret(`plan --format ${format} (400 quoting the value): stdout`, run.stdout, secrets);
      expectNoSecret(`plan --format ${format} (400 quoting the value): stderr`, run.stderr, secrets);
    }
  });

  it('the action: plan on a pull request, apply on a push that fails, drift on schedule, then the post step', async () => {
    const token = sandbox().token;
    const secrets = [token, PASSWORD, github.token];
    const { dir, first } = await exampleRepository();
    const inputs = {
      'api-url': sandbox().url,
      'api-token': token,
      'github-token': github.token,
      paths: 'alerting\ncomponents',
    };
    const changed = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: LOW'),
    );
    const head = await commitEdit(dir, OBSERVABILITY, (t) =>
      t.replace('retentionDays: 30', 'retentionDays: 45'),
    );

    const pr = await runAction({
      workspace: dir,
      eventName: 'pull_request',
      payload: pullRequestEvent(github.addPullRequest(), first, head),
      inputs,
      githubUrl: github.url,
    });
    expect(pr.outputs.command).toBe('plan');
    expect(pr.summary).toMatch(/`observability`.*resolved/);
    await actionLeaks(pr, secrets, 'pull_request');

    // A refused write whose message quotes the token and the value: the apply fails, logs are attached.
    // The main step has read the documents, so it hides the value even quoted bare in a log line.
    seedEchoingLogs(token, [info(at(4, 1), `admin login with ${PASSWORD} refused`)]);
    sandbox().setFaults({
      script: [
        {
          operation: 'editAlertRule',
          status: 400,
          body: { status: 400, message: `rejected for ${token}: grafanaAdminPassword=${PASSWORD}` },
        },
      ],
    });
    const push = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent(first, head),
      inputs,
      githubUrl: github.url,
      sha: head,
    });
    expect(push.outputs.command).toBe('apply');
    expect(push.code, push.stdout).toBe(1);
    expect(push.summary).toMatch(/HELM\\?_CHART\\?_FAILED/);
    await actionLeaks(push, secrets, 'push');

    expect(push.summary).toContain('admin login with \\*\\*\\* refused');
    sandbox().setFaults({});
    seedEchoingLogs(token);
    const drift = await runAction({
      workspace: dir,
      eventName: 'schedule',
      payload: { schedule: '0 6 * * *' },
      inputs,
      githubUrl: github.url,
      sha: changed,
    });
    expect(drift.outputs.command).toBe('drift');
    await actionLeaks(drift, secrets, 'schedule');

    // The post step of the failed push, as saved, and with the cluster named (the logs fetched again).
    const extras: Record<string, string>[] = [{}, { 'cluster-id': PROD_EU, 'organization-id': ACME }];
    for (const extra of extras) {
      const post = await runPostStep({ ...inputs, ...extra }, push.state);
      const what = `post step ${JSON.stringify(extra)}`;
      expect(post.code, what).toBe(0);
      expectNoSecret(`${what}: stdout`, withoutMaskCommands(post.stdout), secrets);
      expectNoSecret(`${what}: stderr`, post.stderr, secrets);
      expectNoSecret(`${what}: summary`, post.summary, secrets);
    }
    const named = await runPostStep({ ...inputs, 'cluster-id': PROD_EU, 'organization-id': ACME }, {});
    expect(named.summary).toContain('grafanaAdminPassword: \\*\\*\\*');

    expectGitHubClean(secrets);
  });
});
