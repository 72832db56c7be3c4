/**
 * The bundled post step (post.js, built by build-bundle.ts) run as the runner runs it: a child process with INPUT_*
 * inputs, STATE_* values saved by the main step and a GITHUB_STEP_SUMMARY file, against the sandbox (and a
 * server that drops every connection). The cases that are about what the step shows rather than how the
 * process behaves run its entry function (runPost, what post.js calls) in-process with the same environment:
 * a process each added only its cold start.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPost } from '../../src/action/run-post.js';
import { setDeployments } from '../../src/sandbox/index.js';
import { runStepInProcess } from '../helpers/action-step-in-process.js';
import { inRepository } from '../helpers/repository.js';
import { runnerCommands } from '../helpers/runner-reads.js';
import { useSandbox } from '../helpers/sandbox.js';
import {
  ACME,
  at,
  deployment,
  failure,
  GLOBEX_PROD,
  info,
  LEGACY_US,
  PROD_EU,
  STAGING_EU,
} from '../unit/logs/deployments.js';
import { runBundle } from './bundle.js';

const SUMMARY_LIMIT = 1024 * 1024;

const sandbox = useSandbox({ rateLimit: false });
let workDir = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'post-e2e-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

interface PostRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly summary: string;
}

/** The runner's form: INPUT_ + upper case with hyphens kept; state under its own name. */
function postEnv(
  inputs: Record<string, string>,
  state: Record<string, string>,
  extraEnv: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_ACTIONS: 'true',
    RUNNER_TEMP: workDir,
    ...extraEnv,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(state)) env[`STATE_${name}`] = value;
  return env;
}

let runs = 0;
/** post.js in a child process. */
async function runPostStep(
  inputs: Record<string, string>,
  state: Record<string, string> = {},
  extraEnv: Record<string, string> = {},
): Promise<PostRun> {
  runs += 1;
  const summaryFile = join(workDir, `summary-${runs}.md`);
  await writeFile(summaryFile, '');
  const env = { GITHUB_STEP_SUMMARY: summaryFile, ...postEnv(inputs, state, extraEnv) };
  const run = await runBundle('post.js', [], { env });
  return { ...run, summary: await readFile(summaryFile, 'utf8') };
}

/** The post step's entry function in this process, with the environment post.js would get. */
function runPostInProcess(
  inputs: Record<string, string>,
  state: Record<string, string> = {},
): Promise<PostRun> {
  return runStepInProcess(() => runPost(), postEnv(inputs, state, {}));
}

const saved = (...clusterIds: string[]) => ({
  clusters: JSON.stringify(clusterIds.map((clusterId) => ({ organizationId: ACME, clusterId }))),
  'organization-id': ACME,
  'api-url': sandbox().url,
});
const tokenInputs = () => ({ 'api-token': sandbox().token, 'log-entries': '50' });

/** The token may reach the runner only in its own add-mask command. */
function expectNoToken(run: PostRun, token: string): void {
  expect(run.summary).not.toContain(token);
  expect(run.stderr).not.toContain(token);
  expect(run.stdout.replaceAll(`::add-mask::${token}`, '')).not.toContain(token);
}

