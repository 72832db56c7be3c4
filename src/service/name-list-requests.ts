import { type OperationRequest, organizationList, path } from './operation-request.js';
import type { ServiceFilter } from './types.js';

/**
 * The requests of the name lists, each built as data (operation-request.ts): an organization's clusters,
 * services and projects, and a project's environments, which names are resolved against.
 */

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
