import { Agent, type Dispatcher } from 'undici';
import { type Clock, systemClock } from '../core/clock.js';
import { proxyAgentFor } from '../core/proxy-agent.js';
import { UsageError } from '../core/usage-error.js';
import {
  createAlertReceiver,
  deleteAlertReceiver,
  editAlertReceiver,
  getAlertReceiver,
  getAlertReceivers,
  validateExistingAlertReceiver,
  validateNewAlertReceiver,
} from './alert-receiver-requests.js';
import {
  createAlertRule,
  deleteAlertRule,
  editAlertRule,
  getAlertRule,
  getAlertRules,
} from './alert-rule-requests.js';
import { maxAnswerBytes } from './answer-size.js';
import { HINT_401, invalidResponseError, writeBudgetError } from './api-errors.js';
import { resolveApiUrl } from './api-url.js';
import { authorizationHeader, tokenProblem } from './auth.js';
import {
  getClusterMetrics,
  listClusterDeploymentHistoryV2,
  listClusterDeploymentLogs,
  listClusterLogs,
} from './cluster-requests.js';
import { decodeAlertReceiverList, decodeOneAlertReceiver } from './decode/alert-receivers.js';
import { decodeAlertRuleList, decodeManagedAlertRule } from './decode/alert-rules.js';
import { decodeClusterLogs, decodeDeploymentHistory } from './decode/cluster-logs.js';
import { decodeClusterMetrics } from './decode/cluster-metrics.js';
import { NotJsonError, readListAnswer } from './decode/json-list.js';
import {
  decodeClusterNames,
  decodeEnvironmentNames,
  decodeProjectNames,
  decodeServiceNames,
} from './decode/name-lists.js';
import { decodePlatformTemplates, decodeResolveResponse } from './decode/platform.js';
import { type DecodeContext, DecodeError } from './decode/read.js';
import { deprecationWarning } from './deprecation.js';
import { ApiError } from './errors.js';
import {
  listEnvironment,
  listOrganizationCluster,
  listProject,
  listServicesByOrganizationId,
} from './name-list-requests.js';
import { Notices } from './notices.js';
import type { OperationRequest } from './operation-request.js';
import { RateLimitPacer } from './pacing.js';
import { listPlatformTemplates, resolvePlatformTemplateComponentConfiguration } from './platform-requests.js';
import { RequestCounter } from './request-counter.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
import { type BodyReader, send } from './transport.js';
import type { Timeouts, TransportConfig } from './transport-config.js';
import type { ClosableServiceClient } from './types.js';

export interface ServiceClientOptions {
  /** Base address (see resolveApiUrl: https, or http to loopback only; anything else is a UsageError). */
  readonly apiUrl: string;
  readonly token: string;
  /**
   * For tests and proxies; its own connect timeout applies (headers and body timeouts are set per request).
   * The client closes only the Agent it creates itself.
   */
  readonly dispatcher?: Dispatcher;
  readonly clock?: Clock;
  readonly retry?: Partial<RetryPolicy>;
  readonly timeouts?: Partial<Timeouts>;
  readonly userAgent?: string;
  /** Jitter source for backoff, in [0, 1). */
  readonly random?: () => number;
  /** Largest answer read; default from PLATFORM_GITOPS_MAX_ANSWER_MIB, else 256 MiB (answer-size.ts). */
  readonly maxAnswerBytes?: number;
}

/**
 * undici checks header and body timeouts on a coarse tick (about half a second): a timeout fires between
 * its value and about a second later. Connect timeouts are exact.
 */
export const DEFAULT_TIMEOUTS: Timeouts = Object.freeze({
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 30_000,
});
export const DEFAULT_USER_AGENT = 'platform-gitops';

/** Idle keep-alive connections are reused for this long: a run's requests share one or a few connections. */
const KEEP_ALIVE_MS = 30_000;

/**
 * One keep-alive agent for the client's requests: through the runner's proxy when its environment sets one
 * for the service's address (https_proxy, no_proxy: src/core/proxy-agent.ts), with the same timeouts; the
 * connect timeout then bounds each step of reaching the service: the connection to the proxy, the proxy's
 * answer to the CONNECT, and the TLS handshake through the tunnel.
 */
function serviceAgent(baseUrl: URL, timeouts: Timeouts): Dispatcher {
  const connect = { timeout: timeouts.connectMs };
  const agentOptions = {
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    keepAliveTimeout: KEEP_ALIVE_MS,
  };
  return (
    proxyAgentFor(baseUrl, {
      ...agentOptions,
      proxyTls: connect,
      requestTls: connect,
      tunnelTimeoutMs: timeouts.connectMs,
    }) ?? new Agent({ ...agentOptions, connect })
  );
}

/**
 * The service client: one method per operation, each a request built as data (src/service/operation-request.ts,
 * and a *-requests.ts file per part of the service) sent through the transport and decoded at the boundary
 * (src/service/decode/). One keep-alive Agent per client.
 */
