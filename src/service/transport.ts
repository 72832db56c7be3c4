import type { Dispatcher } from 'undici';
import type { Clock } from '../core/clock.js';
import {
  answerTooLargeError,
  budgetExhaustedError,
  type FailureContext,
  httpError,
  invalidResponseError,
  transportError,
} from './api-errors.js';
import { NotJsonError } from './decode/json-list.js';
import type { OperationRequest } from './operation-request.js';
import type { RateLimitPacer } from './pacing.js';
import { rateLimitWaitMs, readRateLimit, retryAfterMs } from './rate-limit-headers.js';
import type { RequestCounter } from './request-counter.js';
import { type AttemptFailure, decideRetry, type GiveUpReason, type RetryPolicy } from './retry-policy.js';
import { ATTEMPT_TOO_SLOW, classifyTransportError } from './transport-failure.js';

/**
 * Sends one operation's request: pacing, the attempt loop the retry policy drives, counting, and the
 * mapping of every failure to an ApiError. The only place that touches the dispatcher.
 */
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

export interface Answer {
  readonly status: number;
  /** The body as the request's reader made it (parsed JSON by default); undefined when it was empty (204). */
  readonly body: unknown;
}

/**
 * Makes a successful answer's body (never empty) into what the decoder reads; throws NotJsonError when it
 * is not JSON. The default parses it whole; a long list can be read item by item (decode/json-list.ts).
 */
export type BodyReader = (bytes: Buffer) => unknown;

const parseWhole: BodyReader = (bytes) => {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new NotJsonError('the body is not JSON');
  }
};

type AttemptResult =
  | { readonly ok: true; readonly status: number; readonly bytes: Buffer }
  | { readonly ok: false; readonly failure: AttemptFailure; readonly error: (ctx: FailureContext) => Error };

export async function send(
  baseConfig: TransportConfig,
  request: OperationRequest,
  read: BodyReader = parseWhole,
): Promise<Answer> {
  const config = boundedBy(baseConfig, request.deadlineMs);
  const { clock, policy, pacer } = config;
  const startedAt = clock.now();
  let attempt = 0;
  let rateLimitWaitedMs = 0;
  // An earlier attempt reached the service but its answer never came (or was a 5xx): it may have run.
  let mayHaveRun = false;
  for (;;) {
    rateLimitWaitedMs += await waitForBudget(config, request, rateLimitWaitedMs);
    attempt += 1;
    config.counter.count(request.operation);
    pacer.noteSent();
    const result = await attemptOnce(config, request, attemptMs(config, request, clock.now() - startedAt));
    if (result.ok || result.failure.kind === 'status') config.counter.answered();
    if (result.ok) return { status: result.status, body: readBody(request, result, read) };
    // A DELETE whose earlier attempt may have run and whose retry finds nothing has done its job.
    if (mayHaveRun && isNotFoundDelete(request, result.failure)) return { status: 204, body: undefined };
    mayHaveRun ||= reachedService(result.failure);
    const state = { attempt, elapsedMs: clock.now() - startedAt, rateLimitWaitedMs };
    const decision = decideRetry(policy, request.safety, result.failure, state, config.random);
    if (!decision.retry) throw result.error(failureContext(config, attempt, decision.reason));
    await clock.sleep(decision.delayMs);
    if (decision.rateLimited) {
      rateLimitWaitedMs += decision.delayMs;
      pacer.windowReset();
    }
  }
}

/**
 * The client's timeouts and retry bounds, shortened to a request's own deadline: no attempt, and no
 * retry, outlasts it. A request without one keeps the client's.
 */
function boundedBy(config: TransportConfig, deadlineMs: number | undefined): TransportConfig {
  if (deadlineMs === undefined) return config;
  const bound = Math.max(1, Math.floor(deadlineMs));
  const { timeouts, policy } = config;
  return {
    ...config,
    timeouts: {
      connectMs: Math.min(timeouts.connectMs, bound),
      headersMs: Math.min(timeouts.headersMs, bound),
      bodyMs: Math.min(timeouts.bodyMs, bound),
      totalMs: Math.min(totalMs(timeouts), bound),
    },
    policy: {
      ...policy,
      maxElapsedMs: Math.min(policy.maxElapsedMs, bound),
      maxRateLimitWaitMs: Math.min(policy.maxRateLimitWaitMs, bound),
    },
  };
}

