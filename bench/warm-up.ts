/**
 * Runs a bench server's request path before it is measured. The service a bench server stands for is a
 * long-running process whose code the JavaScript engine compiled long ago; a fresh Node process spends its
 * first thousands of requests compiling hot code (the sandbox about 1 ms of CPU per write over its first
 * 500, most of it optimizing the PromQL grammar and checker), which no client of the service pays.
 * The client under measurement is never warmed: every run of the action starts a new process.
 */
import { Agent, request } from 'undici';
import { mapWithConcurrency } from '../src/core/concurrency.js';

/** Warm-up writes, enough for a server's CPU per write to settle (it stops falling after about 2000). */
export const WARM_UP_WRITES = 2500;

export interface WarmUpWrite {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Sends `writes` PUTs, 16 at a time, each of which must be answered 200. */
export async function warmUp(url: string, writes: number, write: (i: number) => WarmUpWrite): Promise<void> {
  const dispatcher = new Agent();
  try {
    await mapWithConcurrency(
      Array.from({ length: writes }, (_, i) => write(i)),
      16,
      async ({ path, headers, body }) => {
        const response = await request(`${url}${path}`, { method: 'PUT', headers, body, dispatcher });
        const text = await response.body.text();
        if (response.statusCode !== 200)
          throw new Error(`warm-up PUT ${path}: HTTP ${response.statusCode} ${text}`);
      },
    );
  } finally {
    await dispatcher.close();
  }
}
