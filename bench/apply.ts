/**
 * Apply of N changed rules with a fixed sandbox latency: wall time against the ideal
 * (writes × latency / concurrency).   node apply.js [N] [latencyMs] [concurrency]
 */
import { rmSync } from 'node:fs';
import { runApply } from '../src/commands/apply.js';
import { startSandbox } from '../src/sandbox/index.js';
import { benchContext, writeRepository } from './context.js';
import { documentFiles, seedWith, TOKEN } from './fixtures.js';

const n = Number(process.argv[2] ?? 500);
const latencyMs = Number(process.argv[3] ?? 50);
const concurrency = Number(process.argv[4] ?? 4);
const sandbox = await startSandbox({ seed: seedWith(n), rateLimit: false, faults: { latencyMs } });
const root = writeRepository(documentFiles(n, 100, 'CRITICAL'));
try {
  const { ctx, client } = benchContext(sandbox.url, TOKEN, root, concurrency);
  const started = performance.now();
  const report = await runApply(ctx);
  const wallMs = performance.now() - started;
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
      wallMs: Math.round(wallMs),
      // The list call is one more round trip before the writes.
      idealMs: Math.round((writes * latencyMs) / concurrency + latencyMs),
    }),
  );
} finally {
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
}
