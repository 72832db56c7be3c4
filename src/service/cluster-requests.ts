import { UsageError } from '../core/usage-error.js';
import { type OperationRequest, path } from './operation-request.js';
import type { ClusterMetricsQuery } from './types.js';

/**
 * The requests of one cluster, each built as data (operation-request.ts): its deployments, its logs, its
 * metrics.
 */

export function listClusterDeploymentHistoryV2(
  organizationId: string,
  clusterId: string,
  pageSize?: number,
): OperationRequest {
  return {
    operation: 'listClusterDeploymentHistoryV2',
    method: 'GET',
    path: path`/organization/${organizationId}/cluster/${clusterId}/deploymentHistoryV2`,
    ...(pageSize !== undefined ? { query: { pageSize: String(pageSize) } } : {}),
    safety: 'idempotent',
    forbidden: `read the deployments of cluster ${clusterId}`,
    notFound: `cluster ${clusterId} of organization ${organizationId} was not found, or the service has no deployment history for it`,
  };
}

export function listClusterDeploymentLogs(
  organizationId: string,
  clusterId: string,
  deploymentId: string,
): OperationRequest {
  return {
    operation: 'listClusterDeploymentLogs',
    method: 'GET',
    path: path`/organization/${organizationId}/cluster/${clusterId}/deployment/${deploymentId}/logs`,
    safety: 'idempotent',
    forbidden: `read the logs of cluster ${clusterId}`,
    notFound: `deployment ${deploymentId} of cluster ${clusterId} was not found`,
  };
}

export function listClusterLogs(organizationId: string, clusterId: string): OperationRequest {
  return {
    operation: 'listClusterLogs',
    method: 'GET',
    path: path`/organization/${organizationId}/cluster/${clusterId}/logs`,
    safety: 'idempotent',
    forbidden: `read the logs of cluster ${clusterId}`,
    notFound: `cluster ${clusterId} of organization ${organizationId} was not found`,
  };
}

/** The query parameters of get-cluster-metrics that the client sends, in this order, when given. */
const METRICS_PARAMETERS = ['endpoint', 'query', 'start', 'end', 'step', 'time', 'timeout'] as const;

export function getClusterMetrics(clusterId: string, metricsQuery: ClusterMetricsQuery): OperationRequest {
  const { deadlineMs } = metricsQuery;
  if (deadlineMs !== undefined && !(deadlineMs > 0)) {
    throw new UsageError(`a request deadline must be a positive number of milliseconds, not ${deadlineMs}`);
  }
  const query: Record<string, string> = {};
  for (const name of METRICS_PARAMETERS) {
    const value = metricsQuery[name];
    if (value !== undefined) query[name] = value;
  }
  return {
    operation: 'get-cluster-metrics',
    method: 'GET',
    path: path`/cluster/${clusterId}/metrics`,
    query,
    safety: 'idempotent',
    forbidden: `read the metrics of cluster ${clusterId}`,
    notFound: `cluster ${clusterId} was not found, or the service serves no metrics for it`,
    ...(deadlineMs !== undefined ? { deadlineMs } : {}),
  };
}
