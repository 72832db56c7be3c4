/**
 * A project-wide audit of secrets: every bundle (the CLI in every command, the action's main step on each
 * trigger and its post step) runs against the sandbox and a fake GitHub with the token in its
 * environment and a sensitive component value. The example repository keeps that value out of git
 * (`valueFrom: {env: GRAFANA_ADMIN_PASSWORD}`), so it too comes from the environment, as a workflow passes
 * a secret; one suite writes a literal value instead. Neither may appear in anything that leaves the
 * process: stdout, stderr, the job summary, the outputs and state files, the plan-json file, exported
 * documents, any request GitHub received, or the sandbox's request log as printed. The one place the value
 * must go is the body of the resolve request: that is what the form is for. The service is made to echo
 * both back (error messages, log entries), as a real one may. The CLI runs in every command and format
 * in-process too (src/cli/command-line.ts, as cli.js runs it, with the process's own output caught as well):
 * a process per case added a cold start each and nothing the few bundle runs do not show.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPost } from '../../src/action/run-post.js';
import { requestLine } from '../../src/commands/sandbox.js';
import { setDeployments } from '../../src/sandbox/index.js';
import { runStepInProcess } from '../helpers/action-step-in-process.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';
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
  withoutMaskCommands,
} from './action-runner.js';
import { type CliRun, runBundle } from './bundle.js';
import { actionLeaks, expectGitHubClean, expectNoSecret } from './secret-leaks.js';

/** The sensitive value fixtures/example reads from the environment (observability's grafanaAdminPassword). */
const PASSWORD = 'Gr4fana-prod-eu-7c1d9e';
const PASSWORD_ENV = { GRAFANA_ADMIN_PASSWORD: PASSWORD };
/** How the example document takes the value from the environment. */
const REFERENCE = 'grafanaAdminPassword: {valueFrom: {env: GRAFANA_ADMIN_PASSWORD}}';
const OBSERVABILITY = 'components/prod-eu/observability.yaml';
const FORMATS = ['text', 'json', 'github'] as const;

const sandbox = useSandbox({ rateLimit: false });
let github: FakeGitHub;
let scratch = '';

