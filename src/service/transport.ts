import { isBlank } from './answer-bytes.js';
import { budgetExhaustedError, type FailureContext, invalidResponseError } from './api-errors.js';
import { NotJsonError } from './decode/json-list.js';
import type { OperationRequest } from './operation-request.js';
import { type AttemptFailure, decideRetry, type GiveUpReason } from './retry-policy.js';
import { attemptOnce } from './send-attempt.js';
import { type TransportConfig, totalMs } from './transport-config.js';

/**
 * Sends one operation's request: pacing, the attempt loop the retry policy drives, counting, and the
 * mapping of every failure to an ApiError. Each attempt on the wire is send-attempt.ts's, the only place
 * that touches the dispatcher.
 */
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
