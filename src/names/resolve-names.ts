import { ALERT_TARGET_TYPES, type AlertTargetType } from '../service/types/alert-rules.js';
import { didYouMeanNames, matchName, normalizeName } from './name-match.js';
import { namesOfMapping, parseNamePath } from './name-path.js';
import type {
  ClusterEntry,
  EnvironmentEntry,
  EnvironmentReference,
  NameCandidate,
  NameResult,
  ProjectEntry,
  ResolvedTarget,
  ServiceEntry,
  ServiceReference,
} from './types.js';

const SERVICE_PARTS = ['project', 'environment', 'service'] as const;
const ENVIRONMENT_PARTS = ['project', 'environment'] as const;

/** `cluster: prod-eu`: the one cluster of that name. */
export function resolveCluster(written: string, clusters: readonly ClusterEntry[]): NameResult<ClusterEntry> {
  return matchOne(written, clusters, {
    kind: 'cluster',
    scope: 'in the organization',
    idForm: 'cluster_id: <id>',
  });
}

/** `target: {cluster: prod-eu}`: a CLUSTER target. */
export function resolveClusterTarget(
  written: string,
  clusters: readonly ClusterEntry[],
): NameResult<ResolvedTarget> {
  const cluster = matchOne(written, clusters, {
    kind: 'cluster',
    scope: 'in the organization',
    idForm: 'target: {target_type: CLUSTER, target_id: <id>}',
  });
  return cluster.ok ? { ok: true, value: { target_type: 'CLUSTER', target_id: cluster.value.id } } : cluster;
}

/** A project by name, e.g. to know whose environments to list before resolveEnvironmentTarget. */
export function resolveProject(written: string, projects: readonly ProjectEntry[]): NameResult<ProjectEntry> {
  return matchOne(written, projects, {
    kind: 'project',
    scope: 'in the organization',
    idForm: 'target: {target_type: ENVIRONMENT, target_id: <environment id>}',
  });
}

/**
 * `target: {environment: shop/production}` (or `{project, environment}`): an ENVIRONMENT target. The
 * environments may be those of any projects; only the named project's are matched.
 */
export function resolveEnvironmentTarget(
  reference: EnvironmentReference,
  projects: readonly ProjectEntry[],
  environments: readonly EnvironmentEntry[],
): NameResult<ResolvedTarget> {
  const names =
    typeof reference === 'string'
      ? parseNamePath(reference, ENVIRONMENT_PARTS)
      : namesOfMapping(reference, ENVIRONMENT_PARTS);
  if (!names.ok) return names;
  const [projectName, environmentName] = names.value as [string, string];
  const project = resolveProject(projectName, projects);
  if (!project.ok) return project;
  const environment = matchOne(
    environmentName,
    environments.filter((e) => e.projectId === project.value.id),
    {
      kind: 'environment',
      scope: `in project "${project.value.name}"`,
      idForm: 'target: {target_type: ENVIRONMENT, target_id: <id>}',
    },
  );
  if (!environment.ok) return environment;
  return { ok: true, value: { target_type: 'ENVIRONMENT', target_id: environment.value.id } };
}

/**
 * `target: {service: shop/production/api}` (or `{project, environment, service}`, for names holding `/`):
 * the service's target, its type given by the service (targetTypeOfService). `statedType`, when the
 * document also writes `target_type`, must agree. One list of every service of the organization resolves
 * every level: its entries carry their project's and environment's names and ids.
 */
export function resolveServiceTarget(
  reference: ServiceReference,
  services: readonly ServiceEntry[],
  statedType?: AlertTargetType,
): NameResult<ResolvedTarget> {
  const names =
    typeof reference === 'string'
      ? parseNamePath(reference, SERVICE_PARTS)
      : namesOfMapping(reference, SERVICE_PARTS);
  if (!names.ok) return names;
  const [projectName, environmentName, serviceName] = names.value as [string, string, string];
  const idForm = `target: {target_type: ${statedType ?? '<type>'}, target_id: <service id>}`;

  const project = matchOne(
    projectName,
    distinct(services, (s) => ({ id: s.projectId, name: s.projectName })),
    {
      kind: 'project',
      scope: 'among the projects that have services',
      idForm,
    },
  );
  if (!project.ok) return withServicesOfPath(project, names.value, services);
  const inProject = services.filter((s) => s.projectId === project.value.id);
  const environment = matchOne(
    environmentName,
    distinct(inProject, (s) => ({ id: s.environmentId, name: s.environmentName })),
    { kind: 'environment', scope: `in project "${project.value.name}"`, idForm },
  );
  if (!environment.ok) return withServicesOfPath(environment, names.value, services);
  const service = matchOne(
    serviceName,
    inProject.filter((s) => s.environmentId === environment.value.id),
    {
      kind: 'service',
      scope: `in environment "${environment.value.name}" of project "${project.value.name}"`,
      idForm,
      // The id form needs the target type too: each service says its own.
      detail: (entry) => ` · ${targetTypeOfService(entry) ?? entry.type}`,
    },
  );
  if (!service.ok) return service;

  const path = `${project.value.name}/${environment.value.name}/${service.value.name}`;
  const targetType = targetTypeOfService(service.value);
  if (targetType === null) {
    return failure(
      'not-a-target',
      `Service "${path}" is a ${service.value.type}, which no alert can target: ` +
        'name an application, container, job, cron job, Helm or Terraform service.',
      [{ name: service.value.name, id: service.value.id }],
    );
  }
  if (statedType !== undefined && statedType !== targetType) {
    return failure(
      'target-type-mismatch',
      `target_type is ${statedType}, but service "${path}" is a ${targetType} target: ` +
        `write target_type: ${targetType}, or leave target_type out and the service's type gives it.`,
      [{ name: service.value.name, id: service.value.id }],
    );
  }
  return { ok: true, value: { target_type: targetType, target_id: service.value.id } };
}

