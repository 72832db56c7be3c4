import type { ClusterDeployment } from '../service/types.js';
import { compareTimeKeys, parseTimestamp } from './timestamp.js';
import type { DeploymentSummary } from './types.js';

const RUNNING_ACTION_STATUSES = new Set(['ONGOING', 'QUEUED']);

/** Failed: the action says ERROR, or the state is one of the *_ERROR states (DEPLOYMENT_ERROR, …). */
export function isFailedDeployment(d: ClusterDeployment): boolean {
  return d.action_status === 'ERROR' || d.status.endsWith('_ERROR');
}

export function isRunningDeployment(d: ClusterDeployment): boolean {
  return RUNNING_ACTION_STATUSES.has(d.action_status);
}

/** Newest first by creation time; the service's own order breaks ties (and places unparsable dates last). */
function newestFirst(deployments: readonly ClusterDeployment[]): ClusterDeployment[] {
  return deployments
    .map((d, index) => ({ d, index, key: parseTimestamp(d.auditing_data.created_at) }))
    .sort((a, b) => {
      if (a.key && b.key) return compareTimeKeys(b.key, a.key) || a.index - b.index;
      if (a.key) return -1;
      if (b.key) return 1;
      return a.index - b.index;
    })
    .map((x) => x.d);
}

/**
 * The deployment whose logs explain a failed job: the newest that failed or is still running (the job
 * probably waited on it), else the newest. Null when there is none. We do not trust the page's order.
 */
export function pickDeployment(deployments: readonly ClusterDeployment[]): ClusterDeployment | null {
  const ordered = newestFirst(deployments);
  return ordered.find((d) => isFailedDeployment(d) || isRunningDeployment(d)) ?? ordered[0] ?? null;
}

export function summarizeDeployment(d: ClusterDeployment): DeploymentSummary {
  return {
    id: d.identifier.deployment_id,
    status: d.status,
    action_status: d.action_status,
    trigger_action: d.trigger_action,
    created_at: d.auditing_data.created_at,
    reason: d.reason,
  };
}
