/**
 * The post step in-process, for what the bundled end-to-end tests cannot arrange: its clock. Inputs and
 * state are set the way the runner sets them (environment variables), and the workflow commands it prints
 * are read from stdout.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPost } from '../../../src/action/run-post.js';
import type { Clock } from '../../../src/core/clock.js';
import { setDeployments } from '../../../src/sandbox/index.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { ACME, at, deployment, info, PROD_EU } from './deployments.js';

const sandbox = useSandbox({ rateLimit: false });
const saved = { ...process.env };
let dir = '';
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
      /::warning::Could not add the cluster logs to the job summary: Unable to access summary file/,
    );
    // The entries still reach the step's log.
    expect(printed).toContain('Create: hello');
  });

  it('gives up on a request that hangs once the time bound is reached, and still writes the summary', async () => {
    const summary = join(dir, 'summary.md');
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
});
