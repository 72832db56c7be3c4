/**
 * The server side of server-process.ts: a bench server announces itself with one JSON line, answers `cpu`
 * on stdin with the CPU time it has used (so that a bench can charge the server's work per request), and
 * stops when stdin closes.
 */
import { createInterface } from 'node:readline';

/** The CPU time (user and system) this process has used so far. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export function serveUntilStdinEnds(announce: Record<string, unknown>, close: () => Promise<void>): void {
  console.log(JSON.stringify(announce));
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line.trim() !== 'cpu') return;
    console.log(JSON.stringify({ cpuMs: ownCpuMs() }));
  });
  lines.on('close', () => {
    void close().then(() => process.exit(0));
  });
}
