import type { IncomingHttpHeaders } from 'node:http';
import type { RateLimitStatus } from './types.js';

/**
 * Reading the service's rate-limit headers. All are optional: a header that is absent or malformed is
 * simply not known, never an error.
 */

/** Values below this cannot be a Unix time of this century: such an X-RateLimit-Reset is read as seconds from now. */
const EPOCH_SECONDS_FLOOR = 1_000_000_000;

export function readRateLimit(headers: IncomingHttpHeaders, nowMs: number): RateLimitStatus {
  const limit = nonNegativeInteger(header(headers, 'x-ratelimit-limit'));
  const remaining = nonNegativeInteger(header(headers, 'x-ratelimit-remaining'));
  const resetAt = resetTime(header(headers, 'x-ratelimit-reset'), nowMs);
  return {
    ...(limit !== undefined ? { limit } : {}),
    ...(remaining !== undefined ? { remaining } : {}),
    ...(resetAt !== undefined ? { resetAt } : {}),
  };
}

/**
 * How long a 429 asks us to wait: Retry-After (delta seconds or an HTTP date) first, then
 * X-RateLimit-Reset. Null when the answer says neither.
 */
export function rateLimitWaitMs(headers: IncomingHttpHeaders, nowMs: number): number | null {
  const retryAfter = retryAfterMs(headers, nowMs);
  if (retryAfter !== null) return retryAfter;
  const resetAt = resetTime(header(headers, 'x-ratelimit-reset'), nowMs);
  return resetAt === undefined ? null : Math.max(0, resetAt - nowMs);
}

/** Retry-After alone, as delta seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(headers: IncomingHttpHeaders, nowMs: number): number | null {
  const retryAfter = header(headers, 'retry-after');
  if (retryAfter === undefined) return null;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

function resetTime(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined || !/^\d+(\.\d+)?$/.test(value)) return undefined;
  const seconds = Number(value);
  return seconds < EPOCH_SECONDS_FLOOR ? nowMs + seconds * 1000 : seconds * 1000;
}

function nonNegativeInteger(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}
