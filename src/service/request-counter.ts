import type { OperationId, RequestCounts } from './types.js';

/**
 * Every attempt, retries included, by operation: each one that reaches the service spends the token's
 * hourly budget. Attempts that got no answer (a refused connection, a timeout) are counted apart, so that
 * a run never says it made requests to a service that none of them reached.
 */
export class RequestCounter {
  readonly #byOperation = new Map<OperationId, number>();
  #total = 0;
  #answered = 0;

  count(operation: OperationId): void {
    this.#byOperation.set(operation, (this.#byOperation.get(operation) ?? 0) + 1);
    this.#total += 1;
  }

  /** The service answered the last attempt (with any status). */
  answered(): void {
    this.#answered += 1;
  }

  snapshot(): RequestCounts {
    const unanswered = this.#total - this.#answered;
    return {
      total: this.#total,
      byOperation: Object.fromEntries(this.#byOperation),
      ...(unanswered > 0 ? { unanswered } : {}),
    };
  }
}
