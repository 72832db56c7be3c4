/**
 * The name lists an export needs to write names (kinds/alert-rule/export-references.ts), each read at most once
 * (name-directory.ts), and only those its rules need. A list that cannot be read leaves its references by
 * id, each with a comment, and is one warning of the run: the export goes on, and says so.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { type ExportNameLists, namesNeeded } from '../kinds/alert-rule/export-references.js';
import type { EnvironmentEntry, ProjectEntry } from '../names/index.js';
import type { NameDirectory } from '../planner/name-directory.js';
import type { Read } from '../planner/service-findings.js';
import type { ManagedAlertRule } from '../service/types.js';

export interface ExportNames {
  readonly lists: ExportNameLists;
  /** One warning per list that could not be read. */
  readonly warnings: readonly Diagnostic[];
}

export async function readExportNames(
  directory: NameDirectory,
  organizationId: string,
  rules: readonly ManagedAlertRule[],
): Promise<ExportNames> {
  const needed = namesNeeded(rules);
  const warnings: Diagnostic[] = [];
  const kept = <T>(read: Read<T>): T | null => {
    if (read.ok) return read.value;
    warnings.push(asWarning(read.diagnostic));
    return null;
  };
  const clusters = needed.clusters ? kept(await directory.clusters(organizationId)) : null;
  const services = needed.services ? kept(await directory.services(organizationId)) : null;
  const receivers = needed.receivers ? kept(await directory.receivers(organizationId)) : null;
  let projects: readonly ProjectEntry[] | null = null;
  let environments: readonly EnvironmentEntry[] | null = null;
  if (needed.environments) {
    projects = kept(await directory.projects(organizationId));
    if (projects !== null) {
      const wanted = rules
        .filter((r) => r.target.target_type === 'ENVIRONMENT')
        .map((r) => r.target.target_id);
      environments = await environmentsOf(
        wanted,
        projects,
        services,
        (id) => directory.environments(id),
        kept,
      );
    }
  }
  return { lists: { clusters, services, projects, environments, receivers }, warnings };
}

/**
 * The environments of the projects that hold `wanted`: the projects the services list places them in
 * first, then the others, until every wanted environment is found; each project's list read once at most.
 * Null when a read failed and some wanted environment was not found: it may be in the list that failed.
 */
async function environmentsOf(
  wanted: readonly string[],
  projects: readonly ProjectEntry[],
  services: ExportNameLists['services'],
  read: (projectId: string) => Promise<Read<readonly EnvironmentEntry[]>>,
  kept: <T>(read: Read<T>) => T | null,
): Promise<readonly EnvironmentEntry[] | null> {
  const missing = new Set(wanted.map((id) => id.toLowerCase()));
  const hinted = new Set(
    (services ?? []).filter((s) => missing.has(s.environmentId.toLowerCase())).map((s) => s.projectId),
  );
  const order = [...projects].sort((a, b) => Number(hinted.has(b.id)) - Number(hinted.has(a.id)));
  const found: EnvironmentEntry[] = [];
  let failed = false;
  for (const project of order) {
    if (missing.size === 0) break;
    const environments = kept(await read(project.id));
    if (environments === null) {
      failed = true;
      continue;
    }
    found.push(...environments);
    for (const e of environments) missing.delete(e.id.toLowerCase());
  }
  // A target not found after a failed read may be in the list that failed: unread, not "no such id".
  return failed && missing.size > 0 ? null : found;
}

/** A list export can do without: a warning, saying what the documents do instead. */
function asWarning(finding: Diagnostic): Diagnostic {
  return {
    ...finding,
    severity: 'warning',
    message: `${finding.message} The exported documents reference what it names by id, each with a comment.`,
  };
}
