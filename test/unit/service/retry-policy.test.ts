import { describe, expect, it } from 'vitest';
import {
  type AttemptFailure,
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  decideRetry,
  type RetryState,
} from '../../../src/service/retry-policy.js';

const policy = DEFAULT_RETRY_POLICY;
const first: RetryState = { attempt: 1, elapsedMs: 0, rateLimitWaitedMs: 0 };
const half = () => 0.5;
const status = (code: number, requestedWaitMs: number | null = null): AttemptFailure => ({
  kind: 'status',
  status: code,
  requestedWaitMs,
});

describe('decideRetry', () => {
  it.each([500, 502, 503, 504, 408])('retries an idempotent request on %s', (code) => {
    expect(decideRetry(policy, 'idempotent', status(code), first, half)).toEqual({
      retry: true,
      delayMs: 375,
      rateLimited: false,
    });
  });

  it.each([400, 401, 403, 404, 409, 422])('never retries %s', (code) => {
    expect(decideRetry(policy, 'idempotent', status(code), first, half)).toEqual({
      retry: false,
      reason: 'not-retryable',
    });
    expect(decideRetry(policy, 'create', status(code), first, half)).toEqual({
      retry: false,
      reason: 'not-retryable',
    });
  });

  it('does not repeat 501 or 505: the service will not learn the method or version', () => {
    expect(decideRetry(policy, 'idempotent', status(501), first, half)).toMatchObject({ retry: false });
  });

  it('retries idempotent requests on timeouts and resets, sent or not', () => {
    for (const kind of ['timeout', 'network'] as const) {
      for (const sent of [true, false]) {
        expect(decideRetry(policy, 'idempotent', { kind, sent }, first, half)).toMatchObject({ retry: true });
      }
    }
  });

  it('never repeats a create that may have reached the service', () => {
    for (const failure of [
      status(500),
      status(503),
      { kind: 'network', sent: true },
      { kind: 'timeout', sent: true },
    ] as const) {
      expect(decideRetry(policy, 'create', failure, first, half)).toEqual({
        retry: false,
        reason: 'may-have-been-created',
      });
    }
  });

  it('repeats a create that failed before a connection existed', () => {
    expect(decideRetry(policy, 'create', { kind: 'network', sent: false }, first, half)).toMatchObject({
      retry: true,
    });
    expect(decideRetry(policy, 'create', { kind: 'timeout', sent: false }, first, half)).toMatchObject({
      retry: true,
    });
  });

  it('does not repeat what repeating cannot help: a proxy that refused its credentials', () => {
    const refused = { kind: 'network', sent: false, repeatable: false } as const;
    for (const safety of ['idempotent', 'create'] as const) {
      expect(decideRetry(policy, safety, refused, first, half)).toEqual({
        retry: false,
        reason: 'not-retryable',
      });
    }
  });

  it('repeats even a create after a 429, waiting what the service asked', () => {
    expect(decideRetry(policy, 'create', status(429, 12_000), first, half)).toEqual({
      retry: true,
      delayMs: 12_000,
      rateLimited: true,
    });
  });

  it('backs off on a 429 that says nothing about when to come back', () => {
    expect(decideRetry(policy, 'idempotent', status(429), first, half)).toEqual({
      retry: true,
      delayMs: 375,
      rateLimited: true,
    });
  });

  it('refuses to wait longer than the rate-limit bound in total', () => {
    expect(decideRetry(policy, 'idempotent', status(429, 60_001), first, half)).toEqual({
      retry: false,
      reason: 'rate-limit-wait-too-long',
    });
    const waited = { ...first, rateLimitWaitedMs: 50_000 };
    expect(decideRetry(policy, 'idempotent', status(429, 10_001), waited, half)).toMatchObject({
      retry: false,
    });
    expect(decideRetry(policy, 'idempotent', status(429, 10_000), waited, half)).toMatchObject({
      retry: true,
    });
  });

  it("honours a 503's Retry-After when longer than the backoff, within the total time bound", () => {
    expect(decideRetry(policy, 'idempotent', status(503, 5000), first, half)).toEqual({
      retry: true,
      delayMs: 5000,
      rateLimited: false,
    });
    expect(decideRetry(policy, 'idempotent', status(503, 100), first, half)).toMatchObject({ delayMs: 375 });
    expect(decideRetry(policy, 'idempotent', status(503, 3_600_000), first, half)).toEqual({
      retry: false,
      reason: 'time-exhausted',
    });
    expect(decideRetry(policy, 'create', status(503, 5000), first, half)).toMatchObject({ retry: false });
  });

  it('stops after maxAttempts', () => {
    const last = { ...first, attempt: policy.maxAttempts };
    expect(decideRetry(policy, 'idempotent', status(503), last, half)).toEqual({
      retry: false,
      reason: 'attempts-exhausted',
    });
    expect(decideRetry(policy, 'idempotent', status(429, 1000), last, half)).toEqual({
      retry: false,
      reason: 'attempts-exhausted',
    });
  });

  it('starts no retry after the total time bound', () => {
    const late = { ...first, attempt: 2, elapsedMs: policy.maxElapsedMs - 100 };
    expect(decideRetry(policy, 'idempotent', status(503), late, half)).toEqual({
      retry: false,
      reason: 'time-exhausted',
    });
  });
});

describe('backoffDelay', () => {
  it('doubles per attempt, jittered between half and all of the step, and is capped', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(policy, n, () => 0))).toEqual([
      250, 500, 1000, 2000, 4000, 4000,
    ]);
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(policy, n, () => 0.999999))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
  });

  it('clamps a jitter source that strays out of [0, 1]', () => {
    expect(backoffDelay(policy, 1, () => 7)).toBe(500);
    expect(backoffDelay(policy, 1, () => -1)).toBe(250);
  });
});
