import type { Clock } from '../../src/core/clock.js';

/**
 * A clock for tests of retries, rate-limit waits and pacing: `sleep` resolves at once and moves `now()`
 * forward by the time asked, and every sleep is recorded so a test can assert the exact waits.
 */
export class FakeClock implements Clock {
  #now: number;
  readonly sleeps: number[] = [];

  /** Starts at a fixed instant (2026-11-21T02:00:00Z) so that dates in messages are stable. */
  constructor(start: number = Date.UTC(2026, 10, 21, 2, 0, 0)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    const wait = Math.max(0, ms);
    this.sleeps.push(wait);
    this.#now += wait;
  }

  /** Moves time forward without a sleep (time passing between a test's steps). */
  advance(ms: number): void {
    this.#now += ms;
  }

  /** Total time slept. */
  get slept(): number {
    return this.sleeps.reduce((sum, ms) => sum + ms, 0);
  }
}
