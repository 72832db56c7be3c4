import { mapWithConcurrency } from '../core/concurrency.js';
import type { ClusterRef } from '../run/types.js';
import { ApiError } from '../service/errors.js';
import type { ClusterLogEntry, ServiceClient } from '../service/types.js';
import { pickDeployment, pickRunDeployment, summarizeDeployment, timestampMs } from './deployment.js';
import { selectEntries } from './select.js';
import { type ClusterLogsReport, type DeploymentSummary, MAX_ERRORS } from './types.js';

/** A small page: we only ever look at the newest deployments, and each one is a row the service must read. */
export const HISTORY_PAGE_SIZE = 10;

export interface FetchLogsOptions {
  /** How many of the newest entries to keep (the rest are counted, not shown). */
  readonly entries: number;
  /** Stops waiting when aborted (the client's own timeouts still bound each request). */
  readonly signal?: AbortSignal;
  /**
   * When the run whose failure the logs explain started (milliseconds since the epoch): only deployments
   * and entries from then on are shown. Null when a run is being explained but its start was not recorded
   * (the newest deployment is shown, with a notice saying it may be older); absent outside a run (the
   * `logs` command).
   */
  readonly runStartedAt?: number | null;
}

export interface CollectLogsOptions extends FetchLogsOptions {
  /** Clusters fetched at once (default 4). */
  readonly concurrency?: number;
}

/** Resolves like `promise`, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function isNotFound(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

function report(
  cluster: ClusterRef,
  deployment: DeploymentSummary | null,
  raw: readonly ClusterLogEntry[],
  count: number,
  notices: readonly string[],
  fallback: boolean,
): ClusterLogsReport {
  const selection = selectEntries(raw, count, MAX_ERRORS);
  return {
    cluster,
    deployment,
    entries: selection.entries,
    totalEntries: selection.totalEntries,
    errors: selection.errors,
    totalErrors: selection.totalErrors,
    notices,
    fallback,
    failure: null,
  };
}

/**
 * Older deployments of the service do not have the deployment operations and answer 404: the deprecated
 * cluster-wide listing is asked once instead. A failure there is the cluster's failure.
 */
async function fetchDeprecatedLogs(
  client: ServiceClient,
  cluster: ClusterRef,
  options: FetchLogsOptions,
  notFound: ApiError,
): Promise<ClusterLogsReport> {
  const raw = await untilAborted(
    client.listClusterLogs(cluster.organizationId, cluster.clusterId),
    options.signal,
  );
  const notice = `The service answered 404 to ${notFound.operation}: showing the deprecated cluster logs (listClusterLogs) instead, which are not tied to one deployment.`;
  const since = options.runStartedAt;
  if (typeof since !== 'number') return report(cluster, null, raw, options.entries, [notice], true);
  // Not tied to deployments, but dated: the entries of this run are those from its start on.
  const during = raw.filter((entry) => (timestampMs(entry.timestamp) ?? -Infinity) >= since);
  const left = raw.length - during.length;
  const older =
    left > 0
      ? [`Left out: ${left} older ${left === 1 ? 'entry' : 'entries'}, from before this run started.`]
      : [];
  return report(cluster, null, during, options.entries, [notice, ...older], true);
}

/**
 * Recent log entries of one cluster: the deployment that explains a failed job (see pickDeployment) and its
 * newest entries. Two requests in the usual case, one more on the fallback. Throws ApiError (or the
 * signal's reason); collectClusterLogs turns that into a report.
 */
