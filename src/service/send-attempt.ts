import type { Dispatcher } from 'undici';
import { BodyTooLargeError, declaredLength, readBytes } from './answer-bytes.js';
import { answerTooLargeError, type FailureContext, httpError, transportError } from './api-errors.js';
import type { OperationRequest } from './operation-request.js';
import { rateLimitWaitMs, readRateLimit, retryAfterMs } from './rate-limit-headers.js';
import type { AttemptFailure } from './retry-policy.js';
import type { TransportConfig } from './transport-config.js';
import { ATTEMPT_TOO_SLOW, classifyTransportError } from './transport-failure.js';

/**
 * One attempt of a request on the wire: dispatched, its answer read within the attempt's bound, and told
 * apart as a success, or as a failure the retry policy judges with the error to throw if it gives up.
 */

type AttemptResult =
  | { readonly ok: true; readonly status: number; readonly bytes: Buffer }
  | { readonly ok: false; readonly failure: AttemptFailure; readonly error: (ctx: FailureContext) => Error };

export async function attemptOnce(
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

/** The abort reason when an attempt outlives `totalMs`; its code tells the failure apart. */
class AttemptTooSlowError extends Error {
  readonly code = ATTEMPT_TOO_SLOW;
  constructor() {
    super('the whole answer did not arrive in time');
  }
}
