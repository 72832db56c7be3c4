import { ENVIRONMENT_MODES, JOB_TYPES, SERVICE_TYPES } from '../types/name-lists.js';
import type { ClusterName, EnvironmentName, ProjectName, ServiceName } from '../types.js';
import { array, at, type DecodeContext, type Json, object, openEnum, optStr, str } from './read.js';

/**
 * The four name lists are `{results: [...]}`. Only what resolves a name is read (ids and names, a
 * service's type); every other field, such as the environment's `cluster_name`, is never looked at.
 */
function results(body: unknown): { item: Json; where: string }[] {
  return array(object(body, ''), 'results', '').map((item, i) => {
    const where = at('results', i);
    return { item: object(item, where), where };
  });
}

/** An id and a name per item: all a cluster or a project is read for. */
function idsAndNames(body: unknown): { id: string; name: string }[] {
  return results(body).map(({ item, where }) => ({
    id: str(item, 'id', where),
    name: str(item, 'name', where),
  }));
}

/** listOrganizationCluster. */
export const decodeClusterNames: (body: unknown) => ClusterName[] = idsAndNames;

/** listServicesByOrganizationId. */
export function decodeServiceNames(body: unknown, ctx: DecodeContext): ServiceName[] {
  return results(body).map(({ item, where }) => {
    const jobType = optStr(item, 'job_type', where);
    return {
      id: str(item, 'id', where),
      name: str(item, 'name', where),
      service_type: openEnum(str(item, 'service_type', where), SERVICE_TYPES, 'service type', ctx),
      ...(jobType !== undefined ? { job_type: openEnum(jobType, JOB_TYPES, 'job type', ctx) } : {}),
      project_id: str(item, 'project_id', where),
      project_name: str(item, 'project_name', where),
      environment_id: str(item, 'environment_id', where),
      environment_name: str(item, 'environment_name', where),
      cluster_id: str(item, 'cluster_id', where),
    };
  });
}

/** listProject. */
export const decodeProjectNames: (body: unknown) => ProjectName[] = idsAndNames;

/** listEnvironment: the project is a reference object `{id}`. */
export function decodeEnvironmentNames(body: unknown, ctx: DecodeContext): EnvironmentName[] {
  return results(body).map(({ item, where }) => {
    const projectWhere = at(where, 'project');
    return {
      id: str(item, 'id', where),
      name: str(item, 'name', where),
      project_id: str(object(item.project, projectWhere), 'id', projectWhere),
      cluster_id: str(item, 'cluster_id', where),
      mode: openEnum(str(item, 'mode', where), ENVIRONMENT_MODES, 'environment mode', ctx),
    };
  });
}
