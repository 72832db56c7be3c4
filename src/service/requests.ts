import { UsageError } from '../core/usage-error.js';
import type { RequestSafety } from './retry-policy.js';
import { toWireTargetType } from './target-type.js';
import type {
  AlertReceiverCreationRequest,
  AlertReceiverCreationValidationRequest,
  AlertReceiverEditRequest,
  AlertReceiverValidationRequest,
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
  /**
   * For a request never repeated once it may have reached the service (safety 'create'): what it may have
   * done, for the sentence after a failure. Absent: an alert rule's creation.
   */
  readonly effect?: RequestEffect;
  /**
   * Secret values the body carries (a receiver's webhook url or password): a refusal that echoes one has
   * it replaced before anyone reads the service's words.
   */
  readonly secrets?: readonly string[];
}

export interface RequestEffect {
  /** "The alert receiver" */
  readonly subject: string;
  /** "created" */
  readonly done: string;
  /** What to do before trying again, e.g. "run plan again before re-applying, so that it is not created twice". */
  readonly next: string;
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

/** The two kinds of alert object the service keeps by id, each under its own collection. */
interface AlertObject {
  /** "alert rule", as the sentences name one. */
  readonly noun: string;
  /** The collection's path, below which each object stands by its id. */
  readonly collection: string;
}

const ALERT_RULE: AlertObject = { noun: 'alert rule', collection: '/alert-rules' };
const ALERT_RECEIVER: AlertObject = { noun: 'alert receiver', collection: '/alert-receivers' };

/** What a read, an edit and a delete of one object by id are forbidden to do, and what a 404 then means. */
const BY_ID = {
  GET: { verb: 'read', missing: "check the document's id" },
  PUT: { verb: 'edit', missing: 'it may have been deleted since the plan; run plan again' },
  DELETE: { verb: 'delete', missing: 'it may have been deleted already' },
} as const;

/** A read, edit or delete of one alert rule or receiver: repeating it is safe (a PUT of the same body leaves the same object). */
function alertObjectById(
  operation: OperationId,
  method: keyof typeof BY_ID,
  object: AlertObject,
  id: string,
): OperationRequest {
  const { verb, missing } = BY_ID[method];
  return {
    operation,
    method,
    path: object.collection + path`/${id}`,
    safety: 'idempotent',
    forbidden: `${verb} ${object.noun} ${id}`,
    notFound: `${object.noun} ${id} was not found: ${missing}`,
  };
}

/** A list of one organization's `things`, read from `/organization/{id}/{segment}`: a 404 is the organization's. */
function organizationList(
  operation: OperationId,
  organizationId: string,
  segment: string,
  things: string,
): OperationRequest {
  return {
    operation,
    method: 'GET',
    path: path`/organization/${organizationId}/${segment}`,
    safety: 'idempotent',
    forbidden: `list the ${things} of organization ${organizationId}`,
    notFound: organizationNotFound(organizationId),
  };
}

function organizationNotFound(organizationId: string): string {
  return `organization ${organizationId} was not found: check organization_id or --org`;
}

export function getAlertRules(organizationId: string): OperationRequest {
  return organizationList('getAlertRules', organizationId, 'alert-rules', 'alert rules');
}

export function getAlertRule(alertRuleId: string): OperationRequest {
  return alertObjectById('getAlertRule', 'GET', ALERT_RULE, alertRuleId);
}

export function editAlertRule(alertRuleId: string, body: AlertRuleEditRequest): OperationRequest {
  return { ...alertObjectById('editAlertRule', 'PUT', ALERT_RULE, alertRuleId), body: editBody(body) };
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
  return alertObjectById('deleteAlertRule', 'DELETE', ALERT_RULE, alertRuleId);
}

export function getAlertReceivers(organizationId: string): OperationRequest {
  return organizationList('getAlertReceivers', organizationId, 'alert-receivers', 'alert receivers');
}

/** What a create may have done: `subject` may exist already, and plan knows whether it does. */
function created(subject: string): RequestEffect {
  return {
    subject,
    done: 'created',
    next: 'run plan again before re-applying, so that it is not created twice',
  };
}

/** An alert rule's creation: the effect of a request that names none (OperationRequest.effect). */
export const RULE_CREATED = created('The rule');
const RECEIVER_CREATED = created('The alert receiver');

const TEST_MESSAGE_SENT: RequestEffect = {
  subject: 'The test message',
  done: 'sent',
  next: 'look at the receiver before testing it again, so that it is not sent twice',
};

export function createAlertReceiver(
  organizationId: string,
  body: AlertReceiverCreationRequest,
): OperationRequest {
  return {
    operation: 'createAlertReceiver',
    method: 'POST',
    path: '/alert-receivers',
    body: receiverCreationBody(organizationId, body),
    safety: 'create',
    effect: RECEIVER_CREATED,
    secrets: receiverSecrets(body),
    forbidden: `create alert receivers in organization ${organizationId}`,
    notFound: organizationNotFound(organizationId),
  };
}

export function getAlertReceiver(alertReceiverId: string): OperationRequest {
  return alertObjectById('getAlertReceiver', 'GET', ALERT_RECEIVER, alertReceiverId);
}

export function editAlertReceiver(alertReceiverId: string, body: AlertReceiverEditRequest): OperationRequest {
  return {
    ...alertObjectById('editAlertReceiver', 'PUT', ALERT_RECEIVER, alertReceiverId),
    body: receiverBody(body),
    // Repeating the PUT is safe with the secrets too: the same body leaves the same receiver.
    secrets: receiverSecrets(body),
  };
}

export function deleteAlertReceiver(alertReceiverId: string): OperationRequest {
  return alertObjectById('deleteAlertReceiver', 'DELETE', ALERT_RECEIVER, alertReceiverId);
}

export function validateNewAlertReceiver(
  organizationId: string,
  body: AlertReceiverCreationValidationRequest,
): OperationRequest {
  return {
    operation: 'validateNewAlertReceiver',
    method: 'POST',
    path: '/alert-receivers/validate',
    body: {
      alert_receiver: receiverCreationBody(organizationId, body.alert_receiver),
      ...(body.message !== undefined ? { message: body.message } : {}),
    },
    // It sends a real message: a repeat would send a second one.
    safety: 'create',
    effect: TEST_MESSAGE_SENT,
    secrets: receiverSecrets(body.alert_receiver),
    forbidden: `test alert receivers of organization ${organizationId}`,
    notFound: organizationNotFound(organizationId),
  };
}

export function validateExistingAlertReceiver(
  alertReceiverId: string,
  body: AlertReceiverValidationRequest = {},
): OperationRequest {
  return {
    operation: 'validateExistingAlertReceiver',
    method: 'POST',
    path: path`/alert-receivers/${alertReceiverId}/validate`,
    body: body.message !== undefined ? { message: body.message } : {},
    safety: 'create',
    effect: TEST_MESSAGE_SENT,
    forbidden: `test alert receiver ${alertReceiverId}`,
    notFound: `alert receiver ${alertReceiverId} was not found: it may have been deleted`,
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
    ...organizationList('listPlatformTemplates', organizationId, 'platformTemplate', 'platform templates'),
    ...(context ? { query: { clusterMode: context.clusterMode, cloudProvider: context.cloudProvider } } : {}),
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
  return organizationList('listOrganizationCluster', organizationId, 'cluster', 'clusters');
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
    ...organizationList('listServicesByOrganizationId', organizationId, 'services', 'services'),
    ...(Object.keys(query).length > 0 ? { query } : {}),
  };
}

export function listProject(organizationId: string): OperationRequest {
  return organizationList('listProject', organizationId, 'project', 'projects');
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

/**
 * The fields a receiver write takes, in the description's order, and nothing else from the caller's object
 * (a document's position or source never rides along). `owner`, `severity` and `auth_username` are sent
 * only when given. The secret is always sent: its value, or in an edit an explicit `null` that keeps the
 * stored one.
 */
function receiverBody(body: AlertReceiverCreationRequest | AlertReceiverEditRequest) {
  const common = {
    name: body.name,
    description: body.description,
    type: body.type,
    send_resolved: body.send_resolved,
    ...(body.owner !== undefined ? { owner: body.owner } : {}),
    ...(body.severity !== undefined ? { severity: body.severity } : {}),
  };
  if (body.type === 'SLACK') return { ...common, webhook_url: body.webhook_url ?? null };
  return {
    ...common,
    to: body.to,
    from: body.from,
    smarthost: body.smarthost,
    ...(body.auth_username !== undefined ? { auth_username: body.auth_username } : {}),
    auth_password: body.auth_password ?? null,
    require_tls: body.require_tls,
  };
}

function receiverCreationBody(organizationId: string, body: AlertReceiverCreationRequest) {
  return { organization_id: organizationId, ...receiverBody(body) };
}

function receiverSecrets(body: AlertReceiverCreationRequest | AlertReceiverEditRequest): string[] {
  const value = body.type === 'SLACK' ? body.webhook_url : body.auth_password;
  return typeof value === 'string' && value !== '' ? [value] : [];
}
