import type { ClusterRef } from '../run/types.js';
import type { ClusterLogEntry } from '../service/types.js';

/** The deployment whose entries are shown: enough for a person to recognise it in the console. */
export interface DeploymentSummary {
  readonly id: string;
  /** StateEnum, e.g. DEPLOYMENT_ERROR (open). */
  readonly status: string;
  /** QUEUED | ONGOING | SUCCESS | ERROR | … (open). */
  readonly action_status: string;
  /** DEPLOY | DELETE | … (open). */
  readonly trigger_action: string;
  readonly created_at: string;
  readonly reason: string;
}

/** Where the entries came from. */
export type LogsSource = 'deployment' | 'cluster-logs-fallback' | 'none';

/**
 * Recent log entries of one cluster, ready to render. A value: the job summary, the terminal text and the
 * JSON output all read the same report.
 */
export interface ClusterLogsReport {
  readonly cluster: ClusterRef;
  /** The deployment shown; null when the history had none or the deprecated listing was used. */
  readonly deployment: DeploymentSummary | null;
  /**
   * Set when the run's start is known and no deployment of the cluster started after it: the newest
   * deployment, named (its logs are another run's and are not fetched). `deployment` is then null.
   */
  readonly previous?: DeploymentSummary;
  /** The newest entries (at most the number asked for), oldest first. */
  readonly entries: readonly ClusterLogEntry[];
  /** Entries the service returned, before keeping the newest. */
  readonly totalEntries: number;
  /**
   * Error entries among everything returned, newest kept (at most MAX_ERRORS), oldest first. Looked for
   * in all entries, not only the newest shown: the error that failed a deployment is often followed by
   * many entries of clean-up.
   */
  readonly errors: readonly ClusterLogEntry[];
  /** Error entries among everything returned, before keeping the newest MAX_ERRORS. */
  readonly totalErrors: number;
  /** One sentence each: what was not as expected (fallback used, no deployments, a failed request). */
  readonly notices: readonly string[];
  /** True when the deprecated cluster logs listing answered instead of the deployment operations. */
  readonly fallback: boolean;
  /** Set when the logs could not be fetched at all: the one-line reason (already a complete sentence). */
  readonly failure: string | null;
}

/** How many error entries a report keeps for the "errors first" section. */
export const MAX_ERRORS = 10;
