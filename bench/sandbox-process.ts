/**
 * A sandbox in its own process, so that a benchmark's client does not share its CPU with the server it
 * measures.   node sandbox-process.js N latencyMs   → prints {"url": …} and serves until stdin closes.
 */
import { startSandbox } from '../src/sandbox/index.js';
import { seedWith } from './fixtures.js';
import { serveUntilStdinEnds } from './server-control.js';

const n = Number(process.argv[2] ?? 0);
const latencyMs = Number(process.argv[3] ?? 0);
const sandbox = await startSandbox({ seed: seedWith(n), rateLimit: false, faults: { latencyMs } });
serveUntilStdinEnds({ url: sandbox.url }, () => sandbox.close());
