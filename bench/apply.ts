/**
 * Apply of N changed rules with a fixed sandbox latency, the plan phase (reading the documents, the list
 * call, planning) timed apart from the writes: the writes are what concurrency speeds up, and their ideal
 * is writes × latency / concurrency. The sandbox runs in its own process.
 *   node apply.js [N] [latencyMs] [concurrency]
 */
import { rmSync } from 'node:fs';
import { executePlanned } from '../src/commands/apply.js';
import { planRun } from '../src/commands/plan.js';
import { benchContext, writeRepository } from './context.js';
import { documentFiles, TOKEN } from './fixtures.js';
import { serverProcess } from './server-process.js';

const n = Number(process.argv[2] ?? 500);
const latencyMs = Number(process.argv[3] ?? 50);
const concurrency = Number(process.argv[4] ?? 4);

const server = await serverProcess('sandbox-process.js', [String(n), String(latencyMs)]);
const root = writeRepository(documentFiles(n, 100, 'CRITICAL'));
try {
  const { ctx, client } = benchContext(server.url, TOKEN, root, concurrency);
  const started = performance.now();
  const planned = await planRun(ctx, 'apply');
  const planMs = performance.now() - started;
  const report = await executePlanned(ctx, planned, 'apply', ctx.prune, ctx.clock.now());
  const writesMs = performance.now() - started - planMs;
  await client.close();
  const writes = report.results.length;
  const failed = report.results.filter((r) => !r.ok).length;
  if (writes !== n || failed > 0)
    throw new Error(`expected ${n} successful writes, got ${writes} (${failed} failed)`);
  console.log(
    JSON.stringify({
      bench: 'apply',
      writes,
      latencyMs,
      concurrency,
      requests: report.requests.total,
      planMs: Math.round(planMs),
      writesMs: Math.round(writesMs),
      idealMs: Math.round((writes * latencyMs) / concurrency),
    }),
  );
} finally {
  server.stop();
  rmSync(root, { recursive: true, force: true });
}
