import type { OperationId } from '../service/types.js';
import type { RecordedRequest } from './types.js';

/** Every request the sandbox answered (or dropped), in arrival order of their answers. */
export class RequestLog {
  #entries: RecordedRequest[] = [];

  constructor(private readonly onRecord?: (entry: RecordedRequest) => void) {}

  get entries(): readonly RecordedRequest[] {
    return this.#entries;
  }

  record(entry: RecordedRequest): void {
    this.#entries.push(entry);
    this.onRecord?.(entry);
  }

  /** Requests for one operation, or all requests when none is named. */
  count(operation?: OperationId): number {
    if (operation === undefined) return this.#entries.length;
    return this.#entries.filter((e) => e.operation === operation).length;
  }

  reset(): void {
    this.#entries = [];
  }
}
