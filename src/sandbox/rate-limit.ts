import type { Clock } from './sandbox-clock.js';

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * A fixed window per credential, as the service describes its limit (1000 requests per hour per token).
 * The window starts with a credential's first request. Refused requests do not use up the budget.
 */
export class RateLimiter {
  readonly #windows = new Map<string, { resetAt: number; used: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly clock: Clock,
  ) {}

  take(credential: string): RateLimitDecision {
    const now = this.clock.now();
    let window = this.#windows.get(credential);
    if (!window || now >= window.resetAt) {
      window = { resetAt: now + this.windowMs, used: 0 };
      this.#windows.set(credential, window);
    }
    const allowed = window.used < this.limit;
    if (allowed) window.used += 1;
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(this.limit),
      'X-RateLimit-Remaining': String(this.limit - window.used),
      'X-RateLimit-Reset': String(Math.ceil(window.resetAt / 1000)),
    };
    if (!allowed) headers['Retry-After'] = String(Math.max(1, Math.ceil((window.resetAt - now) / 1000)));
    return { allowed, headers };
  }

  reset(): void {
    this.#windows.clear();
  }
}
