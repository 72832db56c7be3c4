/**
 * The control for the apply bench: a bare loopback HTTP server in its own process that only waits the
 * latency and answers every request with the same stored rule (the size of the sandbox's answer).
 *   node bare-server.js latencyMs   → prints {"url": …} and serves until stdin closes.
 * Before it announces itself it serves the warm-up writes of warm-up.ts with a wait of 1 ms, as the
 * sandbox does; BENCH_COLD_SERVERS=1 leaves the warm-up out.
 */
import { createServer } from 'node:http';
import { rule } from './fixtures.js';
import { serveUntilStdinEnds } from './server-control.js';
import { WARM_UP_WRITES, warmUp } from './warm-up.js';

const latencyMs = Number(process.argv[2] ?? 0);
// What the sandbox answers a write with: the stored rule, with its state.
const answer = JSON.stringify({
  ...rule(0),
  severity: 'CRITICAL',
  updated_at: '2026-01-01T00:00:00Z',
  state: 'OK',
  is_up_to_date: true,
});
let waitMs = 1;
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(answer);
    }, waitMs);
  });
});
server.listen(0, '127.0.0.1', async () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  if (process.env.BENCH_COLD_SERVERS !== '1') {
    const body = JSON.stringify({ ...rule(0), severity: 'CRITICAL' });
    await warmUp(url, WARM_UP_WRITES, (i) => ({
      path: `/alert-rules/${i}`,
      headers: { 'content-type': 'application/json' },
      body,
    }));
  }
  waitMs = latencyMs;
  serveUntilStdinEnds({ url }, () => new Promise<void>((resolve) => server.close(() => resolve())));
});
