/**
 * One organization's rule list as the sandbox answers it, made once at start and then served as bytes:
 * reading it measures the client (the transfer and the decoding), not the sandbox making its answer, which
 * a real service does in its own time. In its own process, so that its memory is not the client's.
 *   node list-server.js N   → prints {"url": …} and serves until stdin closes.
 */
import { createServer } from 'node:http';
import { startSandbox } from '../src/sandbox/index.js';
import { ORG, seedWith, TOKEN } from './fixtures.js';

const n = Number(process.argv[2] ?? 0);
const path = `/organization/${ORG}/alert-rules`;
const sandbox = await startSandbox({ seed: seedWith(n), rateLimit: false });
const answer = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Token ${TOKEN}` } });
if (answer.status !== 200) throw new Error(`the sandbox answered ${answer.status} to the rule list`);
const body = Buffer.from(await answer.arrayBuffer());
await sandbox.close();

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const known = request.url === path && request.headers.authorization === `Token ${TOKEN}`;
    if (!known) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, bytes: body.length }));
});
process.stdin.resume();
process.stdin.on('end', () => server.close(() => process.exit(0)));
