import { Router } from '../router.js';
import { getAlertReceivers } from './alert-receivers.js';
import {
  createAlertRule,
  deleteAlertRule,
  editAlertRule,
  getAlertRule,
  getAlertRules,
} from './alert-rules.js';
import {
  listClusterDeploymentHistoryV2,
  listClusterDeploymentLogs,
  listClusterLogs,
} from './cluster-logs.js';
import { getClusterMetrics } from './cluster-metrics.js';
import {
  listEnvironment,
  listOrganizationCluster,
  listProject,
  listServicesByOrganizationId,
} from './name-lists.js';
import {
  listPlatformTemplates,
  resolvePlatformTemplateComponentConfiguration,
} from './platform-templates.js';
import type { Handler } from './request-context.js';

/** Every operation the sandbox serves, with the service's paths (no version prefix). */
export function sandboxRoutes(): Router<Handler> {
  return new Router<Handler>()
    .add({
      method: 'GET',
      pattern: '/organization/{organizationId}/alert-rules',
      operation: 'getAlertRules',
      handler: getAlertRules,
    })
    .add({ method: 'POST', pattern: '/alert-rules', operation: 'createAlertRule', handler: createAlertRule })
    .add({
      method: 'GET',
      pattern: '/alert-rules/{alertRuleId}',
      operation: 'getAlertRule',
      handler: getAlertRule,
    })
    .add({
      method: 'PUT',
      pattern: '/alert-rules/{alertRuleId}',
      operation: 'editAlertRule',
      handler: editAlertRule,
    })
    .add({
      method: 'DELETE',
      pattern: '/alert-rules/{alertRuleId}',
      operation: 'deleteAlertRule',
      handler: deleteAlertRule,
    })
    .add({
      method: 'GET',
      pattern: '/organization/{organizationId}/alert-receivers',
      operation: 'getAlertReceivers',
      handler: getAlertReceivers,
    })
    .add({
      method: 'GET',
      pattern: '/organization/{organizationId}/platformTemplate',
      operation: 'listPlatformTemplates',
      handler: listPlatformTemplates,
    })
    .add({
      method: 'POST',
      pattern:
        '/organization/{organizationId}/platformTemplate/{templateKey}/{templateVersion}/component/{componentKey}/resolve',
      operation: 'resolvePlatformTemplateComponentConfiguration',
      handler: resolvePlatformTemplateComponentConfiguration,
    })
    .add({
      method: 'GET',
      pattern: '/organization/{organizationId}/cluster/{clusterId}/deploymentHistoryV2',
      operation: 'listClusterDeploymentHistoryV2',
      handler: listClusterDeploymentHistoryV2,
    })
    .add({
      method: 'GET',
      pattern: '/organization/{organizationId}/cluster/{clusterId}/deployment/{deploymentId}/logs',
      operation: 'listClusterDeploymentLogs',
      handler: listClusterDeploymentLogs,
    })
    .add({
      method: 'GET',
      pattern: '/organization/{organizationId}/cluster/{clusterId}/logs',
      operation: 'listClusterLogs',
      handler: listClusterLogs,
    })
    .add({
      method: 'GET',
      pattern: '/organization/{organizationId}/cluster',
      operation: 'listOrganizationCluster',
      handler: listOrganizationCluster,
    })
    .add({
      method: 'GET',
      pattern: '/organization/{organizationId}/services',
      operation: 'listServicesByOrganizationId',
      handler: listServicesByOrganizationId,
    })
    .add({
      method: 'GET',
      pattern: '/organization/{organizationId}/project',
      operation: 'listProject',
      handler: listProject,
    })
    .add({
      method: 'GET',
      pattern: '/project/{projectId}/environment',
      operation: 'listEnvironment',
      handler: listEnvironment,
    })
    .add({
      method: 'GET',
      pattern: '/cluster/{clusterId}/metrics',
      operation: 'get-cluster-metrics',
      handler: getClusterMetrics,
    });
}
