import { describe, expect, it } from 'vitest';
import { RateLimitPacer } from '../../../src/service/pacing.js';
import { rateLimitWaitMs, readRateLimit } from '../../../src/service/rate-limit-headers.js';
import { FakeClock } from '../../helpers/fake-clock.js';

const NOW = Date.UTC(2026, 10, 21, 2, 0, 0);
const NOW_S = NOW / 1000;

describe('readRateLimit', () => {
  it('reads the three headers, reset as Unix seconds', () => {
    const headers = {
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': '17',
      'x-ratelimit-reset': `${NOW_S + 90}`,
    };
    expect(readRateLimit(headers, NOW)).toEqual({ limit: 1000, remaining: 17, resetAt: NOW + 90_000 });
  });

  it('treats absent or malformed headers as unknown', () => {
    expect(readRateLimit({}, NOW)).toEqual({});
    expect(readRateLimit({ 'x-ratelimit-remaining': 'many', 'x-ratelimit-limit': '-1' }, NOW)).toEqual({});
  });

  it('reads a small reset value as seconds from now', () => {
    expect(readRateLimit({ 'x-ratelimit-reset': '30' }, NOW)).toEqual({ resetAt: NOW + 30_000 });
  });
});

describe('rateLimitWaitMs', () => {
  it('takes Retry-After in seconds', () => {
    expect(rateLimitWaitMs({ 'retry-after': '7' }, NOW)).toBe(7000);
  });

  it('takes Retry-After as an HTTP date', () => {
    const date = new Date(NOW + 42_000).toUTCString();
    expect(rateLimitWaitMs({ 'retry-after': date }, NOW)).toBe(42_000);
    expect(rateLimitWaitMs({ 'retry-after': new Date(NOW - 5000).toUTCString() }, NOW)).toBe(0);
  });

  it('prefers Retry-After to X-RateLimit-Reset, and falls back to it', () => {
    const reset = { 'x-ratelimit-reset': `${NOW_S + 20}` };
    expect(rateLimitWaitMs({ ...reset, 'retry-after': '3' }, NOW)).toBe(3000);
    expect(rateLimitWaitMs(reset, NOW)).toBe(20_000);
    expect(rateLimitWaitMs({ ...reset, 'retry-after': 'soon' }, NOW)).toBe(20_000);
  });

  it('is null when the answer says neither', () => {
    expect(rateLimitWaitMs({}, NOW)).toBeNull();
  });
});

describe('RateLimitPacer', () => {
  it('knows nothing until an answer says something', () => {
    const pacer = new RateLimitPacer(new FakeClock(NOW));
    expect(pacer.status()).toEqual({});
    expect(pacer.waitBeforeSend()).toBe(0);
  });

  it('counts requests sent since the last answer, and keeps the lowest figure of a window', () => {
    const pacer = new RateLimitPacer(new FakeClock(NOW));
    pacer.observe({ limit: 1000, remaining: 10, resetAt: NOW + 60_000 });
    pacer.noteSent();
    pacer.noteSent();
    expect(pacer.status().remaining).toBe(8);
    // An answer to a request sent earlier reports a higher figure: it does not raise the count.
    pacer.observe({ remaining: 9, resetAt: NOW + 60_000 });
    expect(pacer.status().remaining).toBe(8);
    // A new window replaces it.
    pacer.observe({ remaining: 999, resetAt: NOW + 3_660_000 });
    expect(pacer.status()).toEqual({ limit: 1000, remaining: 999, resetAt: NOW + 3_660_000 });
  });

  it('asks to wait for the reset when the budget is used up', () => {
    const clock = new FakeClock(NOW);
    const pacer = new RateLimitPacer(clock);
    pacer.observe({ remaining: 0, resetAt: NOW + 15_000 });
    expect(pacer.waitBeforeSend()).toBe(15_000);
    clock.advance(15_000);
    expect(pacer.waitBeforeSend()).toBe(0);
    expect(pacer.status()).toEqual({});
  });

  it('cannot say how long when the reset is unknown', () => {
    const pacer = new RateLimitPacer(new FakeClock(NOW));
    pacer.observe({ remaining: 0 });
    expect(pacer.waitBeforeSend()).toBeNull();
  });
});
