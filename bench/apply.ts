/**
 * Apply of N changed rules with a fixed sandbox latency: wall time against the ideal
 * (writes × latency / concurrency). The sandbox runs in its own process.
 *   node apply.js [N] [latencyMs] [concurrency]
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runApply } from '../src/commands/apply.js';
import { benchContext, writeRepository } from './context.js';
import { documentFiles, TOKEN } from './fixtures.js';

const n = Number(process.argv[2] ?? 500);
const latencyMs = Number(process.argv[3] ?? 50);
const concurrency = Number(process.argv[4] ?? 4);

const server = spawn(
  process.execPath,
  [join(dirname(fileURLToPath(import.meta.url)), 'sandbox-process.js'), String(n), String(latencyMs)],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const [firstLine] = await createInterface({ input: server.stdout })
  [Symbol.asyncIterator]()
  .next()
  .then((r) => [r.value as string]);
const { url } = JSON.parse(firstLine!) as { url: string };
const root = writeRepository(documentFiles(n, 100, 'CRITICAL'));
try {
  const { ctx, client } = benchContext(url, TOKEN, root, concurrency);
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
  server.stdin.end();
  rmSync(root, { recursive: true, force: true });
}