export async function fetchRecentLogs(
  client: ServiceClient,
  cluster: ClusterRef,
  options: FetchLogsOptions,
): Promise<ClusterLogsReport> {
  const { organizationId, clusterId } = cluster;
  let chosen: DeploymentSummary | null;
  let previous: DeploymentSummary | null = null;
  try {
    const history = await untilAborted(
      client.listClusterDeploymentHistoryV2(organizationId, clusterId, HISTORY_PAGE_SIZE),
      options.signal,
    );
    const since = options.runStartedAt;
    const choice =
      typeof since === 'number'
        ? pickRunDeployment(history, since)
        : { deployment: pickDeployment(history), previous: null };
    chosen = choice.deployment ? summarizeDeployment(choice.deployment) : null;
    previous = choice.previous ? summarizeDeployment(choice.previous) : null;
  } catch (error) {
    if (isNotFound(error)) return fetchDeprecatedLogs(client, cluster, options, error);
    throw error;
  }
  if (!chosen && previous) {
    // Another run's deployment: named so it can be found, its logs not fetched nor shown as this run's.
    return { ...report(cluster, null, [], options.entries, [], false), previous };
  }
  if (!chosen) {
    const notice = 'The deployment history of this cluster is empty: there are no deployment logs to show.';
    return report(cluster, null, [], options.entries, [notice], false);
  }
  const unknownStart =
    options.runStartedAt === null
      ? [
          'The main step did not record when this run started: the deployment shown is the newest and may be older than this run.',
        ]
      : [];
  try {
    const raw = await untilAborted(
      client.listClusterDeploymentLogs(organizationId, clusterId, chosen.id),
      options.signal,
    );
    return report(cluster, chosen, raw, options.entries, unknownStart, false);
  } catch (error) {
    if (isNotFound(error)) return fetchDeprecatedLogs(client, cluster, options, error);
    throw error;
  }
}

/** One sentence for a failure, never a stack: the post step shows it as a warning. */
export function describeFailure(error: unknown, signal?: AbortSignal): string {
  if (error instanceof ApiError) return error.message;
  if (signal?.aborted && error === signal.reason)
    return 'gave up waiting for the service (time limit reached).';
  if (error instanceof Error) return `unexpected error: ${error.message}`;
  return `unexpected error: ${String(error)}`;
}

/** The report of a cluster whose logs could not be fetched: no entries, and one sentence saying why. */
export function failedReport(cluster: ClusterRef, failure: string): ClusterLogsReport {
  return {
    cluster,
    deployment: null,
    entries: [],
    totalEntries: 0,
    errors: [],
    totalErrors: 0,
    notices: [],
    fallback: false,
    failure,
  };
}

const clusterKey = (c: ClusterRef): string => `${c.organizationId}/${c.clusterId}`;

/**
 * A failure that will repeat for every other cluster: a refused token, or a service that does not answer
 * at all (no connection, or no answer within the request's timeout). Asking again would only spend the
 * hourly budget, or the step's time bound while the failed job waits.
 */
function reasonToStop(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return 'the service refused the token (HTTP 401).';
  if (error.status === null && (error.kind === 'timeout' || error.kind === 'network'))
    return 'the service did not answer the previous request.';
  return null;
}

/**
 * Logs of several clusters, a few at a time, in the order given (duplicates fetched once). Never throws:
 * a cluster that fails gets a report whose `failure` says why. The first cluster goes alone: after a 401,
 * or when the service does not answer, the others are not asked (see reasonToStop).
 */
export async function collectClusterLogs(
  client: ServiceClient,
  clusters: readonly ClusterRef[],
  options: CollectLogsOptions,
): Promise<ClusterLogsReport[]> {
  const unique = [...new Map(clusters.map((c) => [clusterKey(c), c])).values()];
  const reports: ClusterLogsReport[] = new Array(unique.length);
  let refused: string | null = null;

  // Decided when the cluster's turn comes, not when it was queued: a refusal meanwhile stops it.
  async function fetchOne(index: number): Promise<void> {
    const cluster = unique[index]!;
    if (refused !== null) {
      reports[index] = failedReport(cluster, `not asked: ${refused}`);
      return;
    }
    if (options.signal?.aborted) {
      reports[index] = failedReport(cluster, describeFailure(options.signal.reason, options.signal));
      return;
    }
    try {
      reports[index] = await fetchRecentLogs(client, cluster, options);
    } catch (error) {
      reports[index] = failedReport(cluster, describeFailure(error, options.signal));
      refused ??= reasonToStop(error);
    }
  }

  // The first cluster alone: if the token is refused or the service is down, the others are not asked.
  if (unique.length > 0) await fetchOne(0);
  await mapWithConcurrency(unique.slice(1), options.concurrency ?? 4, (_, index) => fetchOne(index + 1));
  return reports;
}
