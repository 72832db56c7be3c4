/**
 * Starts a bench server script (built next to this one) in its own process; it prints {"url": …} first,
 * with whatever else a client needs to know (a token, say). See server-control.ts for its side.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ownCpuMs } from './server-control.js';

export async function serverProcess<Announced extends object = object>(
  script: string,
  args: readonly string[],
) {
  // BENCH_SERVER_PROFILE=DIR writes a CPU profile of the server there, to see where its time per request goes.
  const profile = process.env.BENCH_SERVER_PROFILE;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const server = spawn(
    process.execPath,
    [...flags, join(dirname(fileURLToPath(import.meta.url)), script), ...args],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse((await lines.next()).value as string) as Record<string, unknown>;
  const announced = (await next()) as { url: string } & Announced;
  return {
    ...announced,
    /** The CPU time (user and system) the server process has used so far. */
    cpuMs: async (): Promise<number> => {
      server.stdin.write('cpu\n');
      return (await next()).cpuMs as number;
    },
    // The server stops when its stdin closes.
    stop: () => server.stdin.end(),
  };
}

/** Starts counting the CPU time this process and the server use; `used()` says how much since. */
export async function cpuMeter(server: { cpuMs(): Promise<number> }) {
  const client = ownCpuMs();
  const atServer = await server.cpuMs();
  return {
    used: async () => ({ clientCpuMs: ownCpuMs() - client, serverCpuMs: (await server.cpuMs()) - atServer }),
  };
}
