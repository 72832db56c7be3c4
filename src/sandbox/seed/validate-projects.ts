import { ENVIRONMENT_MODES, JOB_TYPES, SERVICE_TYPES } from '../../service/types.js';
import type { Environment, Project, Service } from '../model.js';
import type { SeedReader } from './seed-reader.js';

/** An item with the reader it came from, so that a cross-reference error names its field. */
interface At<T> {
  readonly item: T;
  readonly at: SeedReader;
}

/** A project with its environments and their services, as the seed nests them. */
export interface ProjectTree {
  readonly project: Project;
  readonly at: SeedReader;
  readonly environments: readonly At<Environment>[];
  readonly services: readonly At<Service>[];
}

/**
 * A seed project: `{id, organization_id, name, created_at?, environments: [{id, name, mode, cluster_id,
 * created_at?, services: [{id, name, service_type, job_type?}]}]}`. Nesting keeps each service's project
 * and environment consistent; the answers list them apart, as the service does.
 */
export function readProject(item: SeedReader, epoch: string): ProjectTree {
  const project: Project = {
    id: item.field('id').uuid(),
    organization_id: item.field('organization_id').uuid(),
    name: item.field('name').string(),
    created_at: createdAt(item, epoch),
  };
  const environments: At<Environment>[] = [];
  const services: At<Service>[] = [];
  for (const at of item.field('environments').optionalItems()) {
    const environment: Environment = {
      id: at.field('id').uuid(),
      organization_id: project.organization_id,
      project_id: project.id,
      name: at.field('name').string(),
      mode: at.field('mode').oneOf(ENVIRONMENT_MODES),
      cluster_id: at.field('cluster_id').uuid(),
      created_at: createdAt(at, epoch),
    };
    environments.push({ item: environment, at });
    for (const serviceAt of at.field('services').optionalItems()) {
      services.push({ item: readService(serviceAt, environment), at: serviceAt });
    }
  }
  return { project, at: item, environments, services };
}

function readService(at: SeedReader, environment: Environment): Service {
  const serviceType = at.field('service_type').oneOf(SERVICE_TYPES);
  const jobType = at.has('job_type') ? at.field('job_type').oneOf(JOB_TYPES) : null;
  if (serviceType === 'JOB' && jobType === null)
    at.field('job_type').fail('a JOB says its job_type: CRON or LIFECYCLE');
  if (serviceType !== 'JOB' && jobType !== null) at.field('job_type').fail('only a JOB has a job_type');
  return {
    id: at.field('id').uuid(),
    organization_id: environment.organization_id,
    project_id: environment.project_id,
    environment_id: environment.id,
    name: at.field('name').string(),
    service_type: serviceType,
    job_type: jobType,
  };
}

function createdAt(at: SeedReader, epoch: string): string {
  return at.field('created_at').optionalTimestamp() ?? epoch;
}
