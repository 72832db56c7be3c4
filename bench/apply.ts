/**
 * Apply of N changed rules with a fixed latency, the plan phase (reading the documents, the list call,
 * planning, against the sandbox) timed apart from the writes: the writes are what concurrency speeds up,
 * and their ideal is writes × latency / concurrency. The writes go to the sandbox, or (`bare`) to the
 * bare server of bare-server.ts, which only waits the latency: the sandbox's own cost taken out. Each
 * server runs in its own process; the CPU time of the client and of the server is charged per write.
 *   node apply.js [N] [latencyMs] [concurrency] [sandbox|bare]
 */
import { rmSync } from 'node:fs';
import { applyPlannedRun } from '../src/commands/apply.js';
import { makePlan } from '../src/planner/make-plan.js';
import { createServiceClient } from '../src/service/client.js';
import { benchContext, writeRepository } from './context.js';
import { documentFiles, TOKEN } from './fixtures.js';
import { cpuMeter, serverProcess } from './server-process.js';

const n = Number(process.argv[2] ?? 500);
const latencyMs = Number(process.argv[3] ?? 50);
const concurrency = Number(process.argv[4] ?? 4);
const target = process.argv[5] === 'bare' ? 'bare' : 'sandbox';

const sandbox = await serverProcess('sandbox-process.js', [String(n), String(latencyMs)]);
const bare = target === 'bare' ? await serverProcess('bare-server.js', [String(latencyMs)]) : null;
const root = writeRepository(documentFiles(n, 100, 'CRITICAL'));
try {
  const { ctx, client } = benchContext(sandbox.url, TOKEN, root, concurrency);
  const started = performance.now();
  const planned = await makePlan(ctx, { command: 'apply' });
  const planMs = performance.now() - started;
  const writer = bare ? createServiceClient({ apiUrl: bare.url, token: TOKEN }) : client;
  const server = bare ?? sandbox;
  const cpu = await cpuMeter(server);
  const writesStarted = performance.now();
  const { report } = await applyPlannedRun(ctx, { ...planned, client: writer }, false, ctx.clock.now());
  const writesMs = performance.now() - writesStarted;
  const { clientCpuMs, serverCpuMs } = await cpu.used();
  await Promise.all([client.close(), writer.close()]);
  const writes = report.results.length;
  const failed = report.results.filter((r) => !r.ok).length;
  if (writes !== n || failed > 0)
    throw new Error(
      `expected ${n} successful writes, got ${writes} (${failed} failed: ${report.results.find((r) => !r.ok)?.error})`,
    );
  console.log(
    JSON.stringify({
      bench: 'apply',
      target,
      writes,
      latencyMs,
      concurrency,
      planMs: Math.round(planMs),
      writesMs: Math.round(writesMs),
      idealMs: Math.round((writes * latencyMs) / concurrency),
      clientCpuMsPerWrite: clientCpuMs / writes,
      serverCpuMsPerWrite: serverCpuMs / writes,
    }),
  );
} finally {
  sandbox.stop();
  bare?.stop();
  rmSync(root, { recursive: true, force: true });
}
