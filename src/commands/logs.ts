import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { UsageError } from '../core/usage-error.js';
import { isUuid } from '../core/uuid.js';
import { clusterLabel } from '../logs/cluster-label.js';
import { failedReport, fetchRecentLogs } from '../logs/fetch.js';
import type { ClusterLogsReport } from '../logs/types.js';
import { resolveCluster } from '../names/index.js';
import { nameDirectory } from '../planner/name-directory.js';
import type { LogsReport } from '../run/reports.js';
import type { ClusterRef, RunContext } from '../run/types.js';
import { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';
import { organizationNeeded } from './organization-needed.js';

export interface LogsOptions {
  /** The cluster by id, or by name as documents name it (resolved in the organization's cluster list). */
  readonly clusterId: string;
  /** How many of the newest entries to show (1 to 1000). */
  readonly entries: number;
}

export const MAX_LOG_ENTRIES = 1000;

/** The organization, and the cluster as written: an id (as it is) or a name (resolved once the client is up). */
function checkOptions(ctx: RunContext, options: LogsOptions): { organizationId: string; written: string } {
  if (!ctx.organizationId) {
    throw new UsageError(organizationNeeded('logs'));
  }
  const written = options.clusterId.trim();
  if (written === '') {
    throw new UsageError(
      "'logs' needs --cluster NAME|ID: the cluster's name (as documents name it) or its id",
    );
  }
  if (!Number.isInteger(options.entries) || options.entries < 1 || options.entries > MAX_LOG_ENTRIES) {
    throw new UsageError(
      `Invalid number of entries '${options.entries}'. Expected a whole number from 1 to ${MAX_LOG_ENTRIES}.`,
    );
  }
  return { organizationId: ctx.organizationId, written };
}

/**
 * The cluster `--cluster` names: an id as it is; a name through the organization's cluster list, as a
 * document's `cluster: prod-eu` is (names/resolve-names.ts, the same match and the same words). A name
 * that matches none or several is a usage error; a list that cannot be read is the run's error finding.
 */
async function clusterOf(
  client: ServiceClient,
  organizationId: string,
  written: string,
): Promise<{ readonly cluster: ClusterRef } | { readonly finding: Diagnostic }> {
  if (isUuid(written)) return { cluster: { organizationId, clusterId: written.toLowerCase() } };
  const list = await nameDirectory(client).clusters(organizationId);
  if (!list.ok) return { finding: list.diagnostic };
  const found = resolveCluster(written, list.value);
  if (!found.ok) throw new UsageError(`--cluster: ${found.error.message}`);
  return { cluster: { organizationId, clusterId: found.value.id, name: found.value.name } };
}

function noticesAsDiagnostics(logs: ClusterLogsReport): Diagnostic[] {
  const code = logs.fallback ? 'logs.fallback' : 'logs.notice';
  return logs.notices.map((notice) => diagnostic('notice', '', FILE_START, code, notice));
}

/**
 * `platform-gitops logs --cluster NAME|ID`: the newest entries of the cluster's deployment that failed or is
 * running (else the newest). A request the service refuses is an error finding (exit 1), not a crash; the
 * face renders `logs` as text or JSON.
 */
export async function runLogs(
  ctx: RunContext,
  options: LogsOptions,
): Promise<{ report: LogsReport; logs: ClusterLogsReport }> {
  const started = ctx.clock.now();
  const checked = checkOptions(ctx, options);
  const client = ctx.service();
  const named = await clusterOf(client, checked.organizationId, checked.written);
  if ('finding' in named) {
    const cluster = { organizationId: checked.organizationId, clusterId: checked.written };
    return {
      report: logsReport([named.finding], client, ctx.clock.now() - started, []),
      logs: failedReport(cluster, named.finding.message),
    };
  }
  const { cluster } = named;
  ctx.progress(`Fetching the recent log entries of cluster ${clusterLabel(cluster)}…`);
  let logs: ClusterLogsReport;
  let diagnostics: Diagnostic[];
  try {
    logs = await fetchRecentLogs(client, cluster, { entries: options.entries });
    diagnostics = noticesAsDiagnostics(logs);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const message = ctx.redactor.redact(error.message);
    logs = failedReport(cluster, message);
    diagnostics = [
      diagnostic('error', '', FILE_START, `api.${error.operation}`, message, 'Could not fetch the logs'),
    ];
  }
  return { report: logsReport(diagnostics, client, ctx.clock.now() - started, [cluster]), logs };
}

function logsReport(
  diagnostics: Diagnostic[],
  client: ServiceClient,
  durationMs: number,
  clusters: ClusterRef[],
): LogsReport {
  return {
    command: 'logs',
    diagnostics,
    plan: null,
    components: [],
    results: [],
    requests: client.requestCounts(),
    durationMs,
    skipped: [],
    clusters,
  };
}
