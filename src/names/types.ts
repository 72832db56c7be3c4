import type { AlertTargetType } from '../service/types/alert-rules.js';

/**
 * The entries of the service's four name lists, as the resolver reads them: only the fields it needs, in
 * the project's spelling. The service client maps its answers (listOrganizationCluster,
 * listServicesByOrganizationId, listProject, listEnvironment) onto these.
 */
export interface ClusterEntry {
  readonly id: string;
  readonly name: string;
}

/** `type` is the service's `service_type` (APPLICATION, DATABASE, JOB, …); `jobType` its `job_type`, for jobs. */
export interface ServiceEntry {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly jobType?: string | undefined;
  readonly projectId: string;
  readonly projectName: string;
  readonly environmentId: string;
  readonly environmentName: string;
  readonly clusterId: string;
}

export interface ProjectEntry {
  readonly id: string;
  readonly name: string;
}

export interface EnvironmentEntry {
  readonly id: string;
  readonly name: string;
  readonly projectId: string;
  readonly clusterId: string;
}

/** A service as a document names it: `project/environment/service`, or the mapping form for names holding `/`. */
export type ServiceReference =
  | string
  | { readonly project: string; readonly environment: string; readonly service: string };

/** An environment as a document names it: `project/environment`, or the mapping form. */
export type EnvironmentReference = string | { readonly project: string; readonly environment: string };

export interface ResolvedTarget {
  readonly target_type: AlertTargetType;
  readonly target_id: string;
}

export const NAME_ERROR_CODES = [
  /** A path with the wrong number of parts, or an empty part. */
  'bad-reference',
  /** No entry has the name. */
  'unknown-name',
  /** Several entries have the name. */
  'ambiguous-name',
  /** The named service is of a type no alert can target (a database, …). */
  'not-a-target',
  /** The document states a target_type other than the named service's. */
  'target-type-mismatch',
] as const;
export type NameErrorCode = (typeof NAME_ERROR_CODES)[number];

/** An entry offered in an error: a near name for an unknown one, each match for an ambiguous one. */
export interface NameCandidate {
  readonly name: string;
  readonly id: string;
}

/**
 * A failed resolution, as data: the caller places it on the document's line. `message` says what is wrong
 * and what to do; `candidates` holds the entries it offers.
 */
export interface NameError {
  readonly code: NameErrorCode;
  readonly message: string;
  readonly candidates: readonly NameCandidate[];
}

export type NameResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: NameError };
