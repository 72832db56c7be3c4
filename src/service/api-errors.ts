import { plural } from '../core/plural.js';
import type { ProxyNamed } from '../core/proxy-agent.js';
import { REDACTED, Redactor } from '../core/redact.js';
import { answerTooLargeHint } from './answer-size.js';
import { ApiError } from './errors.js';
import { type OperationRequest, type RequestEffect, RULE_CREATED } from './operation-request.js';
import type { GiveUpReason } from './retry-policy.js';
import { parseServiceMessage } from './service-message.js';
import type { TimeoutPhase, TransportFailure } from './transport-failure.js';
import type { RateLimitStatus } from './types.js';

/**
 * The sentences a person reads when a request fails. Each error says which operation on which resource,
 * what the service said, and what to do. None includes a header or the token: the service's own message
 * passes through `redact` first in case it echoes what it was sent.
 */
export const HINT_401 =
  'Token missing or invalid: set QOVERY_API_TOKEN (CLI) or the api-token input (action).';

/** What a request that is never repeated may have done; an alert rule's creation unless it says otherwise. */
function effectOf(request: OperationRequest): RequestEffect {
  return request.effect ?? RULE_CREATED;
}

function mayHaveHappened(request: OperationRequest): string {
  const effect = effectOf(request);
  return `${effect.subject} may have been ${effect.done} anyway: ${effect.next}.`;
}

/**
 * The run's redaction, and the secrets this request carried (a service may echo what it was sent), each in
 * every form a message can quote it (core/secret-forms.ts); a value too short for the redactor is still
 * replaced where it stands as it was sent.
 */
function redactFor(request: OperationRequest, redact: (text: string) => string): (text: string) => string {
  const secrets = request.secrets ?? [];
  if (secrets.length === 0) return redact;
  const carried = new Redactor();
  for (const secret of secrets) carried.addWithLines(secret);
  return (text) =>
    redact(carried.redact(secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text)));
}

export interface FailureContext {
  readonly attempts: number;
  readonly reason: GiveUpReason;
  readonly rateLimit: RateLimitStatus;
  readonly nowMs: number;
  readonly redact: (text: string) => string;
  readonly timeoutMs: (phase: TimeoutPhase) => number | null;
  /** The address the requests went to (the API URL without credentials): an unreachable one is named. */
  readonly address: string;
}

export function httpError(
  request: OperationRequest,
  status: number,
  body: string,
  ctx: FailureContext,
): ApiError {
  const redact = redactFor(request, ctx.redact);
  const message = parseServiceMessage(body, redact);
  return new ApiError({
    ...where(request),
    status,
    kind: 'http',
    serviceMessage: message,
    hint: httpHint(request, status, ctx),
  });
}

function httpHint(request: OperationRequest, status: number, ctx: FailureContext): string | null {
  if (status >= 300 && status < 400) {
    return 'The service answered with a redirect, which is never followed (the token would go along): check the API URL.';
  }
  if (status === 401) return HINT_401;
  if (status === 403) return `The token may not ${request.forbidden}.`;
  if (status === 404) return `${capitalize(request.notFound)}.`;
  if (status === 429) return rateLimitHint(ctx.rateLimit, ctx.nowMs);
  if (status >= 500) {
    if (ctx.reason === 'may-have-been-created') return mayHaveHappened(request);
    if (ctx.reason === 'not-retryable') return 'The service does not support this request.';
    return `The service kept failing (${attempts(ctx.attempts)}); try again later.`;
  }
  return null;
}

export function transportError(
  request: OperationRequest,
  failure: TransportFailure,
  ctx: FailureContext,
  cause: unknown,
): ApiError {
  const limit = failure.phase ? ctx.timeoutMs(failure.phase) : null;
  const within = limit === null ? '' : ` within ${limit} ms`;
  const what = `${failure.detail}${within} (${failure.code}, ${attempts(ctx.attempts)} to ${ctx.address})`;
  const next =
    ctx.reason === 'may-have-been-created'
      ? mayHaveHappened(request)
      : failure.proxy
        ? proxyHint(failure.proxy, failure.refusal)
        : failure.sent && failure.repeatable !== false
          ? 'Try again later.'
          : 'Check the API URL (--api-url, QOVERY_API_URL or the api-url input) and the network.';
  return new ApiError(
    {
      ...where(request),
      status: null,
      kind: failure.kind,
      serviceMessage: null,
      hint: `${capitalize(what)}. ${next}`,
    },
    { cause: sanitizedCause(failure, cause, redactFor(request, ctx.redact)) },
  );
}

