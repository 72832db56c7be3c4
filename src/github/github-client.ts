import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { restEndpointMethods } from '@octokit/plugin-rest-endpoint-methods';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { type Clock, systemClock } from '../core/clock.js';
import { isLoopbackHost } from '../service/api-url.js';
import { proxyFetch } from './proxy-fetch.js';
import { failFastWhenUnreachable } from './unreachable.js';

/**
 * The toolkit's GitHub client (octokit with the REST endpoint methods and pagination) with our plugins, in
 * the order @actions/github's getOctokit gives them. Composed here because getOctokit's proxy support is a
 * default `request.fetch` that octokit merges shallowly: any `request` option (our abort signal) dropped
 * it, and the client went around the runner's proxy with Node's own fetch. Here the toolkit's fetch goes
 * with the signal.
 */
const GitHub = Octokit.plugin(restEndpointMethods, paginateRest, failFastWhenUnreachable, throttling, retry);

/** The GitHub REST client the reporters use. */
export type GitHubClient = InstanceType<typeof GitHub>;

export interface GitHubClientOptions {
  /** GITHUB_API_URL: https://api.github.com, or a GitHub Enterprise Server's https://HOST/api/v3. */
  readonly baseUrl: string;
  /** Where the client's own warnings go (never an annotation: those are counted against the caps). */
  readonly log?: (line: string) => void;
  /** First retry delay in milliseconds (default 1000); tests against a local API pass a small one. */
  readonly retryBaseMs?: number;
  /**
   * Handling of GitHub's rate-limit answers, and one write at a time with a pause between writes (default:
   * on for GitHub, off for a loopback stand-in, whose writes need no pause).
   */
  readonly throttle?: boolean;
  /** What rate-limit waits sleep on (default: real time). */
  readonly clock?: Clock;
  /** Aborts every request in flight and every later one (the run's bound on waiting for GitHub). */
  readonly signal?: AbortSignal;
  /** Called when a request starts and when it settles: the run's watchdog counts time without answers. */
  readonly onActivity?: (event: 'start' | 'settle') => void;
}

/**
 * Statuses the retry plugin never retries: the request itself is wrong or not allowed (a missing
 * `checks: write` is a 403 that no retry fixes). 429 and the rate-limit 403s are the throttling plugin's to
 * handle: retried by both, a rate-limited request would be sent again after the throttling gave up.
 */
const DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];
const RETRIES = 3;
const RATE_LIMIT_RETRIES = 2;

/**
 * The REST API version every request asks for. Without the header GitHub answers with its default version,
 * which moves when GitHub retires one: naming it keeps the answers' shape what this client was written for.
 */
const GITHUB_API_VERSION = '2022-11-28';

/**
 * A throttling handler: while the request has been retried fewer than `limit` times, say why and when,
 * wait on the clock and retry; then give up, saying so. The plugin's own wait is set to nothing
 * (retryAfterBaseValue 0): the clock's is the only one, so tests see every wait.
 */
function retryWhileUnder(limit: number, what: string, log: (line: string) => void, clock: Clock) {
  return async (retryAfter: number, request: { method: string; url: string }, _o: unknown, count: number) => {
    if (count >= limit) {
      log(`${what} on ${request.method} ${request.url}; not retried again.`);
      return false;
    }
    log(`${what} on ${request.method} ${request.url}; retrying in ${retryAfter} s.`);
    await clock.sleep(retryAfter * 1000);
    return true;
  };
}

/**
 * GitHub's client with octokit's throttling (primary and secondary rate limits, one write at a time with
 * a pause between writes, as GitHub asks of integrations) and retry (5xx and resets) plugins; a refused
 * connection or an unknown host fails at once (see failFastWhenUnreachable).
 * A loopback base address is a local stand-in for GitHub, not GitHub: its writes are not paced, since
 * the pause exists only for GitHub's secondary limits.
 */
export function createGitHubClient(token: string, options: GitHubClientOptions): GitHubClient {
  const log = options.log ?? (() => {});
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const clock = options.clock ?? systemClock;
  const request = { fetch: proxyFetch(baseUrl), ...(options.signal ? { signal: options.signal } : {}) };
  const userAgent = orchestrationTag(process.env.ACTIONS_ORCHESTRATION_ID);
  const octokit = new GitHub({
    auth: `token ${token}`,
    baseUrl,
    ...(userAgent ? { userAgent } : {}),
    request,
    log: { debug: () => {}, info: () => {}, warn: (m: string) => log(m), error: (m: string) => log(m) },
    retry: {
      doNotRetry: DO_NOT_RETRY,
      retries: RETRIES,
      ...(options.retryBaseMs === undefined ? {} : { retryAfterBaseValue: options.retryBaseMs }),
    },
    throttle:
      (options.throttle ?? !isLoopback(baseUrl))
        ? {
            retryAfterBaseValue: 0,
            onRateLimit: retryWhileUnder(RATE_LIMIT_RETRIES, 'GitHub rate limit reached', log, clock),
            onSecondaryRateLimit: retryWhileUnder(1, 'GitHub secondary rate limit', log, clock),
          }
        : { enabled: false },
  });
  // Octokit takes no default headers: every request, each retry included, passes this hook.
  octokit.hook.before('request', (requestOptions) => {
    requestOptions.headers['x-github-api-version'] = GITHUB_API_VERSION;
  });
  const onActivity = options.onActivity;
  if (onActivity) {
    // Registered last, so it wraps the retries: one start and one settle per call, however many attempts.
    octokit.hook.wrap('request', async (request, requestOptions) => {
      onActivity('start');
      try {
        return await request(requestOptions);
      } finally {
        onActivity('settle');
      }
    });
  }
  return octokit;
}

/**
 * The user agent tag GitHub uses to tie a job's API calls to its run, as the toolkit's client adds it
 * (ACTIONS_ORCHESTRATION_ID); undefined when the runner sets none, and octokit's own agent is used.
 */
export function orchestrationTag(orchestrationId: string | undefined): string | undefined {
  const id = orchestrationId?.trim();
  if (!id) return undefined;
  return `actions_orchestration_id/${id.replace(/[^a-z0-9_.-]/gi, '_')}`;
}

export function isLoopback(baseUrl: string): boolean {
  try {
    return isLoopbackHost(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

/** The HTTP status of a failed octokit request, or null for anything else. */
export function statusOf(error: unknown): number | null {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : null;
  }
  return null;
}
