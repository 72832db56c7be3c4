import { UsageError } from '../core/usage-error.js';
import type { RequestSafety } from './retry-policy.js';
import { toWireTargetType } from './target-type.js';
import type {
  AlertRuleCreationRequest,
  AlertRuleEditRequest,
  ClusterContext,
  ClusterMetricsQuery,
  OperationId,
  ResolveParams,
  ResolveRequest,
  ServiceFilter,
} from './types.js';

/**
 * One request per operation, as data: what to send, whether it may be repeated, and what it was about
 * (for the sentence a person reads when it fails). Building them is pure; the transport sends them.
 */
export interface OperationRequest {
  readonly operation: OperationId;
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Path below the base address, segments encoded, without the query. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly safety: RequestSafety;
  /** Completes "the token may not …" for a 403. */
  readonly forbidden: string;
  /** Says what was not found for a 404. */
  readonly notFound: string;
  /**
   * Longest the request may take, every attempt and wait between them included, in milliseconds; absent,
   * the client's timeouts and retry bounds alone apply.
   */
  readonly deadlineMs?: number;
}

/**
 * Path segments are encoded, so an id can never change which resource is addressed; and `.`, `..` and
 * empty segments, which encoding leaves as they are and which a server or proxy resolves to another
 * path, are refused whatever the caller (the document schema refuses them earlier, with a finding).
 */
function path(strings: TemplateStringsArray, ...segments: string[]): string {
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new UsageError(
        `refused to build a request path with the segment ${JSON.stringify(segment)}: it would address another resource`,
      );
    }
  }
  return strings.reduce(
    (out, part, i) => out + part + (i < segments.length ? encodeURIComponent(segments[i]!) : ''),
    '',
  );
}

export function getAlertRules(organizationId: string): OperationRequest {
  return {
    operation: 'getAlertRules',
    method: 'GET',
    path: path`/organization/${organizationId}/alert-rules`,
    safety: 'idempotent',
    forbidden: `list the alert rules of organization ${organizationId}`,
    notFound: `organization ${organizationId} was not found: check organization_id or --org`,
  };
}

export function getAlertRule(alertRuleId: string): OperationRequest {
  return {
    operation: 'getAlertRule',
    method: 'GET',
    path: path`/alert-rules/${alertRuleId}`,
    safety: 'idempotent',
    forbidden: `read alert rule ${alertRuleId}`,
    notFound: `alert rule ${alertRuleId} was not found: check the document's id`,
  };
}

export function editAlertRule(alertRuleId: string, body: AlertRuleEditRequest): OperationRequest {
  return {
    operation: 'editAlertRule',
    method: 'PUT',
    path: path`/alert-rules/${alertRuleId}`,
    body: editBody(body),
    safety: 'idempotent',
    forbidden: `edit alert rule ${alertRuleId}`,
    notFound: `alert rule ${alertRuleId} was not found: it may have been deleted since the plan; run plan again`,
  };
}

export function createAlertRule(body: AlertRuleCreationRequest): OperationRequest {
  return {
    operation: 'createAlertRule',
    method: 'POST',
    path: '/alert-rules',
    body: {
      organization_id: body.organization_id,
      cluster_id: body.cluster_id,
      target: { target_type: toWireTargetType(body.target.target_type), target_id: body.target.target_id },
      ...editBody(body),
    },
    safety: 'create',
    forbidden: `create alert rules in organization ${body.organization_id}`,
    notFound: `organization ${body.organization_id}, cluster ${body.cluster_id} or target ${body.target.target_id} was not found`,
  };
}

export function deleteAlertRule(alertRuleId: string): OperationRequest {
  return {
    operation: 'deleteAlertRule',
    method: 'DELETE',
    path: path`/alert-rules/${alertRuleId}`,
    safety: 'idempotent',
    forbidden: `delete alert rule ${alertRuleId}`,
    notFound: `alert rule ${alertRuleId} was not found: it may have been deleted already`,
  };
}

export function getAlertReceivers(organizationId: string): OperationRequest {
  return {
    operation: 'getAlertReceivers',
    method: 'GET',
    path: path`/organization/${organizationId}/alert-receivers`,
    safety: 'idempotent',
    forbidden: `list the alert receivers of organization ${organizationId}`,
    notFound: `organization ${organizationId} was not found: check organization_id or --org`,
  };
}