describe('post step', () => {
  it('puts the newest failed deployment, its errors and its entries in the summary', async () => {
    const failed = deployment(2, 'ERROR', [
      info(at(1, 5), 'Preparing the cluster'),
      failure(at(3, 7), 'HELM_CHART_FAILED', 'cert-manager did not become ready'),
      info(at(3, 6), 'Installing cert-manager'),
    ]);
    setDeployments(sandbox().state, PROD_EU, [
      deployment(3, 'SUCCESS', [info(at(1), 'later success')]),
      failed,
    ]);
    sandbox().resetLog();
    const run = await runPostStep(tokenInputs(), saved(PROD_EU));
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/::(warning|error)/);
    expect(run.summary).toContain('## Recent cluster log entries');
    expect(run.summary).toContain(
      `**Deployment** \`${failed.id}\` · trigger \`DEPLOY\` · status ❌ **DEPLOYMENT\\_ERROR**`,
    );
    expect(run.summary).toContain('**`HELM_CHART_FAILED`**');
    expect(run.summary).toContain('**Hint:** Check the cluster quotas');
    expect(run.summary).toContain('helm upgrade --install: context deadline exceeded');
    const order = [
      'Preparing the cluster',
      'Installing cert-manager',
      '| **error** | CreateError | cert-manager did not become ready',
    ];
    const positions = order.map((text) => run.summary.indexOf(text));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(run.summary).not.toContain('later success');
    // Errors come first, then the entries; provider, region and transmitter are folded away.
    expect(run.summary.indexOf('#### Errors')).toBeLessThan(run.summary.indexOf('#### Newest 3 entries'));
    const folded = run.summary.slice(run.summary.indexOf('<details>'), run.summary.indexOf('</details>'));
    expect(folded).toContain('| aws | eu-west-3 | kubernetes prod-eu (k1) |');
    expect(run.summary.replace(folded, '')).not.toContain('eu-west-3');
    expect(run.stdout).toContain('Newest 3 entries, oldest first:');
    expectNoToken(run, sandbox().token);
    expect(sandbox().count()).toBe(2);
  });

  it('hides a component credential that a log entry quotes, read from the documents under paths', async () => {
    // observability's grafanaAdminPassword, which the example repository reads from the environment, quoted
    // bare by the installer.
    const password = 'Gr4fana-prod-eu-7c1d9e';
    setDeployments(sandbox().state, PROD_EU, [
      deployment(2, 'ERROR', [
        failure(at(3, 1), 'HELM_CHART_FAILED', `admin login with ${password} refused`),
      ]),
    ]);
    const run = await runPostStep({ ...tokenInputs(), paths: '.' }, saved(PROD_EU), {
      GITHUB_WORKSPACE: inRepository('fixtures', 'example'),
      // The example reads it from the environment; the step's `env:` holds for its post step too.
      GRAFANA_ADMIN_PASSWORD: password,
    });
    expect(run.code).toBe(0);
    expect(run.summary).toContain('admin login with \\*\\*\\* refused');
    expect(run.summary).not.toContain(password);
    // The runner is told to mask it too, and that is the only place it appears.
    expect(run.stdout).toContain(`::add-mask::${password}`);
    expect(run.stdout.replaceAll(`::add-mask::${password}`, '')).not.toContain(password);
  });

  it('shows text from the service in the log without letting it start a command (in-process)', async () => {
    const hostile = {
      ...failure(at(2), 'INJECTED'),
      error: {
        tag: 'INJECTED',
        user_log_message: 'x',
        underlying_error: { message: 'first\n::warning::injected\r##[error]old form' },
      },
    };
    setDeployments(sandbox().state, PROD_EU, [deployment(2, 'ERROR', [hostile])]);
    const run = await runPostInProcess(tokenInputs(), saved(PROD_EU));
    const forged = runnerCommands(run.stdout).filter((c) => /injected|old form/.test(c.line));
    expect(forged).toEqual([]);
    expect(run.stdout).toContain('\\u003a:warning::injected');
  });

  it('falls back to the deprecated cluster logs with a one-line notice (in-process)', async () => {
    setDeployments(sandbox().state, LEGACY_US, [
      deployment(2, 'ERROR', [failure(at(1), 'SCW_QUOTA_EXCEEDED')]),
    ]);
    sandbox().resetLog();
    const run = await runPostInProcess(tokenInputs(), saved(LEGACY_US));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /::notice::Cluster logs of c1a5e7e0-0000-4000-8000-000000000103: The service answered 404 to listClusterDeploymentHistoryV2/,
    );
    expect(run.summary).toContain('> The service answered 404 to listClusterDeploymentHistoryV2');
    expect(run.summary).toContain('SCW\\_QUOTA\\_EXCEEDED failed');
    expect(sandbox().count('listClusterLogs')).toBe(1);
  });

  it('does not show an earlier run’s failed deployment as this run’s: one line naming it instead (in-process)', async () => {
    // The main step records its start; the cluster's newest deployment failed three days before.
    const runStarted = Date.now();
    const threeDaysBefore = new Date(runStarted - 3 * 86_400_000 - 3_600_000).toISOString();
    const old = deployment(2, 'ERROR', [failure(at(1), 'HELM_CHART_UPGRADE_FAILED', 'old failure')], {
      created_at: threeDaysBefore,
      updated_at: threeDaysBefore,
    });
    setDeployments(sandbox().state, PROD_EU, [old]);
    sandbox().resetLog();
    const state = { ...saved(PROD_EU), 'run-started': new Date(runStarted).toISOString() };
    const run = await runPostInProcess(tokenInputs(), state);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/::(warning|error)/);
    expect(run.summary).toContain(
      `> No deployment of cluster \`${PROD_EU}\` during this run; the newest (**FAILED**) is from <span title="`,
    );
    expect(run.summary).toMatch(
      new RegExp(`">3 days ago</span>: deployment \`${old.id}\`, created \\d{4}-\\d{2}-\\d{2} [\\d:.]+Z\\.`),
    );
    expect(run.summary).not.toContain('HELM_CHART_UPGRADE_FAILED');
    expect(run.summary).not.toContain('old failure');
    expect(run.stdout).toContain(
      `during this run; the newest (FAILED) is from 3 days ago: deployment ${old.id}`,
    );
    expect(run.stdout).not.toContain('old failure');
    // Its logs were never asked for.
    expect(sandbox().count('listClusterDeploymentLogs')).toBe(0);

    // A deployment started by this run is shown, with its logs, and the earlier failure is not.
    const justAfter = new Date(runStarted + 1_000).toISOString();
    const ours = deployment(3, 'ERROR', [failure(at(2), 'HELM_CHART_FAILED', 'this run’s failure')], {
      created_at: justAfter,
      updated_at: justAfter,
    });
    setDeployments(sandbox().state, PROD_EU, [old, ours]);
    const second = await runPostInProcess(tokenInputs(), state);
    expect(second.summary).toContain(`**Deployment** \`${ours.id}\``);
    expect(second.summary).toContain('this run’s failure');
    expect(second.summary).not.toContain('old failure');
    expect(second.summary).not.toContain('No deployment of cluster');
  });

  it('says when the cluster has no deployments, or the deployment no entries (in-process)', async () => {
    setDeployments(sandbox().state, STAGING_EU, []);
    setDeployments(sandbox().state, PROD_EU, [deployment(2, 'ERROR', [])]);
    const run = await runPostInProcess(tokenInputs(), saved(STAGING_EU, PROD_EU));
    expect(run.code).toBe(0);
    expect(run.summary).toContain('The deployment history of this cluster is empty');
    expect(run.summary).toContain('_The deployment has no log entries._');
    expect(run.summary.indexOf(STAGING_EU)).toBeLessThan(run.summary.indexOf(PROD_EU));
  });

  it('keeps the summary within its limit with 50 000 entries (in-process)', async () => {
    const logs = Array.from({ length: 50_000 }, (_, i) =>
      info(at(Math.floor(i / 1000), i % 1000), i >= 49_000 ? `entry ${i} ${'x'.repeat(1500)}` : `entry ${i}`),
    );
    setDeployments(sandbox().state, PROD_EU, [deployment(2, 'ERROR', logs)]);
    const run = await runPostInProcess({ ...tokenInputs(), 'log-entries': '1000' }, saved(PROD_EU));
    expect(run.code).toBe(0);
    expect(Buffer.byteLength(run.summary, 'utf8')).toBeLessThanOrEqual(SUMMARY_LIMIT);
    expect(run.summary).toContain('Newest 1000 of 50000 entries, oldest first');
    expect(run.summary).toContain('entry 49999 ');
    expect(run.summary).toMatch(
      /Cut to stay within the summary's size limit: left out the oldest \d+ of 1000 entries/,
    );
    expect(run.summary.split('<details>').length).toBe(run.summary.split('</details>').length);
  });

  it('warns and exits 0 when the token is refused (401) or not allowed (403) (in-process)', async () => {
    const refused = await runPostInProcess(
      { 'api-token': 'qov_revoked_token_1234' },
      saved(PROD_EU, STAGING_EU),
    );
    expect(refused.code).toBe(0);
    expect(refused.stdout).toMatch(
      /::warning::Cluster logs of c1a5e7e0-0000-4000-8000-000000000101: .*HTTP 401/,
    );
    expect(refused.stdout).toContain('not asked: the service refused the token (HTTP 401).');
    expect(refused.summary).toContain('Could not fetch the logs');
    expectNoToken(refused, 'qov_revoked_token_1234');

    const forbidden = await runPostInProcess(tokenInputs(), {
      ...saved(),
      clusters: JSON.stringify([
        { organizationId: '7f1b2c3d-0000-4000-8000-000000000002', clusterId: GLOBEX_PROD },
      ]),
    });
    expect(forbidden.code).toBe(0);
    expect(forbidden.stdout).toMatch(
      /::warning::Cluster logs of c1a5e7e0-0000-4000-8000-000000000201: .*HTTP 403/,
    );
  });

  it('ends with a warning and exit 0 when the service drops every connection, and asks no further cluster', async () => {
    // A service that never answers is the in-process test's (tests/unit/logs/run-post.test.ts): its
    // timeouts are shortened there. Here the connection is dropped at once, which is as deterministic.
    const dropping = createServer((request) => request.socket.destroy());
    await new Promise<void>((ready) => dropping.listen(0, '127.0.0.1', ready));
    const address = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
    try {
      const run = await runPostStep(tokenInputs(), { ...saved(PROD_EU, STAGING_EU), 'api-url': address });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /::warning::Cluster logs of c1a5e7e0-0000-4000-8000-000000000101: listClusterDeploymentHistoryV2 /,
      );
      expect(run.stdout).toContain(
        `::warning::Cluster logs of ${STAGING_EU}: not asked: the service did not answer the previous request.`,
      );
      expect(run.summary).toContain('Could not fetch the logs');
    } finally {
      dropping.closeAllConnections();
      await new Promise((closed) => dropping.close(closed));
    }
  });

  it('keeps the entries in the log, without a warning, on a runner without job summaries', async () => {
    setDeployments(sandbox().state, PROD_EU, [
      deployment(2, 'ERROR', [info(at(1), 'Installing cert-manager')]),
    ]);
    const run = await runPostStep(tokenInputs(), saved(PROD_EU), { GITHUB_STEP_SUMMARY: '' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Installing cert-manager');
    expect(run.stdout).toContain('No job summary written: this runner does not set GITHUB_STEP_SUMMARY.');
    expect(run.stdout).not.toMatch(/::(warning|error)/);
  });

  it('prefers the cluster-id input over the saved clusters (in-process)', async () => {
    setDeployments(sandbox().state, STAGING_EU, [deployment(2, 'SUCCESS', [info(at(1), 'staging ok')])]);
    sandbox().resetLog();
    const run = await runPostInProcess(
      { ...tokenInputs(), 'cluster-id': STAGING_EU, 'organization-id': ACME, 'api-url': sandbox().url },
      { clusters: JSON.stringify([{ organizationId: ACME, clusterId: PROD_EU }]) },
    );
    expect(run.code).toBe(0);
    expect(run.summary).toContain('staging ok');
    expect(run.summary).not.toContain(PROD_EU);
  });

  it('does nothing but say so when the run touched no cluster, and warns on bad settings (in-process)', async () => {
    const idle = await runPostInProcess(tokenInputs(), {});
    expect(idle.code).toBe(0);
    expect(idle.summary).toBe('');
    expect(idle.stdout).toContain('No cluster to show logs for');

    const bad = await runPostInProcess(
      { ...tokenInputs(), 'log-entries': 'many' },
      { ...saved(), clusters: 'nonsense' },
    );
    expect(bad.code).toBe(0);
    expect(bad.stdout).toContain("::warning::Invalid input log-entries 'many'");
    expect(bad.stdout).toContain('::warning::The clusters saved by the main step are not valid JSON');

    const attached = await runPostInProcess(tokenInputs(), {
      ...saved(PROD_EU),
      'logs-attached': JSON.stringify([{ organizationId: ACME, clusterId: PROD_EU }]),
    });
    expect(attached.code).toBe(0);
    expect(attached.summary).toBe('');
    expect(attached.stdout).toContain(
      `Recent log entries of ${PROD_EU} are already in the main step's summary.`,
    );

    const noToken = await runPostInProcess({}, saved(PROD_EU));
    expect(noToken.code).toBe(0);
    expect(noToken.stdout).toContain('::warning::Cluster logs skipped: the api-token input is empty.');
  });
});
