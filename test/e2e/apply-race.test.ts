/**
 * Two applies at once, as two workflow runs on two runners would do them: two processes of the built CLI,
 * each on its own copy of the repository, against one sandbox. Both plan the same creates; afterwards no
 * rule exists twice and the next plan is empty.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRules, startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/types.js';
import { inRepository } from '../helpers/repository.js';
import { EXAMPLE_SECRETS } from './action-runner.js';
import { runCli } from './bundle.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';

const cli = (args: readonly string[], env: Record<string, string>) => runCli(args, { env });

describe('two applies at once on two copies of the repository', () => {
  let sandbox: Sandbox;
  let copies: string[];
  beforeAll(async () => {
    // Every answer waits: both runs read the rules before either creates, so both plan the same creates.
    sandbox = await startSandbox({ rateLimit: false, faults: { latencyMs: 300 } });
    copies = [];
    for (const name of ['first', 'second']) {
      const copy = await mkdtemp(join(tmpdir(), `apply-race-${name}-`));
      await cp(inRepository('fixtures', 'example'), copy, { recursive: true });
      copies.push(copy);
    }
  });
  afterAll(async () => {
    await sandbox.close();
    await Promise.all(copies.map((copy) => rm(copy, { recursive: true, force: true })));
  });

  it('leaves no duplicate, reports the removed copies, and the next plan is empty', async () => {
    // The example's sensitive component value comes from the environment, as a workflow's secret would.
    const env = { ...EXAMPLE_SECRETS, QOVERY_API_URL: sandbox.url, QOVERY_API_TOKEN: sandbox.token };
    const managed = () => liveRules(sandbox.state, ACME).filter((r) => r.source === 'MANAGED');
    const before = managed().length;
    const runs = await Promise.all(
      copies.map((copy) => cli(['apply', '.', '--root', copy, '--org', ACME, '--format', 'json'], env)),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const results = runs.flatMap(
      (run) => JSON.parse(run.stdout).results as { action: string; ok: boolean; note?: string }[],
    );
    const creates = results.filter((r) => r.action === 'create');
    expect(creates.length).toBeGreaterThan(0);
    expect(creates.every((r) => r.ok)).toBe(true);
    const removed = creates.filter((r) =>
      r.note?.includes('created concurrently by another run; our duplicate removed'),
    );
    // Both runs created every rule; for each, exactly one run removed its copy.
    expect(removed.length * 2).toBe(creates.length);

    const live = managed();
    const keys = live.map((r) => `${r.cluster_id} ${r.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(live).toHaveLength(before + creates.length / 2);
    console.info(
      `race: 2 applies, ${creates.length} creates, ${removed.length} duplicates removed, ${live.length - before} rules added once each`,
    );

    sandbox.setFaults({});
    const next = await cli(['plan', '.', '--root', copies[0]!, '--org', ACME, '--detailed-exitcode'], env);
    expect(next.code, next.stdout + next.stderr).toBe(0);
  });
});
