/**
 * The control for the apply bench: N PUTs, `concurrency` at a time, with undici's own request() and one
 * keep-alive Agent (the library under the service client, nothing of ours) against the bare loopback
 * server of the same latency. What the machine allows with the leanest client.
 *   node apply-bare.js [N] [latencyMs] [concurrency]
 */
import { Agent, request } from 'undici';
import { rule } from './fixtures.js';
import { cpuMeter, serverProcess } from './server-process.js';

const n = Number(process.argv[2] ?? 500);
const latencyMs = Number(process.argv[3] ?? 50);
const concurrency = Number(process.argv[4] ?? 4);

const server = await serverProcess('bare-server.js', [String(latencyMs)]);
const dispatcher = new Agent();
try {
  const body = JSON.stringify({ ...rule(0), severity: 'CRITICAL' });
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const response = await request(`${server.url}/alert-rules/${i}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body,
        dispatcher,
      });
      if (response.statusCode !== 200) throw new Error(`write ${i}: HTTP ${response.statusCode}`);
      await response.body.json();
    }
  };
  const cpu = await cpuMeter(server);
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const writesMs = performance.now() - started;
  const { clientCpuMs, serverCpuMs } = await cpu.used();
  console.log(
    JSON.stringify({
      bench: 'apply-bare',
      writes: n,
      latencyMs,
      concurrency,
      writesMs: Math.round(writesMs),
      idealMs: Math.round((n * latencyMs) / concurrency),
      clientCpuMsPerWrite: clientCpuMs / n,
      serverCpuMsPerWrite: serverCpuMs / n,
    }),
  );
} finally {
  await dispatcher.close();
  server.stop();
}
