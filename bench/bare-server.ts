/**
 * The control for the apply bench: a bare loopback HTTP server that only waits the latency and answers
 * every request with a small JSON body, in its own process.
 *   node bare-server.js latencyMs   → prints {"url": …} and serves until stdin closes.
 */
import { createServer } from 'node:http';
import { serveUntilStdinEnds } from './server-control.js';

const latencyMs = Number(process.argv[2] ?? 0);
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"id":"b0b0b0b0-0000-4000-8000-000000000000"}');
    }, latencyMs);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  serveUntilStdinEnds(
    { url: `http://127.0.0.1:${port}` },
    () => new Promise<void>((resolve) => server.close(() => resolve())),
  );
});
