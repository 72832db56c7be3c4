/**
 * The post step in-process, for what the bundled end-to-end tests cannot arrange: its clock. Inputs and
 * state are set the way the runner sets them (environment variables), and the workflow commands it prints
 * are read from stdout.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPost } from '../../../src/action/run-post.js';
import { type Clock, systemClock } from '../../../src/core/clock.js';
import { setDeployments } from '../../../src/sandbox/index.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { ACME, at, deployment, failure, info, PROD_EU, STAGING_EU } from './deployments.js';

const sandbox = useSandbox({ rateLimit: false });
const saved = { ...process.env };
let dir = '';
/**
 * One summary file for every test of the file: @actions/core keeps the first summary path it could write for
 * the life of the process, so a per-test file would be written only by the first test.
 */
let summaryDir = '';
const summaryFile = () => join(summaryDir, 'summary.md');
beforeAll(async () => {
  summaryDir = await mkdtemp(join(tmpdir(), 'run-post-summary-'));
});
afterAll(async () => {
  await rm(summaryDir, { recursive: true, force: true });
});
let printed = '';

/** Every wait is short in real time, so the step's 20 s bound passes while a request is still in flight. */
const compressedClock: Clock = {
  now: () => Date.now(),
  sleep: (_ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, 20);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    }),
};

function setRunnerEnv(values: Record<string, string>): void {
  for (const key of Object.keys(process.env)) {
    if (key.startsWith('INPUT_') || key.startsWith('STATE_') || key === 'GITHUB_STEP_SUMMARY')
      delete process.env[key];
  }
  Object.assign(process.env, values);
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-post-'));
  printed = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed += chunk.toString();
    return true;
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  process.env = { ...saved };
  await rm(dir, { recursive: true, force: true });
});

describe('runPost', () => {
  it('warns instead of failing when the job summary cannot be written', async () => {
    setDeployments(sandbox().state, PROD_EU, [deployment(2, 'ERROR', [info(at(1), 'hello')])]);
    setRunnerEnv({
      'INPUT_API-TOKEN': sandbox().token,
      STATE_clusters: JSON.stringify([{ organizationId: ACME, clusterId: PROD_EU }]),
      'STATE_api-url': sandbox().url,
      // In a directory that does not exist: no user, not even root, can write it.
      GITHUB_STEP_SUMMARY: join(dir, 'missing', 'summary.md'),
    });
    await expect(runPost()).resolves.toBeUndefined();
    expect(printed).toContain(`::add-mask::${sandbox().token}`);
    expect(printed).toMatch(
      /::warning::Could not add the cluster logs to the job summary: ENOENT: no such file or directory/,
    );
    // The entries still reach the step's log.
    expect(printed).toContain('Create: hello');
  });

  it('shows only the deployments of this run, with ages from its clock', async () => {
    const summary = summaryFile();
    // Real waits (nothing here retries), a fixed "now": the ages do not depend on when the test runs.
    const fixedClock: Clock = { now: () => Date.parse('2026-11-21T05:04:00Z'), sleep: systemClock.sleep };
    const at0501 = '2026-11-21T05:01:30.000000000Z';
    const ours = deployment(5, 'ERROR', [failure(at0501, 'HELM_CHART_FAILED', 'ours')], {
      created_at: at0501,
      updated_at: at0501,
    });
    const old = deployment(2, 'ERROR', [failure(at(1), 'HELM_CHART_UPGRADE_FAILED', 'old')]);
    setRunnerEnv({
      'INPUT_API-TOKEN': sandbox().token,
      STATE_clusters: JSON.stringify([{ organizationId: ACME, clusterId: PROD_EU }]),
      'STATE_api-url': sandbox().url,
      'STATE_run-started': '2026-11-21T05:00:00.000Z',
      GITHUB_STEP_SUMMARY: summary,
    });

    setDeployments(sandbox().state, PROD_EU, [old, ours]);
    await writeFile(summary, '');
    await runPost({ clock: fixedClock });
    const shown = await readFile(summary, 'utf8');
    expect(shown).toContain(`**Deployment** \`${ours.id}\``);
    expect(shown).toContain('created <span title="2026-11-21 05:01:30.000000000Z">2 min ago</span>');
    expect(shown).not.toContain('UPGRADE');

    setDeployments(sandbox().state, PROD_EU, [old]);
    await writeFile(summary, '');
    await runPost({ clock: fixedClock });
    expect(await readFile(summary, 'utf8')).toContain(
      `during this run; the newest (**FAILED**) is from <span title="2026-11-21 02:00:00.000000000Z">3 h ago</span>: deployment \`${old.id}\``,
    );
    expect(printed).toContain(`the newest (FAILED) is from 3 h ago: deployment ${old.id}`);
    expect(printed).not.toMatch(/::(warning|notice)::/);
  });

  it('gives up on a request that hangs once the time bound is reached, and still writes the summary', async () => {
    const summary = summaryFile();
    await writeFile(summary, '');
    sandbox().setFaults({ script: [{ operation: 'listClusterDeploymentHistoryV2', delayMs: 15_000 }] });
    sandbox().resetLog();
    setRunnerEnv({
      'INPUT_API-TOKEN': sandbox().token,
      'INPUT_API-URL': sandbox().url,
      'INPUT_CLUSTER-ID': PROD_EU,
      'INPUT_ORGANIZATION-ID': ACME,
      GITHUB_STEP_SUMMARY: summary,
    });
    await runPost({ clock: compressedClock });
    sandbox().setFaults({});
    expect(printed).toContain(
      '::warning::Cluster logs of c1a5e7e0-0000-4000-8000-000000000101: gave up waiting for the service (time limit reached).',
    );
    expect(await readFile(summary, 'utf8')).toContain(
      'Could not fetch the logs: gave up waiting for the service',
    );
    expect(sandbox().count('listClusterDeploymentHistoryV2')).toBeLessThanOrEqual(1);
  });

  it('warns once the request timeout passes on a service that accepts connections and never answers', async () => {
    const hung = createServer(() => {});
    await new Promise<void>((ready) => hung.listen(0, '127.0.0.1', ready));
    const address = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
    const summary = summaryFile();
    await writeFile(summary, '');
    setRunnerEnv({
      'INPUT_API-TOKEN': sandbox().token,
      STATE_clusters: JSON.stringify(
        [PROD_EU, STAGING_EU].map((clusterId) => ({ organizationId: ACME, clusterId })),
      ),
      'STATE_api-url': address,
      GITHUB_STEP_SUMMARY: summary,
    });
    try {
      // Timeouts of a fraction of a second: the path is the one of the real 10 s, without the wait. The
      // step's own bound (20 s) is far off: the request timeout is what ends the wait.
      await runPost({ timeouts: { headersMs: 200, bodyMs: 200 } });
    } finally {
      hung.closeAllConnections();
      await new Promise((closed) => hung.close(closed));
    }
    expect(printed).toMatch(
      /::warning::Cluster logs of c1a5e7e0-0000-4000-8000-000000000101: listClusterDeploymentHistoryV2 .* timed out/,
    );
    expect(printed).toContain(
      `::warning::Cluster logs of ${STAGING_EU}: not asked: the service did not answer the previous request.`,
    );
    expect(await readFile(summary, 'utf8')).toContain('Could not fetch the logs');
  });
});
