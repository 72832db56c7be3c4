/**
 * Requests for a plan of N rules: ours (one list call each of rules, receivers, clusters and services per organization) against a per-rule GET baseline,
 * the way the service's Terraform provider refreshes each resource. Both run for real on the sandbox.
 */
import { rmSync } from 'node:fs';
import { runPlan } from '../src/commands/plan.js';
import { mapWithConcurrency } from '../src/core/concurrency.js';
import { startSandbox } from '../src/sandbox/index.js';
import { benchContext, writeRepository } from './context.js';
import { documentFiles, ruleId, seedWith, TOKEN } from './fixtures.js';

const sizes = (process.argv[2] ?? '10,100,1000,10000').split(',').map(Number);
for (const n of sizes) {
  const sandbox = await startSandbox({ seed: seedWith(n), rateLimit: false });
  const root = writeRepository(documentFiles(n, 100));
  try {
    const ours = benchContext(sandbox.url, TOKEN, root);
    let started = performance.now();
    const report = await runPlan(ours.ctx);
    const oursMs = performance.now() - started;
    const noop = report.plan?.changes.filter((c) => c.action === 'noop').length ?? 0;
    if (noop !== n) throw new Error(`expected ${n} unchanged rules, got ${noop}`);
    await ours.client.close();

    const baseline = benchContext(sandbox.url, TOKEN, root);
    started = performance.now();
    await mapWithConcurrency(
      Array.from({ length: n }, (_, i) => ruleId(i)),
      4,
      (id) => baseline.client.getAlertRule(id),
    );
    const baselineMs = performance.now() - started;
    const row = {
      bench: 'requests',
      rules: n,
      ours: report.requests.total,
      oursMs: Math.round(oursMs),
      baseline: baseline.client.requestCounts().total,
      baselineMs: Math.round(baselineMs),
    };
    await baseline.client.close();
    console.log(JSON.stringify(row));
  } finally {
    await sandbox.close();
    rmSync(root, { recursive: true, force: true });
  }
}
