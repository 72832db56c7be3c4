/**
 * The names documents write, resolved with the service's name lists: each list read at most once per
 * organization and run (the run's NameDirectory), and only the lists the documents or the reports need
 * (clusters and services names for the reports of organizations with rules; projects and environments
 * only for environment targets, and only the named projects' environments). The resolution itself is
 * pure (plan/document-names.ts).
 */
import type { Diagnostic } from '../core/diagnostic.js';
import type { AlertRuleDocument, PlatformComponentDocument } from '../documents/types.js';
import type { NameLists } from '../model/name-book.js';
import {
  type ClusterEntry,
  type EnvironmentEntry,
  type ProjectEntry,
  resolveProject,
  type ServiceEntry,
} from '../names/index.js';
import {
  componentNeedsNames,
  namesNeeded,
  type OrganizationLists,
  resolveComponentCluster,
  resolveRuleNames,
} from '../plan/document-names.js';
import type { ApiError } from '../service/errors.js';
import type { NameDirectory } from './name-directory.js';
import type { Read } from './service-findings.js';

export interface ResolvedRules {
  /** The documents to plan, names resolved; those that failed or whose lists were not read are left out. */
  readonly documents: readonly AlertRuleDocument[];
  readonly diagnostics: readonly Diagnostic[];
  /**
   * The documents a name of which resolves to no single entry (their findings are in `diagnostics`): never
   * planned, but what does not need their names (their receivers) is still checked.
   */
  readonly refused: readonly AlertRuleDocument[];
  /** What was read, for the names reports show beside ids (receivers are added by the caller). */
  readonly lists: Omit<NameLists, 'receivers'>;
  /** The errors behind the failed reads' findings, so that a later read refused alike is not said again. */
  readonly errors: readonly ApiError[];
  /** The lists of each organization, to resolve the documents of other revisions alike. */
  readonly byOrganization: ReadonlyMap<string, OrganizationLists>;
}

/**
 * `documents` of the organizations in `organizations` (those whose rules were read) are resolved; the
 * others are passed through unresolved (they are not planned: their organization was not read). The
 * clusters and services lists of each of those organizations are read even when no document names one:
 * the reports name what documents give by id. A failed read that only the reports needed is a warning.
 */
export async function resolveRuleNamesStep(
  directory: NameDirectory,
  documents: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
  organizations: ReadonlySet<string>,
  reported: readonly ApiError[] = [],
): Promise<ResolvedRules> {
  // What the documents of each organization need: clusters or services by name, and which projects.
  const needs = new Map<string, { clusters: boolean; services: boolean; projects: Set<string> }>();
  for (const org of organizations) needs.set(org, { clusters: false, services: false, projects: new Set() });
  for (const doc of documents) {
    const need = needs.get(doc.value.organization_id ?? defaultOrganizationId ?? '');
    if (need === undefined) continue;
    const wanted = namesNeeded(doc);
    need.clusters ||= wanted.clusters;
    need.services ||= wanted.services;
    for (const project of wanted.projects) need.projects.add(project);
  }

  const failed: Read<unknown>[] = [];
  const warnings: Diagnostic[] = [];
  const all = {
    clusters: [] as ClusterEntry[],
    services: [] as ServiceEntry[],
    projects: [] as ProjectEntry[],
    environments: [] as EnvironmentEntry[],
  };
  const keep = <T>(read: Read<readonly T[]>, into: T[], neededByDocuments: boolean): readonly T[] | null => {
    if (read.ok) {
      into.push(...read.value);
      return read.value;
    }
    if (neededByDocuments) failed.push(read);
    else {
      const message = `${read.diagnostic.message} Names are not shown beside ids.`;
      warnings.push({ ...read.diagnostic, severity: 'warning', message });
    }
    return null;
  };

  const listsByOrg = new Map<string, OrganizationLists>();
  await Promise.all(
    [...needs].map(async ([org, need]) => {
      const [clusters, services, projects] = await Promise.all([
        directory.clusters(org),
        directory.services(org),
        need.projects.size > 0 ? directory.projects(org) : null,
      ]);
      const lists: { -readonly [K in keyof OrganizationLists]: OrganizationLists[K] } = {
        clusters: keep(clusters, all.clusters, need.clusters),
        services: keep(services, all.services, need.services),
      };
      if (projects) {
        lists.projects = keep(projects, all.projects, true);
        lists.environments = lists.projects
          ? await environmentsOf(directory, lists.projects, need.projects, all.environments, failed)
          : null;
      }
      listsByOrg.set(org, lists);
    }),
  );

  const diagnostics: Diagnostic[] = [];
  const planned: AlertRuleDocument[] = [];
  const refused: AlertRuleDocument[] = [];
  for (const doc of documents) {
    const org = doc.value.organization_id ?? defaultOrganizationId;
    const lists = org === null ? undefined : listsByOrg.get(org);
    if (lists === undefined) {
      planned.push(doc);
      continue;
    }
    const resolution = resolveRuleNames(doc, lists);
    if (resolution.kind === 'resolved') planned.push(resolution.document);
    else if (resolution.kind === 'failed') {
      diagnostics.push(...resolution.diagnostics);
      refused.push(doc);
    }
  }
  const again = new Set<ApiError>(reported);
  const reads = failed.flatMap((r) => (r.ok || again.has(r.error) ? [] : [r.diagnostic]));
  return {
    documents: planned,
    refused,
    diagnostics: [...reads, ...warnings, ...diagnostics],
    lists: all,
    errors: failed.flatMap((r) => (r.ok ? [] : [r.error])),
    byOrganization: listsByOrg,
  };
}

