/** The service client's interface: one method per operation, and what it counts. */

import type {
  AlertReceiver,
  AlertRuleCreationRequest,
  AlertRuleEditRequest,
  LiveAlertRule,
  ManagedAlertRule,
} from './alert-rules.js';
import type { ClusterDeployment, ClusterLogEntry } from './cluster-logs.js';
import type { ClusterMetricsAnswer, ClusterMetricsQuery } from './cluster-metrics.js';
import type { ClusterName, EnvironmentName, ProjectName, ServiceFilter, ServiceName } from './name-lists.js';
import type {
  ClusterContext,
  PlatformTemplate,
  ResolveParams,
  ResolveRequest,
  ResolveResponse,
} from './platform.js';

/** The service's operationIds: the keys of the JSON output's `requests.byOperation`. */
export const OPERATION_IDS = [
  'getAlertRules',
  'getAlertRule',
  'editAlertRule',
  'createAlertRule',
  'deleteAlertRule',
  'getAlertReceivers',
  'resolvePlatformTemplateComponentConfiguration',
  'listPlatformTemplates',
  'listClusterDeploymentHistoryV2',
  'listClusterDeploymentLogs',
  'listClusterLogs',
  'listOrganizationCluster',
  'listServicesByOrganizationId',
  'listProject',
  'listEnvironment',
  // The description's own operationId for it, written as it is there.
  'get-cluster-metrics',
] as const;
export type OperationId = (typeof OPERATION_IDS)[number];

/** Requests sent, retries included (each attempt is a request against the budget). */
export interface RequestCounts {
  /** Attempts, retries included. */
  readonly total: number;
  readonly byOperation: Readonly<Partial<Record<OperationId, number>>>;
  /** Of `total`, the attempts the service never answered (refused, unreachable, timed out); absent when none. */
  readonly unanswered?: number;
}

export interface RateLimitStatus {
  readonly limit?: number;
  readonly remaining?: number;
  /** Milliseconds since the epoch at which the window resets. */
  readonly resetAt?: number;
}

/**
 * The only code that speaks HTTP to the service. One method per operation, named by its operationId.
 * Every failure is an ApiError (src/service/errors.ts). Retries, timeouts and pacing happen inside.
 */
export interface ServiceClient {
  getAlertRules(organizationId: string): Promise<LiveAlertRule[]>;
  getAlertRule(alertRuleId: string): Promise<ManagedAlertRule>;
  editAlertRule(alertRuleId: string, body: AlertRuleEditRequest): Promise<ManagedAlertRule>;
  createAlertRule(body: AlertRuleCreationRequest): Promise<ManagedAlertRule>;
  deleteAlertRule(alertRuleId: string): Promise<void>;
  getAlertReceivers(organizationId: string): Promise<AlertReceiver[]>;
  resolvePlatformTemplateComponentConfiguration(
    params: ResolveParams,
    body: ResolveRequest,
  ): Promise<ResolveResponse>;
  listPlatformTemplates(organizationId: string, context?: ClusterContext): Promise<PlatformTemplate[]>;
  listClusterDeploymentHistoryV2(
    organizationId: string,
    clusterId: string,
    pageSize?: number,
  ): Promise<ClusterDeployment[]>;
  listClusterDeploymentLogs(
    organizationId: string,
    clusterId: string,
    deploymentId: string,
  ): Promise<ClusterLogEntry[]>;
  listClusterLogs(organizationId: string, clusterId: string): Promise<ClusterLogEntry[]>;
  /** The organization's clusters, by name. */
  listOrganizationCluster(organizationId: string): Promise<ClusterName[]>;
  /** The organization's services with their project, environment and cluster; the filters narrow it. */
  listServicesByOrganizationId(organizationId: string, filter?: ServiceFilter): Promise<ServiceName[]>;
  listProject(organizationId: string): Promise<ProjectName[]>;
  /** The environments of one project. */
  listEnvironment(projectId: string): Promise<EnvironmentName[]>;
  /**
   * get-cluster-metrics: one query to the cluster's Prometheus-compatible API, passed through by the
   * service. A read (retried as reads are); `query.deadlineMs` bounds it, retries included. The answer's
   * `metrics` text is read with parsePrometheusMatrix / parsePrometheusVector (decode/prometheus-answer.ts).
   */
  getClusterMetrics(clusterId: string, query: ClusterMetricsQuery): Promise<ClusterMetricsAnswer>;

  /** Requests made so far by this client. */
  requestCounts(): RequestCounts;
  /** The latest rate-limit figures the service sent; empty when it sent none. */
  rateLimit(): RateLimitStatus;
  /**
   * Before a run's first write: throws an ApiError of kind 'budget' (and sends nothing) when the known
   * remaining budget cannot cover `writes` requests. Unknown budget (no headers seen) passes.
   */
  assertBudget(writes: number): void;
  /** What was tolerated at the boundary (an unknown enum value, an unknown descriptor type), once each. */
  notices(): readonly string[];
  /** Operations the service answered with `Deprecation` or `Sunset` headers: one sentence per operation. */
  deprecations(): readonly string[];
}

/** A client a run opened, and closes when it is done with it. */
export interface ClosableServiceClient extends ServiceClient {
  /** Waits for the requests in flight, then closes the connections. */
  close(): Promise<void>;
  /** Closes the connections at once: requests still in flight fail. For a run that has given up waiting. */
  destroy(): Promise<void>;
}