export function resolvePlatformTemplateComponentConfiguration(
  params: ResolveParams,
  body: ResolveRequest,
): OperationRequest {
  const { organizationId, templateKey, templateVersion, componentKey } = params;
  return {
    operation: 'resolvePlatformTemplateComponentConfiguration',
    method: 'POST',
    path: path`/organization/${organizationId}/platformTemplate/${templateKey}/${templateVersion}/component/${componentKey}/resolve`,
    query: { clusterMode: params.clusterMode, cloudProvider: params.cloudProvider },
    body: {
      ...(body.profileConfig !== undefined ? { profileConfig: body.profileConfig } : {}),
      ...(body.clusterInputs !== undefined ? { clusterInputs: body.clusterInputs } : {}),
      ...(body.componentOutputs !== undefined ? { componentOutputs: body.componentOutputs } : {}),
    },
    // Read-only on the service's side: repeating it is as safe as a GET.
    safety: 'idempotent',
    forbidden: `resolve platform components of organization ${organizationId}`,
    notFound: `template ${templateKey} ${templateVersion} or its component ${componentKey} was not found in the catalog of organization ${organizationId}`,
  };
}

export function listPlatformTemplates(organizationId: string, context?: ClusterContext): OperationRequest {
  return {
    operation: 'listPlatformTemplates',
    method: 'GET',
    path: path`/organization/${organizationId}/platformTemplate`,
    ...(context ? { query: { clusterMode: context.clusterMode, cloudProvider: context.cloudProvider } } : {}),
    safety: 'idempotent',
    forbidden: `list the platform templates of organization ${organizationId}`,
    notFound: `organization ${organizationId} was not found: check organization_id or --org`,
  };
}

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

export function listOrganizationCluster(organizationId: string): OperationRequest {
  return {
    operation: 'listOrganizationCluster',
    method: 'GET',
    path: path`/organization/${organizationId}/cluster`,
    safety: 'idempotent',
    forbidden: `list the clusters of organization ${organizationId}`,
    notFound: `organization ${organizationId} was not found: check organization_id or --org`,
  };
}

export function listServicesByOrganizationId(
  organizationId: string,
  filter: ServiceFilter = {},
): OperationRequest {
  const query = {
    ...(filter.projectId !== undefined ? { project_id: filter.projectId } : {}),
    ...(filter.environmentId !== undefined ? { environment_id: filter.environmentId } : {}),
    ...(filter.clusterId !== undefined ? { cluster_id: filter.clusterId } : {}),
  };
  return {
    operation: 'listServicesByOrganizationId',
    method: 'GET',
    path: path`/organization/${organizationId}/services`,
    ...(Object.keys(query).length > 0 ? { query } : {}),
    safety: 'idempotent',
    forbidden: `list the services of organization ${organizationId}`,
    notFound: `organization ${organizationId} was not found: check organization_id or --org`,
  };
}

export function listProject(organizationId: string): OperationRequest {
  return {
    operation: 'listProject',
    method: 'GET',
    path: path`/organization/${organizationId}/project`,
    safety: 'idempotent',
    forbidden: `list the projects of organization ${organizationId}`,
    notFound: `organization ${organizationId} was not found: check organization_id or --org`,
  };
}

export function listEnvironment(projectId: string): OperationRequest {
  return {
    operation: 'listEnvironment',
    method: 'GET',
    path: path`/project/${projectId}/environment`,
    safety: 'idempotent',
    forbidden: `list the environments of project ${projectId}`,
    notFound: `project ${projectId} was not found: it may have been deleted, or the token cannot see it`,
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

/** Exactly the nine fields a PUT takes, in the service's order: nothing else from the caller's object is sent. */
function editBody(body: AlertRuleEditRequest): AlertRuleEditRequest {
  const { kind, promql, operator, threshold, function: fn } = body.condition;
  return {
    name: body.name,
    description: body.description,
    tag: body.tag,
    condition: {
      kind,
      promql,
      ...(operator !== undefined ? { operator } : {}),
      ...(threshold !== undefined ? { threshold } : {}),
      ...(fn !== undefined ? { function: fn } : {}),
    },
    for_duration: body.for_duration,
    severity: body.severity,
    enabled: body.enabled,
    alert_receiver_ids: [...body.alert_receiver_ids],
    presentation: {
      summary: body.presentation.summary ?? null,
      runbook_url: body.presentation.runbook_url ?? null,
    },
  };
}
