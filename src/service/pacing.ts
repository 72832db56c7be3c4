import type { Clock } from '../core/clock.js';
import type { RateLimitStatus } from './types.js';

/**
 * What the client knows of the token's request budget, from the X-RateLimit-* headers of every answer,
 * lowered by one for every request sent since (answers to requests in flight may still report the
 * older figure). Knowledge expires with its window: after the reset the budget is unknown again.
 */
export class RateLimitPacer {
  readonly #clock: Clock;
  #limit: number | undefined;
  #remaining: number | undefined;
  #resetAt: number | undefined;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Takes in the figures of one answer. Within one window the lowest remaining count wins. */
  observe(status: RateLimitStatus): void {
    if (status.limit !== undefined) this.#limit = status.limit;
    if (status.remaining === undefined) return;
    const sameWindow = status.resetAt === undefined || status.resetAt === this.#resetAt;
    if (sameWindow && this.#remaining !== undefined) {
      this.#remaining = Math.min(this.#remaining, status.remaining);
    } else {
      this.#remaining = status.remaining;
    }
    if (status.resetAt !== undefined) this.#resetAt = status.resetAt;
  }

  noteSent(): void {
    if (this.#remaining !== undefined) this.#remaining = Math.max(0, this.#remaining - 1);
  }

  status(): RateLimitStatus {
    this.#expire();
    return {
      ...(this.#limit !== undefined ? { limit: this.#limit } : {}),
      ...(this.#remaining !== undefined ? { remaining: this.#remaining } : {}),
      ...(this.#resetAt !== undefined ? { resetAt: this.#resetAt } : {}),
    };
  }

  /**
   * How long to hold the next request: 0 when budget is left or unknown; the time until the reset when
   * the budget is used up and the reset time is known. Null when the budget is used up and the reset is
   * unknown (the service will answer 429 and say how long to wait).
   */
  waitBeforeSend(): number | null {
    this.#expire();
    if (this.#remaining === undefined || this.#remaining > 0) return 0;
    if (this.#resetAt === undefined) return null;
    return Math.max(0, this.#resetAt - this.#clock.now());
  }

  /** Called after waiting for the reset: the new window's budget is unknown until the next answer. */
  windowReset(): void {
    this.#remaining = undefined;
  }

  #expire(): void {
    if (this.#resetAt !== undefined && this.#resetAt <= this.#clock.now()) {
      this.#remaining = undefined;
      this.#resetAt = undefined;
    }
  }
}
