/** The common part of the report every command returns (ReportBase), assembled from what the run found. */
import type { ComponentResult } from '../components/types.js';
import { compareDiagnostics, type Diagnostic } from '../core/diagnostic.js';
import { capFindings } from '../documents/limits.js';
import type { PlatformComponentDocument } from '../documents/types.js';
import { changesOfKind, type Plan } from '../model/types.js';
import type { ReportBase } from '../run/reports.js';
import type { ClusterRef, CommandName, RunContext } from '../run/types.js';
import type { RequestCounts, ServiceClient } from '../service/types.js';

const NO_REQUESTS: RequestCounts = { total: 0, byOperation: {} };

/** What a run found, before any write; the parts not given are empty. */
export interface RunFindings<C extends CommandName = CommandName> {
  readonly command: C;
  /** `ctx.clock.now()` when the run started. */
  readonly started: number;
  readonly diagnostics: readonly Diagnostic[];
  readonly plan?: Plan | null;
  readonly components?: readonly ComponentResult[];
  readonly skipped?: readonly string[];
  /** YAML files that hold no document of ours, passed over (listed with --verbose and in the JSON). */
  readonly skippedFiles?: readonly string[];
  /** The client that made the run's requests (their count goes in the report); null when none. */
  readonly client?: ServiceClient | null;
  readonly clusters?: readonly ClusterRef[];
}

/**
 * The report of a run that wrote nothing, as far as every command's goes: each command adds its own
 * fields (src/run/reports.ts), apply its results.
 */
export function runReport<C extends CommandName>(ctx: RunContext, found: RunFindings<C>): ReportBase<C> {
  return {
    command: found.command,
    diagnostics: runFindings(found.diagnostics),
    plan: found.plan ?? null,
    components: found.components ?? [],
    results: [],
    requests: found.client?.requestCounts() ?? NO_REQUESTS,
    durationMs: ctx.clock.now() - found.started,
    skipped: found.skipped ?? [],
    clusters: found.clusters ?? [],
    ...(found.skippedFiles ? { skippedFiles: found.skippedFiles } : {}),
  };
}

/**
 * A run's findings as every face shows them: each once, the most important first, and at most
 * MAX_RUN_FINDINGS of them (past it, one finding counts the rest). Every step that adds findings to a
 * run's report passes the whole list through here, so the limit covers the run, not only its loading.
 */
export function runFindings(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return capFindings(distinct(diagnostics).sort(compareDiagnostics));
}

/**
 * The findings without repeats: parts of a run that meet the same fact (an organization the service does
 * not know, met by its rules and by its components) say it in the same words, and it is said once.
 */
function distinct(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = JSON.stringify([d.severity, d.file, d.line, d.column, d.code, d.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The clusters the run planned changes for: the post step fetches their logs when the job fails. */
export function clustersOf(
  plan: Plan | null,
  components: readonly PlatformComponentDocument[],
  defaultOrganizationId: string | null,
): ClusterRef[] {
  const refs = new Map<string, ClusterRef>();
  const add = (organizationId: string | null | undefined, clusterId: string | null | undefined): void => {
    if (!organizationId || !clusterId) return;
    refs.set(`${organizationId}/${clusterId}`.toLowerCase(), { organizationId, clusterId });
  };
  // Rules the documents already match are not what a failed job is about: only pending changes count.
  // Only an alert rule lives on a cluster.
  for (const change of changesOfKind(plan?.changes ?? [], 'AlertRule')) {
    if (change.action !== 'noop') add(change.organizationId, change.clusterId);
  }
  for (const doc of components) add(doc.value.organization_id ?? defaultOrganizationId, doc.value.cluster.id);
  return [...refs.values()];
}