export function createServiceClient(options: ServiceClientOptions): ClosableServiceClient {
  const token = options.token.trim();
  if (token === '') throw new UsageError(`No API token. ${HINT_401}`);
  const problem = tokenProblem(token, 'The API token (QOVERY_API_TOKEN, or the api-token input)');
  if (problem !== null) throw new UsageError(problem);
  // Checked again here, so no caller can send the token in clear text to another machine by mistake.
  const baseUrl = resolveApiUrl(options.apiUrl, {});
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const ownAgent = options.dispatcher ? null : serviceAgent(baseUrl, timeouts);
  const clock = options.clock ?? systemClock;
  const pacer = new RateLimitPacer(clock);
  const counter = new RequestCounter();
  const notices = new Notices();
  // One sentence per deprecated operation: how many answers carried the header adds nothing.
  const deprecations = new Map<string, string>();
  const config: TransportConfig = {
    baseUrl,
    dispatcher: options.dispatcher ?? ownAgent!,
    authorization: authorizationHeader(token),
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    clock,
    policy: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    random: options.random ?? Math.random,
    timeouts,
    pacer,
    counter,
    // The service could echo what it was sent; its words never carry the token out.
    redact: (text) => (text.includes(token) ? text.split(token).join('***') : text),
    maxAnswerBytes: options.maxAnswerBytes ?? maxAnswerBytes(process.env),
    onHeaders: (request, headers) => {
      const text = deprecationWarning(request.operation, headers);
      if (text && !deprecations.has(request.operation)) deprecations.set(request.operation, text);
    },
  };

  let closed = false;
  // After a 401 or 403 the token is refused: every further call of the run fails at once, unsent
  // (component resolutions queued or waiting behind the pool included), with the same words.
  let refused: ApiError | null = null;

  async function call<T>(
    request: OperationRequest,
    decode: (body: unknown, ctx: DecodeContext) => T,
    read?: BodyReader,
  ): Promise<T> {
    if (closed) throw new Error(`service client used after close(): ${request.operation}`);
    if (refused) throw refused;
    const answer = await send(config, request, read).catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) refused ??= error;
      throw error;
    });
    try {
      return decode(answer.body, { operation: request.operation, notices });
    } catch (error) {
      if (error instanceof DecodeError) {
        const problem = answer.body === undefined ? 'the body is empty' : error.message;
        throw invalidResponseError(request, answer.status, problem);
      }
      // A list's items are parsed as they are decoded (readListAnswer).
      if (error instanceof NotJsonError) throw invalidResponseError(request, answer.status, error.message);
      throw error;
    }
  }

  return {
    getAlertRules: (organizationId) =>
      call(getAlertRules(organizationId), decodeAlertRuleList, (bytes) => readListAnswer(bytes, 'results')),
    getAlertRule: (alertRuleId) => call(getAlertRule(alertRuleId), managedRule),
    editAlertRule: (alertRuleId, body) => call(editAlertRule(alertRuleId, body), managedRule),
    createAlertRule: (body) => call(createAlertRule(body), managedRule),
    deleteAlertRule: (alertRuleId) => call(deleteAlertRule(alertRuleId), () => undefined),
    getAlertReceivers: (organizationId) => call(getAlertReceivers(organizationId), decodeAlertReceiverList),
    createAlertReceiver: (organizationId, body) =>
      call(createAlertReceiver(organizationId, body), decodeOneAlertReceiver),
    getAlertReceiver: (alertReceiverId) => call(getAlertReceiver(alertReceiverId), decodeOneAlertReceiver),
    editAlertReceiver: (alertReceiverId, body) =>
      call(editAlertReceiver(alertReceiverId, body), decodeOneAlertReceiver),
    deleteAlertReceiver: (alertReceiverId) => call(deleteAlertReceiver(alertReceiverId), () => undefined),
    // Both answer 200 without a body: whatever comes back is not read.
    validateNewAlertReceiver: (organizationId, body) =>
      call(validateNewAlertReceiver(organizationId, body), () => undefined),
    validateExistingAlertReceiver: (alertReceiverId, body) =>
      call(validateExistingAlertReceiver(alertReceiverId, body), () => undefined),
    resolvePlatformTemplateComponentConfiguration: (params, body) =>
      call(resolvePlatformTemplateComponentConfiguration(params, body), decodeResolveResponse),
    listPlatformTemplates: (organizationId, context) =>
      call(listPlatformTemplates(organizationId, context), decodePlatformTemplates),
    listClusterDeploymentHistoryV2: (organizationId, clusterId, pageSize) =>
      call(listClusterDeploymentHistoryV2(organizationId, clusterId, pageSize), decodeDeploymentHistory),
    listClusterDeploymentLogs: (organizationId, clusterId, deploymentId) =>
      call(listClusterDeploymentLogs(organizationId, clusterId, deploymentId), decodeClusterLogs),
    listClusterLogs: (organizationId, clusterId) =>
      call(listClusterLogs(organizationId, clusterId), decodeClusterLogs),
    listOrganizationCluster: (organizationId) =>
      call(listOrganizationCluster(organizationId), decodeClusterNames),
    listServicesByOrganizationId: (organizationId, filter) =>
      call(listServicesByOrganizationId(organizationId, filter), decodeServiceNames),
    listProject: (organizationId) => call(listProject(organizationId), decodeProjectNames),
    listEnvironment: (projectId) => call(listEnvironment(projectId), decodeEnvironmentNames),
    getClusterMetrics: (clusterId, query) => call(getClusterMetrics(clusterId, query), decodeClusterMetrics),
    requestCounts: () => counter.snapshot(),
    deprecations: () => [...deprecations.values()],
    rateLimit: () => pacer.status(),
    assertBudget(writes) {
      const status = pacer.status();
      if (writes > 0 && status.remaining !== undefined && status.remaining < writes) {
        throw writeBudgetError(writes, status, clock.now());
      }
    },
    notices: () => notices.list(),
    close: async () => {
      if (closed) return;
      closed = true;
      await ownAgent?.close();
    },
    destroy: async () => {
      closed = true;
      await ownAgent?.destroy().catch(() => {});
    },
  };
}

function managedRule(body: unknown, ctx: DecodeContext) {
  return decodeManagedAlertRule(body, '', ctx);
}
