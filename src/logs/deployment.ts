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

/**
 * Deployments are stamped by the service's clock and the run's start by the runner's: a deployment this run
 * started may carry a time a few seconds before the recorded start. Less than any real gap between two jobs.
 */
export const CLOCK_SKEW_MS = 30_000;

/** Milliseconds since the epoch of a service timestamp, or null when it does not parse. */
export function timestampMs(text: string | undefined | null): number | null {
  const key = parseTimestamp(text);
  return key ? key.seconds * 1000 + Math.floor(key.nanos / 1_000_000) : null;
}

export interface RunDeploymentChoice {
  /** The deployment whose logs explain the failed run (as pickDeployment), among those of this run. */
  readonly deployment: ClusterDeployment | null;
  /** When no deployment started during the run: the cluster's newest, named but not shown. */
  readonly previous: ClusterDeployment | null;
}

/**
 * pickDeployment restricted to the deployments that started during the run (at or after `runStartedMs`,
 * give or take CLOCK_SKEW_MS): another run's failure is not this run's. A deployment whose date does not
 * parse cannot be shown to belong to the run and is left out.
 */
export function pickRunDeployment(
  deployments: readonly ClusterDeployment[],
  runStartedMs: number,
): RunDeploymentChoice {
  const during = deployments.filter((d) => {
    const created = timestampMs(d.auditing_data.created_at);
    return created !== null && created >= runStartedMs - CLOCK_SKEW_MS;
  });
  const deployment = pickDeployment(during);
  return { deployment, previous: deployment ? null : (newestFirst(deployments)[0] ?? null) };
}

/** One word for a deployment in a sentence: FAILED or RUNNING, else its state as the service names it. */
export function deploymentState(d: DeploymentSummary): string {
  if (d.action_status === 'ERROR' || d.status.endsWith('_ERROR')) return 'FAILED';
  if (RUNNING_ACTION_STATUSES.has(d.action_status)) return 'RUNNING';
  return d.status;
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
