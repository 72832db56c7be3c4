import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { UsageError } from '../core/usage-error.js';
import { isUuid } from '../core/uuid.js';
import { failedReport, fetchRecentLogs } from '../logs/fetch.js';
import type { ClusterLogsReport } from '../logs/types.js';
import type { RunContext, RunReport } from '../run/types.js';
import { ApiError } from '../service/errors.js';
import { organizationNeeded } from './organization-needed.js';

export interface LogsOptions {
  readonly clusterId: string;
  /** How many of the newest entries to show (1 to 1000). */
  readonly entries: number;
}

export const MAX_LOG_ENTRIES = 1000;

function checkOptions(ctx: RunContext, options: LogsOptions): { organizationId: string; clusterId: string } {
  if (!ctx.organizationId) {
    throw new UsageError(organizationNeeded('logs'));
  }
  const clusterId = options.clusterId.trim();
  if (!isUuid(clusterId)) {
    throw new UsageError(
      `Invalid cluster '${clusterId.slice(0, 80)}'. Expected a cluster id (a UUID such as c1a5e7e0-0000-4000-8000-000000000101).`,
    );
  }
  if (!Number.isInteger(options.entries) || options.entries < 1 || options.entries > MAX_LOG_ENTRIES) {
    throw new UsageError(
      `Invalid number of entries '${options.entries}'. Expected a whole number from 1 to ${MAX_LOG_ENTRIES}.`,
    );
  }
  return { organizationId: ctx.organizationId, clusterId: clusterId.toLowerCase() };
}

function noticesAsDiagnostics(logs: ClusterLogsReport): Diagnostic[] {
  const code = logs.fallback ? 'logs.fallback' : 'logs.notice';
  return logs.notices.map((notice) => diagnostic('notice', '', FILE_START, code, notice));
}

/**
 * `platform-gitops logs --cluster ID`: the newest entries of the cluster's deployment that failed or is
 * running (else the newest). A request the service refuses is an error finding (exit 1), not a crash; the
 * face renders `logs` as text or JSON.
 */
export async function runLogs(
  ctx: RunContext,
  options: LogsOptions,
): Promise<{ report: RunReport; logs: ClusterLogsReport }> {
  const started = ctx.clock.now();
  const cluster = checkOptions(ctx, options);
  const client = ctx.service();
  ctx.progress(`Fetching the recent log entries of cluster ${cluster.clusterId}…`);
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
  const report: RunReport = {
    command: 'logs',
    diagnostics,
    plan: null,
    components: [],
    results: [],
    requests: client.requestCounts(),
    durationMs: ctx.clock.now() - started,
    skipped: [],
    clusters: [cluster],
  };
  return { report, logs };
}
