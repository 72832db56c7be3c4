/**
 * The client's retry policy, in one place. Everything else asks `decideRetry` and does what it says.
 *
 * - GET, PUT, DELETE and the read-only resolve POST are idempotent: retried on 5xx (but not 501/505),
 *   timeouts and connection resets, with jittered exponential backoff, at most `maxAttempts` attempts and
 *   no retry starting after `maxElapsedMs`.
 * - createAlertRule's POST is not idempotent: once it may have reached the service (any answer of 5xx, a
 *   reset or a timeout after the request was sent) it is never repeated, because a repeat could create a
 *   duplicate rule. A failure before the connection existed (refused, DNS, connect timeout) is safe to retry.
 * - 400, 401, 403, 404 (and every other 4xx but 408 and 429) are answers about the request itself: never retried.
 * - 429 was refused before any processing, so even a create is repeated: after Retry-After or
 *   X-RateLimit-Reset when given and still ahead (at most `maxRateLimitWaitMs` in total for one request),
 *   else after backoff.
 * - A Retry-After on a retried 5xx (a 503 during maintenance) lengthens the backoff, within `maxElapsedMs`.
 */

/** Whether repeating a request can change the outcome on the service. */
export type RequestSafety = 'idempotent' | 'create';

export interface RetryPolicy {
  /** Attempts per request, the first included. */
  readonly maxAttempts: number;
  /** First backoff delay; doubled per attempt, then jittered between half and all of it. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /**
   * No retry starts later than this after the first attempt began, time spent in attempts included: with
   * the 30 s header timeout, a service that never answers costs at most three attempts.
   */
  readonly maxElapsedMs: number;
  /** Total waiting for the service's rate limit (429 and pacing) for one request. */
  readonly maxRateLimitWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxElapsedMs: 90_000,
  maxRateLimitWaitMs: 60_000,
});

/** How one attempt failed, as far as the policy cares. */
export type AttemptFailure =
  | {
      readonly kind: 'status';
      readonly status: number;
      /**
       * The wait the service asked for, null when it gave none: for 429 from Retry-After or
       * X-RateLimit-Reset, for other answers (a 503 during maintenance) from Retry-After.
       */
      readonly requestedWaitMs: number | null;
    }
  | {
      readonly kind: 'timeout' | 'network';
      readonly sent: boolean;
      /** False when repeating cannot help (a proxy that refused its credentials). */
      readonly repeatable?: false;
    };

export interface RetryState {
  /** Attempts made so far, the failed one included (1 after the first). */
  readonly attempt: number;
  /** Time since the first attempt started. */
  readonly elapsedMs: number;
  /** Time already spent waiting for the rate limit for this request. */
  readonly rateLimitWaitedMs: number;
}

export type GiveUpReason =
  | 'not-retryable'
  | 'may-have-been-created'
  | 'attempts-exhausted'
  | 'time-exhausted'
  | 'rate-limit-wait-too-long';

export type RetryDecision =
  | { readonly retry: true; readonly delayMs: number; readonly rateLimited: boolean }
  | { readonly retry: false; readonly reason: GiveUpReason };

const NOT_WORTH_REPEATING_5XX = new Set([501, 505]);

export function decideRetry(
  policy: RetryPolicy,
  safety: RequestSafety,
  failure: AttemptFailure,
  state: RetryState,
  random: () => number,
): RetryDecision {
  if (failure.kind === 'status' && failure.status === 429)
    return decideRateLimited(policy, failure, state, random);
  if (!isRetryable(failure)) return { retry: false, reason: 'not-retryable' };
  if (safety === 'create' && mayHaveReachedService(failure))
    return { retry: false, reason: 'may-have-been-created' };
  const requested = failure.kind === 'status' ? failure.requestedWaitMs : null;
  return backoffRetry(policy, state, random, false, requested);
}

function decideRateLimited(
  policy: RetryPolicy,
  failure: { readonly requestedWaitMs: number | null },
  state: RetryState,
  random: () => number,
): RetryDecision {
  // "Now" (a reset already past, a Retry-After date behind our clock) would repeat at once, in a burst
  // against a limit still in force: such an answer names no usable wait, so back off as for none.
  if (failure.requestedWaitMs === null || failure.requestedWaitMs <= 0) {
    return backoffRetry(policy, state, random, true);
  }
  if (state.attempt >= policy.maxAttempts) return { retry: false, reason: 'attempts-exhausted' };
  const delayMs = Math.max(0, Math.ceil(failure.requestedWaitMs));
  if (state.rateLimitWaitedMs + delayMs > policy.maxRateLimitWaitMs) {
    return { retry: false, reason: 'rate-limit-wait-too-long' };
  }
  return { retry: true, delayMs, rateLimited: true };
}

function backoffRetry(
  policy: RetryPolicy,
  state: RetryState,
  random: () => number,
  rateLimited: boolean,
  requestedWaitMs: number | null = null,
): RetryDecision {
  if (state.attempt >= policy.maxAttempts) return { retry: false, reason: 'attempts-exhausted' };
  // A Retry-After on a 5xx is honoured when longer than our backoff, within the same total time bound.
  const delayMs = Math.max(backoffDelay(policy, state.attempt, random), Math.ceil(requestedWaitMs ?? 0));
  if (state.elapsedMs + delayMs > policy.maxElapsedMs) return { retry: false, reason: 'time-exhausted' };
  return { retry: true, delayMs, rateLimited };
}

/** Exponential backoff with "equal jitter": between half and all of base·2^(attempt−1), capped. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const jitter = Math.min(1, Math.max(0, random()));
  return Math.round(ceiling / 2 + (jitter * ceiling) / 2);
}

function isRetryable(failure: AttemptFailure): boolean {
  if (failure.kind !== 'status') return failure.repeatable !== false;
  if (failure.status === 408) return true;
  return failure.status >= 500 && !NOT_WORTH_REPEATING_5XX.has(failure.status);
}

/** An HTTP answer, or a failure after the request was written, means the service may have acted on it. */
function mayHaveReachedService(failure: AttemptFailure): boolean {
  return failure.kind === 'status' || failure.sent;
}
