import { isUuid } from '../core/uuid.js';
import type { ClusterRef } from '../run/types.js';
import { resolveApiUrl } from '../service/api-url.js';
import { readPostState } from './post-state.js';

/** What the post step needs, read from its inputs and from the state the main step saved. */
export interface PostSettings {
  readonly apiUrl: string;
  readonly apiToken: string | null;
  readonly clusters: readonly ClusterRef[];
  /** Saved clusters left out because the main step already put their logs in its own summary. */
  readonly alreadyShown: readonly ClusterRef[];
  readonly entries: number;
  /**
   * When the main step started (milliseconds since the epoch): the logs shown are those of deployments that
   * started from then on. Null when the main step did not record it (it stopped before it could).
   */
  readonly runStartedAt: number | null;
}

export interface PostSources {
  /** An input as the runner passes it (INPUT_<NAME>); '' when not given. */
  input(name: string): string;
  /** A value the main step saved (STATE_<name>); '' when not saved. */
  state(name: string): string;
}

export const DEFAULT_LOG_ENTRIES = 50;
export const MAX_LOG_ENTRIES = 1000;

function parseEntries(value: string, warnings: string[]): number {
  if (value === '') return DEFAULT_LOG_ENTRIES;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (n >= 1 && n <= MAX_LOG_ENTRIES) return n;
  warnings.push(
    `Invalid input log-entries '${value.slice(0, 40)}'. Expected a whole number from 1 to ${MAX_LOG_ENTRIES}; showing ${DEFAULT_LOG_ENTRIES}.`,
  );
  return DEFAULT_LOG_ENTRIES;
}

const key = (c: ClusterRef): string => `${c.organizationId}/${c.clusterId}`;

function isClusterRef(value: unknown): value is ClusterRef {
  if (value === null || typeof value !== 'object') return false;
  const { organizationId, clusterId } = value as Record<string, unknown>;
  return (
    typeof organizationId === 'string' &&
    isUuid(organizationId) &&
    typeof clusterId === 'string' &&
    isUuid(clusterId)
  );
}

/** A list of ClusterRef saved by the main step; `what` names it in warnings. */
function savedClusters(text: string, what: string, warnings: string[]): ClusterRef[] {
  if (text === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    warnings.push(`The ${what} saved by the main step are not valid JSON: ignored.`);
    return [];
  }
  if (!Array.isArray(parsed)) {
    warnings.push(`The ${what} saved by the main step are not a list: ignored.`);
    return [];
  }
  const valid = parsed.filter(isClusterRef);
  if (valid.length < parsed.length) {
    warnings.push(
      `${parsed.length - valid.length} of the ${what} saved by the main step were not understood and are skipped.`,
    );
  }
  return valid.map((c) => ({
    organizationId: c.organizationId.toLowerCase(),
    clusterId: c.clusterId.toLowerCase(),
  }));
}

/** `cluster-id` may name several clusters, one per line or comma-separated, all in one organization. */
function givenClusters(value: string, organization: string, warnings: string[]): ClusterRef[] {
  const ids = value
    .split(/[\n,]/)
    .map((id) => id.trim())
    .filter(Boolean);
  const bad = ids.filter((id) => !isUuid(id));
  if (bad.length > 0) {
    warnings.push(`Invalid input cluster-id '${bad[0]!.slice(0, 80)}'. Expected a cluster UUID; skipped.`);
  }
  const good = ids.filter((id) => isUuid(id));
  if (good.length > 0 && !isUuid(organization)) {
    warnings.push('Input cluster-id needs organization-id (a UUID) as well: no cluster logs.');
    return [];
  }
  return good.map((id) => ({ organizationId: organization.toLowerCase(), clusterId: id.toLowerCase() }));
}

/** The run's start as saved by the main step; null (with a warning when it is there but unreadable) else. */
function runStart(text: string, warnings: string[]): number | null {
  if (text === '') return null;
  const ms = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isFinite(ms)) return ms;
  warnings.push(
    `The run's start saved by the main step ('${text.slice(0, 40)}') is not an ISO 8601 UTC time: ignored, the newest deployment is shown.`,
  );
  return null;
}

/**
 * Reads the post step's settings. Nothing here fails: a bad value is a warning and a safe default, because
 * the post step runs only when the job already failed and must not add a second failure.
 */
export function readPostSettings(sources: PostSources): {
  settings: PostSettings | null;
  warnings: string[];
} {
  const warnings: string[] = [];
  const input = (name: string) => sources.input(name).trim();
  const saved = readPostState(sources.state);
  const state = (name: keyof typeof saved) => saved[name].trim();
  const entries = parseEntries(input('log-entries'), warnings);
  const organization = input('organization-id') || state('organizationId');
  // Clusters named in the input are always fetched; saved ones only when the main step did not already
  // attach their logs to its summary (a failed apply does): the same requests twice would tell nothing new.
  let clusters: ClusterRef[];
  let alreadyShown: ClusterRef[] = [];
  if (input('cluster-id')) {
    clusters = givenClusters(input('cluster-id'), organization, warnings);
  } else {
    const shown = new Set(savedClusters(state('logsAttached'), 'clusters with logs', warnings).map(key));
    const saved = savedClusters(state('clusters'), 'clusters', warnings);
    clusters = saved.filter((c) => !shown.has(key(c)));
    alreadyShown = saved.filter((c) => shown.has(key(c)));
  }
  let apiUrl: string;
  try {
    // Not QOVERY_API_URL from the environment: the post step talks to the address the main step used.
    apiUrl = resolveApiUrl(input('api-url') || state('apiUrl') || undefined, {})
      .toString()
      .replace(/\/$/, '');
  } catch (error) {
    warnings.push(`${(error as Error).message} No cluster logs.`);
    return { settings: null, warnings };
  }
  return {
    settings: {
      apiUrl,
      apiToken: input('api-token') || null,
      clusters,
      alreadyShown,
      entries,
      runStartedAt: runStart(state('runStartedAt'), warnings),
    },
    warnings,
  };
}
