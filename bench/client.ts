/**
 * The service client's cold and warm paths against the sandbox on 127.0.0.1.
 *   cold: a new client (new Agent), its first request, TCP connect included; median of COLD_TRIALS.
 *   warm: one client, after one request has opened the keep-alive connection; median of WARM_REQUESTS.
 * Prints one JSON line per figure (the form bench/run.mjs reads). Build and run:
 *   npx esbuild bench/client.ts --bundle --platform=node --format=esm --outfile=.tmp/bench/client.js \
 *     "--banner:js=import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);"
 *   node .tmp/bench/client.js
 */
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../src/sandbox/index.js';
import { createServiceClient } from '../src/service/client.js';

const COLD_TRIALS = 15;
const WARM_REQUESTS = 20;

const sandbox = await startSandbox({ rateLimit: false });
const organizationId = sandbox.organizationId;

function newClient() {
  return createServiceClient({ apiUrl: sandbox.url, token: sandbox.token });
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

// Let module loading and JIT warm-up settle so that "cold" measures the connection, not the first compile.
{
  const warmup = newClient();
  await warmup.getAlertRules(organizationId);
  await warmup.close();
}

const cold: number[] = [];
let coldRequests = 0;
for (let i = 0; i < COLD_TRIALS; i++) {
  const client = newClient();
  cold.push(await timed(() => client.getAlertRules(organizationId)));
  coldRequests += client.requestCounts().total;
  await client.close();
}

const client = newClient();
await client.getAlertRules(organizationId);
const warm: number[] = [];
for (let i = 0; i < WARM_REQUESTS; i++) warm.push(await timed(() => client.getAlertRules(organizationId)));
const warmRequests = client.requestCounts().total - 1;
await client.close();
await sandbox.close();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (ms: number) => Math.round(ms * 100) / 100;

console.log(
  JSON.stringify({
    bench: 'client',
    path: 'cold',
    operation: 'getAlertRules',
    trials: COLD_TRIALS,
    requestsPerTrial: coldRequests / COLD_TRIALS,
    medianMs: round(median(cold)),
    minMs: round(Math.min(...cold)),
    maxMs: round(Math.max(...cold)),
  }),
);
console.log(
  JSON.stringify({
    bench: 'client',
    path: 'warm',
    operation: 'getAlertRules',
    requests: warmRequests,
    medianMs: round(median(warm)),
    minMs: round(Math.min(...warm)),
    maxMs: round(Math.max(...warm)),
  }),
);
