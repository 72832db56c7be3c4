/**
 * The control for the apply bench: a bare loopback HTTP server that answers every request with a small
 * JSON body after the same fixed latency as the sandbox, in its own process.
 *   node bare-server.js latencyMs   → prints {"url": …} and serves until stdin closes.
 */
import { createServer } from 'node:http';

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
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});
process.stdin.resume();
process.stdin.on('end', () => server.close(() => process.exit(0)));