/** The target types a service is (those targetTypeOfService gives): all but a cluster's and an environment's. */
export const SERVICE_TARGET_TYPES: ReadonlySet<string> = new Set(
  ALERT_TARGET_TYPES.filter((type) => type !== 'CLUSTER' && type !== 'ENVIRONMENT'),
);

/**
 * The target type of a service: its service type, except that a JOB is a CRONJOB target when its job type
 * is CRON and a JOB target otherwise. Null for the types no alert targets (DATABASE, …).
 */
export function targetTypeOfService(service: Pick<ServiceEntry, 'type' | 'jobType'>): AlertTargetType | null {
  switch (service.type) {
    case 'APPLICATION':
    case 'CONTAINER':
    case 'HELM':
    case 'TERRAFORM':
      return service.type;
    case 'JOB':
      return service.jobType === 'CRON' ? 'CRONJOB' : 'JOB';
    default:
      return null;
  }
}

/**
 * When a project or environment name is ambiguous, the id form needs the service's id, which the listed
 * projects or environments do not give: name the services the whole path matches under each of them.
 */
function withServicesOfPath<T>(
  result: NameResult<T>,
  names: readonly string[],
  services: readonly ServiceEntry[],
): NameResult<T> {
  if (result.ok || result.error.code !== 'ambiguous-name') return result;
  const [projectName, environmentName, serviceName] = names.map(normalizeName);
  const matching = services
    .filter(
      (s) =>
        normalizeName(s.projectName) === projectName &&
        normalizeName(s.environmentName) === environmentName &&
        normalizeName(s.name) === serviceName,
    )
    .map((s) => `${s.projectName}/${s.environmentName}/${s.name} (${s.id})`)
    .sort();
  if (matching.length === 0) return result;
  const listed = matching.slice(0, MAX_LISTED).join(', ');
  const more = matching.length > MAX_LISTED ? `, and ${matching.length - MAX_LISTED} more` : '';
  return {
    ok: false,
    error: { ...result.error, message: `${result.error.message} Services at that path: ${listed}${more}.` },
  };
}

interface MatchContext<T extends NameCandidate = NameCandidate> {
  /** What is named: cluster, project, environment, service. */
  readonly kind: string;
  /** Where it was looked for, for the message: `in project "shop"`. */
  readonly scope: string;
  /** The id form that names the same thing unambiguously, offered when a name matches several. */
  readonly idForm: string;
  /** What tells the entries of one name apart besides their ids (a service's target type). */
  readonly detail?: (entry: T) => string;
}

/** How many entries an ambiguous name lists, so that a message stays readable. */
const MAX_LISTED = 10;

function matchOne<T extends NameCandidate>(
  written: string,
  entries: readonly T[],
  context: MatchContext<T>,
): NameResult<T> {
  const match = matchName(written, entries);
  if (match.kind === 'one') return { ok: true, value: match.entry };
  const name = written.trim();
  if (match.kind === 'none') {
    const offer =
      match.closest.length > 0
        ? didYouMeanNames(match.closest)
        : entries.length === 0
          ? ` There is no ${context.kind} ${context.scope}.`
          : ` Check the name, or write the id form (${context.idForm}).`;
    return failure(
      'unknown-name',
      `No ${context.kind} is named "${name}" ${context.scope}.${offer}`,
      match.closest.map(candidate),
    );
  }
  const detail = context.detail ?? (() => '');
  const listed = match.matches.slice(0, MAX_LISTED).map((e) => `"${e.name}"${detail(e)} (${e.id})`);
  const more = match.matches.length > MAX_LISTED ? `, and ${match.matches.length - MAX_LISTED} more` : '';
  return failure(
    'ambiguous-name',
    `${match.matches.length} ${context.kind}s are named "${name}" ${context.scope}: ${listed.join(', ')}${more}. ` +
      `Names are matched without case and surrounding spaces and are not unique: write the id form instead (${context.idForm}).`,
    match.matches.map(candidate),
  );
}

function candidate(entry: NameCandidate): NameCandidate {
  return { name: entry.name, id: entry.id };
}

function failure(
  code: 'unknown-name' | 'ambiguous-name' | 'not-a-target' | 'target-type-mismatch',
  message: string,
  candidates: readonly NameCandidate[],
): NameResult<never> {
  return { ok: false, error: { code, message, candidates } };
}

/** The distinct {id, name} of some entries (the projects, or environments, the services list names). */
function distinct<T>(entries: readonly T[], pick: (entry: T) => NameCandidate): NameCandidate[] {
  const byId = new Map<string, NameCandidate>();
  for (const entry of entries) {
    const picked = pick(entry);
    if (!byId.has(picked.id)) byId.set(picked.id, picked);
  }
  return [...byId.values()];
}
