import type { Project } from '../model.js';
import { type Answer, accessibleById, organizationFromPath, type RequestContext } from './request-context.js';

/** listOrganizationCluster: the organization's clusters in the service's Cluster shape. */
export function listOrganizationCluster(context: RequestContext): Answer {
  const organizationId = organizationFromPath(context);
  const results = context.store.seed.clusters
    .filter((c) => c.organization_id === organizationId)
    .map((c) => ({
      id: c.id,
      created_at: c.created_at,
      organization: { id: c.organization_id },
      name: c.name,
      region: c.region,
      cloud_provider: c.cloud_provider,
    }));
  return { status: 200, body: { results } };
}

/**
 * listServicesByOrganizationId: every service of the organization, narrowed by the optional `project_id`,
 * `environment_id` and `cluster_id` filters. The operation declares no 400: a filter that names nothing
 * (a word that is not an id included) matches nothing.
 */
export function listServicesByOrganizationId(context: RequestContext): Answer {
  const organizationId = organizationFromPath(context);
  const { environments, services } = context.store.seed;
  const environmentById = new Map(environments.map((e) => [e.id, e]));
  const projectById = new Map(context.store.seed.projects.map((p) => [p.id, p]));
  const wanted = (name: string) => context.query.get(name)?.toLowerCase() || undefined;
  const projectId = wanted('project_id');
  const environmentId = wanted('environment_id');
  const clusterId = wanted('cluster_id');
  const results = services
    .filter((s) => s.organization_id === organizationId)
    .map((s) => ({ service: s, environment: environmentById.get(s.environment_id)! }))
    .filter(({ service, environment }) => {
      if (projectId !== undefined && service.project_id !== projectId) return false;
      if (environmentId !== undefined && service.environment_id !== environmentId) return false;
      return clusterId === undefined || environment.cluster_id === clusterId;
    })
    .map(({ service, environment }) => ({
      id: service.id,
      name: service.name,
      description: '',
      icon_uri: `https://icons.sandbox.example/${service.service_type.toLowerCase()}.svg`,
      service_type: service.service_type,
      ...(service.job_type !== null ? { job_type: service.job_type } : {}),
      project_id: service.project_id,
      project_name: projectById.get(service.project_id)!.name,
      environment_id: environment.id,
      environment_name: environment.name,
      cluster_id: environment.cluster_id,
    }));
  return { status: 200, body: { results } };
}

/** listProject: the organization's projects. */
export function listProject(context: RequestContext): Answer {
  const organizationId = organizationFromPath(context);
  const { projects, environments } = context.store.seed;
  const results = projects
    .filter((p) => p.organization_id === organizationId)
    .map((p) => ({
      id: p.id,
      created_at: p.created_at,
      name: p.name,
      organization: { id: p.organization_id },
      associated_environments_count: environments.filter((e) => e.project_id === p.id).length,
    }));
  return { status: 200, body: { results } };
}

/** listEnvironment: the environments of one project; 404 for an unknown project, 403 for another organization's. */
export function listEnvironment(context: RequestContext): Answer {
  const project = accessibleProject(context);
  const clusterById = new Map(context.store.seed.clusters.map((c) => [c.id, c]));
  const results = context.store.seed.environments
    .filter((e) => e.project_id === project.id)
    .map((e) => {
      const cluster = clusterById.get(e.cluster_id)!;
      return {
        id: e.id,
        created_at: e.created_at,
        name: e.name,
        organization: { id: e.organization_id },
        project: { id: e.project_id },
        cloud_provider: { provider: cluster.cloud_provider.toLowerCase(), cluster: cluster.region },
        mode: e.mode,
        cluster_id: e.cluster_id,
        cluster_name: cluster.name,
      };
    });
  return { status: 200, body: { results } };
}

function accessibleProject(context: RequestContext): Project {
  const projects = new Map(context.store.seed.projects.map((p) => [p.id, p]));
  return accessibleById(context, 'projectId', projects, 'project');
}
