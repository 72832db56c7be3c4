/**
 * The control for the apply bench: N PUTs with Node's own fetch, `concurrency` at a time, against a bare
 * loopback server of the same latency. What the machine allows, with none of the client's work.
 *   node apply-bare.js [N] [latencyMs] [concurrency]
 */
import { serverProcess } from './server-process.js';

const n = Number(process.argv[2] ?? 500);
const latencyMs = Number(process.argv[3] ?? 50);
const concurrency = Number(process.argv[4] ?? 4);

const { url, stop } = await serverProcess('bare-server.js', [String(latencyMs)]);
try {
  const body = JSON.stringify({ name: 'rule', severity: 'CRITICAL' });
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const response = await fetch(`${url}/alert-rules/${i}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (!response.ok) throw new Error(`write ${i}: HTTP ${response.status}`);
      await response.json();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const writesMs = performance.now() - started;
  console.log(
    JSON.stringify({
      bench: 'apply-bare',
      writes: n,
      latencyMs,
      concurrency,
      writesMs: Math.round(writesMs),
      idealMs: Math.round((n * latencyMs) / concurrency),
    }),
  );
} finally {
  stop();
}