/** How long the next attempt may take: its bound, or what is left of the request's deadline if less. */
function attemptMs(config: TransportConfig, request: OperationRequest, elapsedMs: number): number {
  const whole = totalMs(config.timeouts);
  if (request.deadlineMs === undefined) return whole;
  return Math.max(1, Math.min(whole, request.deadlineMs - elapsedMs));
}

/** A DELETE of one object (a rule, a receiver) answered 404 after an attempt that may have run: it is gone. */
function isNotFoundDelete(request: OperationRequest, failure: AttemptFailure): boolean {
  return request.method === 'DELETE' && failure.kind === 'status' && failure.status === 404;
}

function reachedService(failure: AttemptFailure): boolean {
  return failure.kind === 'status' ? failure.status >= 500 : failure.sent;
}

/** Holds a request while the known budget is used up and its reset is near; refuses when it is not. */
async function waitForBudget(
  config: TransportConfig,
  request: OperationRequest,
  waitedMs: number,
): Promise<number> {
  const waitMs = config.pacer.waitBeforeSend();
  if (waitMs === null || waitMs === 0) return 0;
  if (waitedMs + waitMs > config.policy.maxRateLimitWaitMs) {
    throw budgetExhaustedError(request, config.pacer.status(), config.clock.now());
  }
  await config.clock.sleep(waitMs);
  config.pacer.windowReset();
  return waitMs;
}

async function attemptOnce(
  config: TransportConfig,
  request: OperationRequest,
  limitMs: number,
): Promise<AttemptResult> {
  let response: Dispatcher.ResponseData;
  let bytes: Buffer;
  // Real time, like undici's own timeouts: the injected clock paces retries, not the wire.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new AttemptTooSlowError()), limitMs);
  timer.unref?.();
  try {
    response = await config.dispatcher.request({
      ...dispatchOptions(config, request),
      signal: deadline.signal,
    });
    config.pacer.observe(readRateLimit(response.headers, config.clock.now()));
    config.onHeaders?.(request, response.headers);
    const declared = declaredLength(response.headers);
    bytes = await readBytes(response.body, response.statusCode, config.maxAnswerBytes, declared);
    await connectionReturned();
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      config.counter.answered();
      throw answerTooLargeError(request, error.status, error.limit);
    }
    const failure = classifyTransportError(error);
    return { ok: false, failure, error: (ctx) => transportError(request, failure, ctx, error) };
  } finally {
    clearTimeout(timer);
  }
  const status = response.statusCode;
  if (status >= 200 && status < 300) return { ok: true, status, bytes };
  const text = bytes.toString('utf8');
  if (status !== 429) {
    return {
      ok: false,
      failure: {
        kind: 'status',
        status,
        requestedWaitMs: retryAfterMs(response.headers, config.clock.now()),
      },
      error: (ctx) => httpError(request, status, text, ctx),
    };
  }
  // A 429 says itself when the budget comes back: its own headers, not older figures, name the reset.
  const answeredAt = config.clock.now();
  const waitMs = rateLimitWaitMs(response.headers, answeredAt);
  const limits = readRateLimit(response.headers, answeredAt);
  const rateLimit = waitMs === null ? limits : { ...limits, resetAt: answeredAt + waitMs };
  return {
    ok: false,
    failure: { kind: 'status', status, requestedWaitMs: waitMs },
    error: (ctx) => httpError(request, status, text, { ...ctx, rateLimit }),
  };
}

function dispatchOptions(config: TransportConfig, request: OperationRequest): Dispatcher.RequestOptions {
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const headers: Record<string, string> = {
    authorization: config.authorization,
    accept: 'application/json',
    'user-agent': config.userAgent,
  };
  const options: Dispatcher.RequestOptions = {
    origin: config.baseUrl.origin,
    path: `${config.baseUrl.pathname.replace(/\/$/, '')}${request.path}${query}`,
    method: request.method,
    headers,
    headersTimeout: config.timeouts.headersMs,
    bodyTimeout: config.timeouts.bodyMs,
  };
  if (request.body === undefined) return options;
  headers['content-type'] = 'application/json';
  return { ...options, body: JSON.stringify(request.body) };
}