beforeAll(async () => {
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

async function filesUnder(dir: string): Promise<string> {
  if (!existsSync(dir)) return '';
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    names.filter((d) => d.isFile()).map((d) => readFile(join(d.parentPath, d.name), 'utf8')),
  );
  return texts.join('\n');
}

/** A bundle with PATH, a home of its own and only the environment given. */
function runIn(
  name: 'cli.js' | 'post.js',
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
) {
  return runBundle(name, args, { cwd, env: { PATH: process.env.PATH ?? '', HOME: scratch, ...env } });
}

/**
 * The post step with the runner's environment: the main step's inputs again and the state it saved; post.js
 * in a child process, or its entry function in-process.
 */
async function runPostStep(
  inputs: Record<string, string>,
  state: Record<string, string>,
  how: 'the bundle' | 'in-process',
) {
  const env: Record<string, string> = {
    // A step's `env:` holds for its post step too.
    ...PASSWORD_ENV,
    GITHUB_ACTIONS: 'true',
    RUNNER_TEMP: scratch,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(state)) env[`STATE_${name}`] = value;
  if (how === 'in-process') return runStepInProcess(() => runPost(), { HOME: scratch, ...env });
  const summary = join(await mkdtemp(join(scratch, 'post-')), 'summary.md');
  await writeFile(summary, '');
  const run = await runIn('post.js', [], { ...env, GITHUB_STEP_SUMMARY: summary }, scratch);
  return { ...run, summary: await readFile(summary, 'utf8') };
}

/**
 * The resolve requests carried the value from the environment to the service (the point of the form), and
 * the sandbox's log as a person watching it sees it shows no secret.
 */
function expectSentOnlyToTheService(secret: string): void {
  const resolves = sandbox().requests.filter(
    (r) =>
      r.operation === 'resolvePlatformTemplateComponentConfiguration' && r.path.includes('/observability/'),
  );
  expect(resolves.length).toBeGreaterThan(0);
  expect(resolves.map((r) => r.body)).toContainEqual(
    expect.objectContaining({ profileConfig: expect.objectContaining({ grafanaAdminPassword: secret }) }),
  );
  const printed = sandbox().requests.map(requestLine).join('\n');
  expectNoSecret('the sandbox log', printed, [secret, sandbox().token]);
}

/** Each CLI command with its arguments in one output format; `root` is the repository's when it takes one. */
const CLI_COMMANDS: Record<string, (format: string, root: readonly string[]) => string[]> = {
  validate: (_, root) => ['.', ...root],
  plan: (_, root) => ['.', ...root, '--org', ACME],
  apply: (_, root) => ['.', ...root, '--org', ACME],
  drift: (_, root) => ['.', ...root, '--org', ACME],
  logs: () => ['--cluster', PROD_EU, '--org', ACME],
  export: (format, root) => ['--out', join(scratch, `export-${root.length}-${format}`), '--org', ACME],
  // The CLI command `receivers test`: the second word is its action, then the names.
  receivers: (_, root) => ['test', 'slack-oncall', ...root, '--org', ACME],
};
const CLI_CASES = Object.keys(CLI_COMMANDS).flatMap((command) =>
  FORMATS.map((format) => [command, format] as const),
);
/**
 * Through the bundle, each command once, the formats taken in turn: what a build adds (a stray print, a
 * stack trace of minified code) shows in any of them. Every command in every format runs in-process below.
 */
const BUNDLE_CASES = Object.keys(CLI_COMMANDS).map((command, i) => [command, FORMATS[i % 3]!] as const);

const cliEnv = () => ({ QOVERY_API_URL: sandbox().url, QOVERY_API_TOKEN: sandbox().token, ...PASSWORD_ENV });

/** What one CLI run let out, and that it reached what it could have leaked. */
async function expectCliClean(command: string, format: string, run: CliRun, exported: string) {
  const secrets = [sandbox().token, PASSWORD];
  const what = `${command} --format ${format}`;
  // A run that failed to start would print nothing and prove nothing. A clean validation's text is one
  // count line: that line is the proof it ran.
  if (command === 'validate' && format !== 'json')
    expect(run.stdout, what).toMatch(/^\d+ errors?, \d+ warnings?/m);
  else expect(run.stdout.length + run.stderr.length, what).toBeGreaterThan(50);
  expect(run.stderr, what).not.toMatch(/\n\s+at /);
  expectNoSecret(`${what}: stdout`, run.stdout, secrets);
  expectNoSecret(`${what}: stderr`, run.stderr, secrets);
  if (command === 'plan') {
    // The sensitive value was read from the environment and sent to be resolved: it was there to leak.
    expectSentOnlyToTheService(PASSWORD);
  }
  if (command === 'export') {
    const files = await filesUnder(exported);
    expect(files, `${what}: exported documents`).toContain('kind:');
    expectNoSecret(`${what}: files`, files, secrets);
  }
  if (command === 'logs' && format === 'text') {
    // The command reached the entries that echo the secrets (redacted, not missing).
    expect(run.stdout).toContain('grafanaAdminPassword: ***');
    expect(run.stdout).toContain('Authorization: Token ***');
  }
}

describe('secrets never leave the CLI', () => {
  let repository = '';
  beforeAll(async () => {
    repository = (await exampleRepository()).dir;
  });

  // Independent processes: they run at once.
  it.concurrent.for(BUNDLE_CASES)('the bundle: %s --format %s', async ([command, format]) => {
    const args = [command, ...CLI_COMMANDS[command]!(format, []), '--format', format];
    const run = await runIn('cli.js', args, cliEnv(), repository);
    await expectCliClean(command, format, run, join(scratch, `export-0-${format}`));
  });

  it.for(CLI_CASES)('in-process: %s --format %s', async ([command, format]) => {
    const root = ['--root', repository];
    const args = [command, ...CLI_COMMANDS[command]!(format, root), '--format', format];
    const run = await runCliInProcess(args, { HOME: scratch, ...cliEnv() });
    await expectCliClean(command, format, run, join(scratch, `export-2-${format}`));
  });
});

describe('secrets never leave the CLI when the service rejects a sensitive value', () => {
  const short = 'Sh0rt-pw9x';
  let repository = '';
  beforeAll(async () => {
    repository = (await exampleRepository()).dir;
    await commitEdit(repository, OBSERVABILITY, (t) =>
      t.replace(REFERENCE, `grafanaAdminPassword: ${short}`),
    );
  });

  it.for(FORMATS)('plan --format %s names the refused field without its value', async (format) => {
    const secrets = [sandbox().token, short];
    const run = await runCliInProcess(
      ['plan', '.', '--root', repository, '--org', ACME, '--format', format],
      cliEnv(),
    );
    expect(run.code, run.stdout).toBe(1);
    expect(run.stdout + run.stderr).toContain('grafanaAdminPassword');
    // The literal is also a finding of its own: it is in git.
    // (by its code, or by its title in the github form)
    expect(run.stdout).toMatch(/component\.sensitive-literal|Sensitive value in git/);
    expectNoSecret(`plan --format ${format} (violation): stdout`, run.stdout, secrets);
    expectNoSecret(`plan --format ${format} (violation): stderr`, run.stderr, secrets);
  });

  /** The bundle once (the github format), every format in-process. */
  it.for([...FORMATS.map((format) => [format, 'in-process'] as const), ['github', 'the bundle'] as const])(
    'plan --format %s hides the value a 400 answer quotes (%s)',
    async ([format, how]) => {
      const secrets = [sandbox().token, short];
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
      sandbox().resetLog();
      const args = ['plan', '.', '--org', ACME, '--format', format];
      const run =
        how === 'the bundle'
          ? await runIn('cli.js', args, cliEnv(), repository)
          : await runCliInProcess([...args, '--root', repository], cliEnv());
      expect(run.code, run.stdout).toBe(1);
      expect(sandbox().count('resolvePlatformTemplateComponentConfiguration')).toBeGreaterThan(0);
      expectNoSecret(`plan --format ${format} (400 quoting the value): stdout`, run.stdout, secrets);
      expectNoSecret(`plan --format ${format} (400 quoting the value): stderr`, run.stderr, secrets);
    },
  );
});

/**
 * The action's life on one repository, a step per test in order: plan on a pull request, apply on a push
 * that fails, drift on schedule, then the post step of the failed push.
 */
describe('secrets never leave the action', () => {
  let repository = '';
  let first = '';
  let changed = '';
  let head = '';
  let push: ActionRun | undefined;
  const secrets = () => [sandbox().token, PASSWORD, github.token];
  const inputs = () => ({
    'api-url': sandbox().url,
    'api-token': sandbox().token,
    'github-token': github.token,
    paths: 'alerting\ncomponents',
  });

  beforeAll(async () => {
    ({ dir: repository, first } = await exampleRepository());
    changed = await commitEdit(repository, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: LOW'),
    );
    head = await commitEdit(repository, OBSERVABILITY, (t) =>
      t.replace('retentionDays: 30', 'retentionDays: 45'),
    );
  });
  it('plan on a pull request', async () => {
    const pr = await runAction({
      workspace: repository,
      eventName: 'pull_request',
      payload: pullRequestEvent(github.addPullRequest(), first, head),
      inputs: inputs(),
      githubUrl: github.url,
      env: PASSWORD_ENV,
    });
    expect(pr.outputs.command).toBe('plan');
    expect(pr.summary).toMatch(/`observability`.*resolved/);
    await actionLeaks(pr, secrets(), 'pull_request');
    expectSentOnlyToTheService(PASSWORD);
    // Registered with the runner's mask, so the rest of the job's log hides it too.
    expect(pr.stdout).toContain(`::add-mask::${PASSWORD}`);
  });

  it('apply on a push whose write is refused with a message quoting both secrets', async () => {
    const token = sandbox().token;
    // The apply fails and logs are attached. The main step has read the documents, so it hides the value
    // even quoted bare in a log line.
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
    push = await runAction({
      workspace: repository,
      eventName: 'push',
      payload: pushEvent(first, head),
      inputs: inputs(),
      githubUrl: github.url,
      env: PASSWORD_ENV,
      sha: head,
    });
    expect(push.outputs.command).toBe('apply');
    expect(push.code, push.stdout).toBe(1);
    expect(push.summary).toMatch(/HELM\\?_CHART\\?_FAILED/);
    await actionLeaks(push, secrets(), 'push');
    expect(push.summary).toContain('admin login with \\*\\*\\* refused');
  });

  it('drift on schedule (in-process)', async () => {
    const drift = await runAction({
      workspace: repository,
      eventName: 'schedule',
      payload: { schedule: '0 6 * * *' },
      inputs: inputs(),
      githubUrl: github.url,
      env: PASSWORD_ENV,
      sha: changed,
      inProcess: true,
    });
    expect(drift.outputs.command).toBe('drift');
    await actionLeaks(drift, secrets(), 'schedule');
  });

  it.for([
    ['with the state the failed push saved', 'the bundle', {}],
    ['with the cluster named', 'in-process', { 'cluster-id': PROD_EU, 'organization-id': ACME }],
  ] as const)('the post step %s (%s)', async ([, how, extra]) => {
    if (!push) throw new Error('the push step runs first');
    const post = await runPostStep({ ...inputs(), ...extra }, push.state, how);
    expect(post.code).toBe(0);
    expectNoSecret('stdout', withoutMaskCommands(post.stdout), secrets());
    expectNoSecret('stderr', post.stderr, secrets());
    expectNoSecret('summary', post.summary, secrets());
  });

  it('the post step shows the echoed entries, redacted (in-process)', async () => {
    const named = await runPostStep(
      { ...inputs(), 'cluster-id': PROD_EU, 'organization-id': ACME },
      {},
      'in-process',
    );
    expect(named.code).toBe(0);
    expect(named.summary).toContain('grafanaAdminPassword: \\*\\*\\*');
  });

  it('GitHub received neither secret in any request of the steps above', () => {
    expectGitHubClean(github, secrets());
  });
});