/** The environments of the named projects that resolve (one listEnvironment each); null if one read failed. */
async function environmentsOf(
  directory: NameDirectory,
  projects: readonly ProjectEntry[],
  named: ReadonlySet<string>,
  into: EnvironmentEntry[],
  failed: Read<unknown>[],
): Promise<readonly EnvironmentEntry[] | null> {
  const ids = new Set<string>();
  for (const name of named) {
    const project = resolveProject(name, projects);
    if (project.ok) ids.add(project.value.id);
  }
  const reads = await Promise.all([...ids].map((id) => directory.environments(id)));
  const environments: EnvironmentEntry[] = [];
  let ok = true;
  for (const read of reads) {
    if (read.ok) environments.push(...read.value);
    else {
      failed.push(read);
      ok = false;
    }
  }
  into.push(...environments);
  return ok ? environments : null;
}

export interface NamedComponents {
  readonly documents: readonly PlatformComponentDocument[];
  readonly diagnostics: readonly Diagnostic[];
}

/** PlatformComponents' `cluster.name` into `cluster.id`: the clusters list of each organization that needs it. */
export async function resolveComponentNamesStep(
  directory: NameDirectory,
  documents: readonly PlatformComponentDocument[],
  defaultOrganizationId: string | null,
): Promise<NamedComponents> {
  const diagnostics: Diagnostic[] = [];
  const resolved: PlatformComponentDocument[] = [];
  const failed = new Set<Diagnostic>();
  for (const doc of documents) {
    const org = doc.value.organization_id ?? defaultOrganizationId;
    if (!componentNeedsNames(doc) || org === null) {
      resolved.push(doc);
      continue;
    }
    const read = await directory.clusters(org);
    if (!read.ok) failed.add(read.diagnostic);
    const resolution = resolveComponentCluster(doc, read.ok ? read.value : null);
    if (resolution.kind === 'resolved') resolved.push(resolution.document);
    else if (resolution.kind === 'failed') diagnostics.push(...resolution.diagnostics);
  }
  return { documents: resolved, diagnostics: [...failed, ...diagnostics] };
}

/**
 * Documents of another revision (removed since the base, or as they were there), resolved with the lists
 * already read for the run: a document whose names do not resolve now is kept as written (it is matched by
 * what ids it gives), and says nothing: it is not planned, only compared with.
 */
export function resolveEarlierDocuments(
  documents: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
  listsByOrganization: ReadonlyMap<string, OrganizationLists>,
): AlertRuleDocument[] {
  return documents.map((doc) => {
    const org = doc.value.organization_id ?? defaultOrganizationId;
    const lists = org === null ? undefined : listsByOrganization.get(org);
    if (lists === undefined) return doc;
    const resolution = resolveRuleNames(doc, lists);
    return resolution.kind === 'resolved' ? resolution.document : doc;
  });
}
