import type { Clock } from '../../../src/core/clock.js';

/** A clock that moves only when a test says so; sleeps resolve at once (the sandbox never waits for real). */
export class ManualClock implements Clock {
  constructor(private current = Date.UTC(2026, 10, 20, 12, 0, 0)) {}
  now(): number {
    return this.current;
  }
  async sleep(ms: number): Promise<void> {
    this.current += Math.max(0, ms);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
