import type { Dispatcher } from 'undici';
import type { Clock } from '../core/clock.js';
import type { OperationRequest } from './operation-request.js';
import type { RateLimitPacer } from './pacing.js';
import type { RequestCounter } from './request-counter.js';
import type { RetryPolicy } from './retry-policy.js';

/** What the transport sends with: the address, the dispatcher, the policy, the bounds of an attempt. */
export interface TransportConfig {
  readonly baseUrl: URL;
  readonly dispatcher: Dispatcher;
  readonly authorization: string;
  readonly userAgent: string;
  readonly clock: Clock;
  readonly policy: RetryPolicy;
  readonly random: () => number;
  readonly timeouts: Timeouts;
  readonly pacer: RateLimitPacer;
  readonly counter: RequestCounter;
  readonly redact: (text: string) => string;
  /** Told of every answer's headers, to say once per operation that the service deprecates it. */
  readonly onHeaders?: (request: OperationRequest, headers: Dispatcher.ResponseData['headers']) => void;
  /** Answers larger than this are refused rather than buffered (src/service/answer-size.ts). */
  readonly maxAnswerBytes: number;
}

/** The bounds of one attempt, each checked on its own. */
export interface Timeouts {
  readonly connectMs: number;
  readonly headersMs: number;
  /** Longest pause between two parts of the body. */
  readonly bodyMs: number;
  /**
   * Longest a whole attempt may take, default headersMs + bodyMs and a margin: a body trickling a byte at
   * a time never trips bodyMs, and would otherwise hold the run for ever.
   */
  readonly totalMs?: number;
}

/**
 * undici checks its own timeouts on a coarse tick (up to about a second late): the default bound leaves
 * them room, so a service that merely stalls is still reported by the phase that stalled.
 */
const UNDICI_TICK_MARGIN_MS = 2_000;

export function totalMs(timeouts: Timeouts): number {
  return timeouts.totalMs ?? timeouts.headersMs + timeouts.bodyMs + UNDICI_TICK_MARGIN_MS;
}