/** What to look at when the proxy failed: its credentials, its rules, or whether it runs at all. */
function proxyHint(proxy: ProxyNamed, refusal: number | undefined): string {
  const at = `the proxy at ${proxy.address} (set by ${proxy.variable})`;
  if (refusal === 407) {
    return `Put the right credentials for ${at} in the variable's address (http://user:password@host:port, percent-encoded), or list the service's host in no_proxy to go direct.`;
  }
  if (refusal !== undefined && refusal < 500) {
    return `Ask the administrator of ${at} to allow tunnels to the service's host, or list that host in no_proxy to go direct.`;
  }
  if (refusal !== undefined) return `${capitalize(at)} could not reach the service; try again later.`;
  return `Check that ${at} is running and answers HTTP CONNECT, or list the service's host in no_proxy to go direct.`;
}

/** Sent nothing: the budget is used up and its reset is too far away to wait for. */
export function budgetExhaustedError(
  request: OperationRequest,
  rateLimit: RateLimitStatus,
  nowMs: number,
): ApiError {
  return new ApiError({
    ...where(request),
    status: null,
    kind: 'budget',
    serviceMessage: null,
    hint: rateLimitHint(rateLimit, nowMs),
  });
}

/** Before a run's first write: the known budget cannot cover the plan's writes, so none is sent. */
export function writeBudgetError(writes: number, rateLimit: RateLimitStatus, nowMs: number): ApiError {
  const remaining = rateLimit.remaining ?? 0;
  const left =
    rateLimit.limit !== undefined
      ? `${remaining} of ${plural(rateLimit.limit, 'request')}`
      : plural(remaining, 'request');
  return new ApiError({
    operation: 'editAlertRule',
    method: 'PUT',
    path: '/alert-rules',
    status: null,
    kind: 'budget',
    serviceMessage: null,
    summary: `Nothing was written: the plan needs ${plural(writes, 'write request')} but the token has ${left} left${resetPhrase(rateLimit.resetAt, nowMs)}.`,
    hint: 'Run again after the reset, or apply fewer changes at once.',
  });
}

export function invalidResponseError(request: OperationRequest, status: number, problem: string): ApiError {
  return new ApiError({
    ...where(request),
    status,
    kind: 'invalid-response',
    serviceMessage: null,
    hint: `The answer cannot be used: ${problem}. ${acceptedWrite(request, status)}The service may have changed; please report this.`,
  });
}

/** An answer past this run's size bound: said as a setting to raise, not as a fault of the service. */
export function answerTooLargeError(request: OperationRequest, status: number, limit: number): ApiError {
  return new ApiError({
    ...where(request),
    status,
    kind: 'invalid-response',
    serviceMessage: null,
    hint: `${answerTooLargeHint(limit)} ${acceptedWrite(request, status)}`.trim(),
  });
}

/**
 * A write the service answered with 2xx was done, even when the answer cannot be read: saying only
 * "failed" would invite a re-apply, and a repeated create makes a duplicate rule.
 */
function acceptedWrite(request: OperationRequest, status: number): string {
  if (status < 200 || status >= 300) return '';
  if (request.safety === 'create') {
    const effect = effectOf(request);
    return `The service accepted it, so ${effect.subject.charAt(0).toLowerCase()}${effect.subject.slice(1)} was most likely ${effect.done}: ${effect.next}. `;
  }
  if (request.method === 'PUT' || request.method === 'DELETE') {
    return 'The service accepted it, so the change was most likely made: run plan again to see where it stands. ';
  }
  return '';
}

function rateLimitHint(rateLimit: RateLimitStatus, nowMs: number): string {
  const per = rateLimit.limit !== undefined ? ` (${rateLimit.limit} requests per window)` : '';
  // A reset already past says nothing useful about when to come back.
  if (rateLimit.resetAt === undefined || rateLimit.resetAt <= nowMs) {
    return `The service is limiting this token's requests${per}; run again later.`;
  }
  return `The token's request budget${per} is used up${resetPhrase(rateLimit.resetAt, nowMs)}; run again after that.`;
}

function resetPhrase(resetAt: number | undefined, nowMs: number): string {
  if (resetAt === undefined) return '';
  const seconds = Math.max(0, Math.ceil((resetAt - nowMs) / 1000));
  const inWords = seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
  return ` until it resets at ${new Date(resetAt).toISOString()} (in ${inWords})`;
}

function where(request: OperationRequest) {
  return { operation: request.operation, method: request.method, path: request.path };
}

function attempts(n: number): string {
  return plural(n, 'attempt');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The low-level error, reduced to its code and message: undici errors may hold sockets and request state. */
function sanitizedCause(failure: TransportFailure, cause: unknown, redact: (text: string) => string): Error {
  const message = cause instanceof Error ? cause.message : String(cause);
  return new Error(redact(`${failure.code}: ${message.slice(0, 200)}`));
}
