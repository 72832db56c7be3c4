import type { OperationId, RequestCounts } from './types.js';

/** Every attempt, retries included, by operation: each one spends the token's hourly budget. */
export class RequestCounter {
  readonly #byOperation = new Map<OperationId, number>();
  #total = 0;

  count(operation: OperationId): void {
    this.#byOperation.set(operation, (this.#byOperation.get(operation) ?? 0) + 1);
    this.#total += 1;
  }

  snapshot(): RequestCounts {
    return { total: this.#total, byOperation: Object.fromEntries(this.#byOperation) };
  }
}
