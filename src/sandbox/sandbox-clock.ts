/**
 * The sandbox's time: injected, so that tests move it instead of sleeping (an `is_up_to_date` that turns
 * true, a rate-limit window that resets, a slow body). Its own copy of the shape src/core/clock.ts gives the
 * tool, which the sandbox does not import (docs/decisions/sandbox.md): a tool's clock fits it as it is.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` milliseconds, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, Math.max(0, ms));
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    }),
};
