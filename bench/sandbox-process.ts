/**
 * A sandbox in its own process, so that a benchmark's client does not share its CPU with the server it
 * measures.   node sandbox-process.js N latencyMs   → prints {"url": …} and serves until stdin closes.
 * Before it announces itself it serves the warm-up writes of warm-up.ts (to an organization of its own,
 * warm-up-organization.ts) with a wait of 1 ms, then forgets them in its request log;
 * BENCH_COLD_SERVERS=1 leaves the warm-up out.
 */
import { startSandbox } from '../src/sandbox/index.js';
import { seedWith } from './fixtures.js';
import { serveUntilStdinEnds } from './server-control.js';
import { WARM_UP_WRITES, warmUp } from './warm-up.js';
import { warmUpEdit, withWarmUpOrganization } from './warm-up-organization.js';

const n = Number(process.argv[2] ?? 0);
const latencyMs = Number(process.argv[3] ?? 0);
const cold = process.env.BENCH_COLD_SERVERS === '1';
const sandbox = await startSandbox({
  seed: withWarmUpOrganization(seedWith(n)),
  rateLimit: false,
  faults: { latencyMs: cold ? latencyMs : 1 },
});
if (!cold) {
  await warmUp(sandbox.url, WARM_UP_WRITES, warmUpEdit);
  sandbox.setFaults({ latencyMs });
  sandbox.resetLog();
}
serveUntilStdinEnds({ url: sandbox.url }, () => sandbox.close());
