/**
 * What the service says about the names of clusters, projects, environments and services: only the fields
 * that resolve a name to an id (and back, to show it). Part of the service's types (src/service/types.ts
 * says how they are written). Names are not declared unique: several entries may share one.
 */

import type { Open } from './open.js';

/** listOrganizationCluster: one cluster of the organization. */
export interface ClusterName {
  readonly id: string;
  readonly name: string;
}

/** The service types the description lists; the decoder keeps an unknown one (open) and says so once. */
export const SERVICE_TYPES = [
  'APPLICATION',
  'DATABASE',
  'CONTAINER',
  'JOB',
  'HELM',
  'TERRAFORM',
  'ARGOCD_APP',
  'AGENTIC_WORKFLOW',
] as const;
export type ServiceType = Open<(typeof SERVICE_TYPES)[number]>;

/** The job types the description lists, given for jobs only (open). */
export const JOB_TYPES = ['CRON', 'LIFECYCLE'] as const;
export type JobType = Open<(typeof JOB_TYPES)[number]>;

/** The environment modes the description lists (open). */
export const ENVIRONMENT_MODES = ['DEVELOPMENT', 'PREVIEW', 'PRODUCTION', 'STAGING'] as const;

/** listServicesByOrganizationId: one service, with the project and environment it belongs to. */
export interface ServiceName {
  readonly id: string;
  readonly name: string;
  readonly service_type: ServiceType;
  /** Present for jobs only: a CRON job is a CRONJOB alert target, any other job a JOB target. */
  readonly job_type?: JobType;
  readonly project_id: string;
  readonly project_name: string;
  readonly environment_id: string;
  readonly environment_name: string;
  readonly cluster_id: string;
}

/** The optional filters of listServicesByOrganizationId, sent as query parameters when given. */
export interface ServiceFilter {
  readonly projectId?: string;
  readonly environmentId?: string;
  readonly clusterId?: string;
}

/** listProject: one project of the organization. */
export interface ProjectName {
  readonly id: string;
  readonly name: string;
}

/** listEnvironment: one environment of a project. */
export interface EnvironmentName {
  readonly id: string;
  readonly name: string;
  readonly project_id: string;
  readonly cluster_id: string;
  /** DEVELOPMENT | PREVIEW | PRODUCTION | STAGING (open). */
  readonly mode: Open<(typeof ENVIRONMENT_MODES)[number]>;
}
