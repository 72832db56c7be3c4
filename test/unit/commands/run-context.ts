/** A RunContext against a sandbox, the way a face builds one: the real client over HTTP on 127.0.0.1. */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { Redactor } from '../../../src/core/redact.js';
import type { RunContext } from '../../../src/run/types.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { createServiceClient } from '../../../src/service/client.js';
import { FakeClock } from '../../helpers/fake-clock.js';

export const EXAMPLE_ROOT = new URL('../../../fixtures/example/', import.meta.url).pathname;
export const ACME = '7f1b2c3d-0000-4000-8000-000000000001';

export interface TestRun {
  readonly ctx: RunContext;
  readonly progress: string[];
  close(): Promise<void>;
}

/**
 * A new client per run (its request counts start at zero), with a clock that never really sleeps, against
 * the sandbox or any other stand-in of the service.
 */
export function testRun(service: { url: string; token: string }, over: Partial<RunContext> = {}): TestRun {
  const clock = new FakeClock();
  const client = createServiceClient({ apiUrl: service.url, token: service.token, clock, random: () => 0 });
  const progress: string[] = [];
  const ctx: RunContext = {
    root: EXAMPLE_ROOT,
    paths: ['alerting'],
    organizationId: null,
    service: () => client,
    git: null,
    base: null,
    head: null,
    prune: false,
    concurrency: 4,
    allComponents: false,
    clock,
    // The example repository reads its one sensitive value from the environment.
    env: { GRAFANA_ADMIN_PASSWORD: 'Gr4fana-prod-eu-7c1d9e' },
    redactor: new Redactor(),
    progress: (line) => progress.push(line),
    ...over,
  };
  return { ctx, progress, close: () => client.close() };
}

/** The writes the sandbox received, in a stable order (apply runs them concurrently). */
export function writesOf(sandbox: Sandbox): { method: string; path: string; body?: unknown }[] {
  return sandbox.requests
    .filter((r) => r.method !== 'GET')
    .map((r) => ({ method: r.method, path: r.path, ...(r.body !== undefined ? { body: r.body } : {}) }))
    .sort((a, b) =>
      `${a.method} ${a.path} ${JSON.stringify(a.body)}`.localeCompare(
        `${b.method} ${b.path} ${JSON.stringify(b.body)}`,
      ),
    );
}

/**
 * For each test: a fresh sandbox and an empty output directory; `run` builds a TestRun whose client is
 * closed after the test.
 */
export function useRunWorld(prefix: string) {
  const world = { sandbox: undefined as unknown as Sandbox, out: '' };
  const runs: TestRun[] = [];
  beforeEach(async () => {
    world.sandbox = await startSandbox({ rateLimit: false });
    world.out = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await Promise.all(runs.splice(0).map((r) => r.close()));
    await world.sandbox.close();
    rmSync(world.out, { recursive: true, force: true });
  });
  const run = (over: Partial<RunContext> = {}): TestRun => {
    const r = testRun(world.sandbox, over);
    runs.push(r);
    return r;
  };
  return { world, run };
}

/**
 * The reads a run over the example's alert rules makes, each once for its one organization: the rules and
 * receivers, and the name lists its documents and reports need (for the environment targets by name, the
 * one project's environments).
 */
export const EXAMPLE_RULE_READS = {
  getAlertRules: 1,
  getAlertReceivers: 1,
  listOrganizationCluster: 1,
  listServicesByOrganizationId: 1,
  listProject: 1,
  listEnvironment: 1,
} as const;
