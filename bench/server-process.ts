/** Starts a bench server script (built next to this one) in its own process; it prints {"url": …} first. */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export async function serverProcess(script: string, args: readonly string[]) {
  const server = spawn(process.execPath, [join(dirname(fileURLToPath(import.meta.url)), script), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const first = await createInterface({ input: server.stdout })[Symbol.asyncIterator]().next();
  const { url } = JSON.parse(first.value as string) as { url: string };
  // The server stops when its stdin closes.
  return { url, stop: () => server.stdin.end() };
}
