/**
 * An apply that failed writes gets the clusters' recent log entries in its job summary, right under its
 * results: which clusters, and the section that shows them.
 */

import { systemClock } from '../core/clock.js';
import type { RunReport } from '../run/reports.js';
import type { ClusterRef } from '../run/types.js';
import type { ActionInputs } from './inputs.js';
import type { MainStep } from './main-step.js';
import type { ActionVerdict } from './main-step-result.js';
import { savePostState } from './post-state.js';

const LOGS_TIME_LIMIT_MS = 20_000;

/**
 * The section's writer, given the bytes it may use; null when the run shows no logs (no failed write, no
 * service client, no cluster).
 */
export function clusterLogsSection(
  { inputs, runtime, redactor }: Pick<MainStep, 'inputs' | 'runtime' | 'redactor'>,
  report: RunReport,
  verdict: Pick<ActionVerdict, 'wantsLogs'>,
): ((maxBytes: number) => Promise<string>) | null {
  const service = runtime.serviceUsed();
  if (!verdict.wantsLogs || service === null) return null;
  const clusters = logClusters(report, inputs);
  if (clusters.length === 0) return null;
  return async (maxBytes) => {
    // Loaded only by a run that shows logs.
    const [{ collectClusterLogs }, { renderLogsMarkdown }] = await Promise.all([
      import('../logs/fetch.js'),
      import('../logs/markdown.js'),
    ]);
    const reports = await collectClusterLogs(service, clusters, {
      entries: inputs.logEntries,
      signal: AbortSignal.timeout(LOGS_TIME_LIMIT_MS),
    });
    // The post step (which runs because this job fails) need not ask for the same entries again.
    savePostState({ logsAttached: clusters });
    return renderLogsMarkdown(reports, {
      redactor,
      maxBytes,
      now: systemClock.now(),
      title: 'Recent cluster log entries',
    });
  };
}

/** The cluster-id input when given (in the organization-id input's organization), else the failed writes' clusters. */
export function logClusters(
  report: RunReport,
  inputs: Pick<ActionInputs, 'organizationId' | 'clusterIds'>,
): ClusterRef[] {
  const { organizationId, clusterIds } = inputs;
  if (clusterIds.length > 0 && organizationId)
    return clusterIds.map((clusterId) => ({ organizationId, clusterId }));
  return failedClusters(report);
}

/**
 * The clusters of the writes that failed: their logs explain the failure, and asking only for those spends
 * the fewest requests. A failure that matches no planned change falls back to every cluster of the run.
 */
export function failedClusters(report: RunReport): ClusterRef[] {
  const refs = new Map<string, ClusterRef>();
  for (const { change } of report.results.filter((r) => !r.ok)) {
    if (change.kind === 'AlertRule' && change.clusterId) {
      // Named as the plan names it (its references), so the summary says `prod-eu`, not only an id.
      const name = change.references?.cluster?.name;
      refs.set(`${change.organizationId}/${change.clusterId}`, {
        organizationId: change.organizationId,
        clusterId: change.clusterId,
        ...(name ? { name } : {}),
      });
    }
  }
  return refs.size > 0 ? [...refs.values()] : [...report.clusters];
}
