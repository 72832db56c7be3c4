import { notFound } from '../http-error.js';
import type { Cluster, Deployment } from '../model.js';
import {
  type Answer,
  clusterFromPath,
  organizationFromPath,
  type RequestContext,
  uuidParam,
} from './request-context.js';

/** The service's default page size for deploymentHistoryV2. */
const DEFAULT_PAGE_SIZE = 20;

/** listClusterDeploymentHistoryV2: the newest deployments first, `pageSize` of them (default 20). */
export function listClusterDeploymentHistoryV2(context: RequestContext): Answer {
  const cluster = modernCluster(context);
  const pageSize = readPageSize(context.query.get('pageSize'));
  const results = newestFirst(deploymentsOf(context, cluster)).slice(0, pageSize).map(historyEntry);
  return { status: 200, body: { page: 1, page_size: pageSize, results } };
}

/** listClusterDeploymentLogs: the log entries of one deployment of the cluster. */
export function listClusterDeploymentLogs(context: RequestContext): Answer {
  const cluster = modernCluster(context);
  const deploymentId = uuidParam(context, 'deploymentId');
  const deployment = deploymentsOf(context, cluster).find((d) => d.id === deploymentId);
  if (!deployment) throw notFound(`deployment ${deploymentId} not found for cluster ${cluster.id}`);
  return { status: 200, body: { results: deployment.logs } };
}

/** listClusterLogs (deprecated): the entries of the cluster's newest deployment; every cluster has it. */
export function listClusterLogs(context: RequestContext): Answer {
  const cluster = clusterFromPath(context, organizationFromPath(context));
  const newest = newestFirst(deploymentsOf(context, cluster))[0];
  return { status: 200, body: { results: newest?.logs ?? [] } };
}

/**
 * A cluster served by an older deployment of the service does not have the v2 operations: it answers
 * exactly as for a path it does not know, so that clients fall back to listClusterLogs.
 */
function modernCluster(context: RequestContext): Cluster {
  const cluster = clusterFromPath(context, organizationFromPath(context));
  if (cluster.legacy) throw notFound(`no operation at ${context.path}`);
  return cluster;
}

function deploymentsOf(context: RequestContext, cluster: Cluster): readonly Deployment[] {
  return context.store.deployments.get(cluster.id) ?? [];
}

function newestFirst(deployments: readonly Deployment[]): Deployment[] {
  return [...deployments].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/**
 * `pageSize` is a number of at least 1 in the description (not an integer): 2.5 is a valid request and
 * gets 2 entries. The operation declares no 400, so what is not a number of at least 1 gets the default
 * rather than a status the operation does not declare.
 */
function readPageSize(raw: string | null): number {
  if (raw === null || raw === '') return DEFAULT_PAGE_SIZE;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 1) return DEFAULT_PAGE_SIZE;
  return Math.floor(value);
}

function historyEntry(deployment: Deployment) {
  return {
    identifier: {
      deployment_id: deployment.id,
      execution_id: deployment.execution_id,
      cluster_id: deployment.cluster_id,
    },
    auditing_data: {
      created_at: deployment.created_at,
      updated_at: deployment.updated_at,
      origin: deployment.origin,
      triggered_by: deployment.triggered_by,
    },
    status: deployment.status,
    action_status: deployment.action_status,
    trigger_action: deployment.trigger_action,
    reason: deployment.reason,
    total_duration: deployment.total_duration,
  };
}