/**
 * undici checks an idle keep-alive socket in the event loop's check phase before lending it again; a
 * request dispatched before that finds the connection busy and opens another one (a new TCP and TLS
 * handshake). One turn of the loop lets sequential requests share one connection.
 */
function connectionReturned(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * undici checks its own timeouts on a coarse tick (up to about a second late): the default bound leaves
 * them room, so a service that merely stalls is still reported by the phase that stalled.
 */
const UNDICI_TICK_MARGIN_MS = 2_000;

export function totalMs(timeouts: Timeouts): number {
  return timeouts.totalMs ?? timeouts.headersMs + timeouts.bodyMs + UNDICI_TICK_MARGIN_MS;
}

/** The abort reason when an attempt outlives `totalMs`; its code tells the failure apart. */
class AttemptTooSlowError extends Error {
  readonly code = ATTEMPT_TOO_SLOW;
  constructor() {
    super('the whole answer did not arrive in time');
  }
}

class BodyTooLargeError extends Error {
  constructor(
    readonly status: number,
    readonly limit: number,
  ) {
    super(`the body is larger than ${limit} bytes`);
  }
}

/**
 * The answer's bytes, refused past `limit`. With a declared length they are copied into one buffer as they
 * come: chunks kept and then joined would hold a long answer twice at the end (a rule list of 100 000
 * rules is about 81 MB). A body that turns out longer than declared is kept in chunks from there on.
 */
async function readBytes(
  body: Dispatcher.ResponseData['body'],
  status: number,
  limit: number,
  declared: number | null,
): Promise<Buffer> {
  let whole = declared !== null && declared > 0 && declared <= limit ? Buffer.allocUnsafe(declared) : null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    if (size + buffer.length > limit) {
      body.destroy();
      throw new BodyTooLargeError(status, limit);
    }
    if (whole !== null && size + buffer.length <= whole.length) {
      whole.set(buffer, size);
    } else {
      if (whole !== null) chunks.push(whole.subarray(0, size));
      whole = null;
      chunks.push(buffer);
    }
    size += buffer.length;
  }
  // Only the bytes written: a body shorter than declared leaves the rest of the buffer unused.
  if (whole !== null) return whole.subarray(0, size);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/** The Content-Length of an answer, when it is one whole number. */
function declaredLength(headers: Dispatcher.ResponseData['headers']): number | null {
  const value = headers['content-length'];
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

function readBody(
  request: OperationRequest,
  result: { readonly status: number; readonly bytes: Buffer },
  read: BodyReader,
): unknown {
  if (isBlank(result.bytes)) return undefined;
  try {
    return read(result.bytes);
  } catch (error) {
    if (error instanceof NotJsonError) throw invalidResponseError(request, result.status, error.message);
    throw error;
  }
}

/** Nothing but whitespace (as String#trim sees it), without decoding a long body. */
function isBlank(bytes: Buffer): boolean {
  let i = 0;
  while (i < bytes.length && ASCII_SPACE.includes(bytes[i]!)) i++;
  if (i === bytes.length) return true;
  // Past ASCII, trim also removes Unicode spaces (a no-break space, say): decode only then.
  return bytes[i]! >= 0x80 && bytes.toString('utf8', i).trim() === '';
}

/** What String#trim removes among ASCII bytes: tab, line feed, vertical tab, form feed, carriage return, space. */
const ASCII_SPACE: readonly number[] = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20];

function failureContext(config: TransportConfig, attempts: number, reason: GiveUpReason): FailureContext {
  return {
    attempts,
    reason,
    rateLimit: config.pacer.status(),
    nowMs: config.clock.now(),
    redact: config.redact,
    address: `${config.baseUrl.origin}${config.baseUrl.pathname.replace(/\/$/, '')}`,
    timeoutMs: (phase) =>
      phase === 'connect'
        ? config.timeouts.connectMs
        : phase === 'headers'
          ? config.timeouts.headersMs
          : phase === 'body'
            ? config.timeouts.bodyMs
            : totalMs(config.timeouts),
  };
}
