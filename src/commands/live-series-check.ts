/**
 * The live series check of a plan (docs/decisions/live-series.md): for each cluster, its selectors' metric
 * names in batches (live-queries.ts), per batch one instant query of what exists now and, only when
 * something is missing, one of when the missing names were last seen and one of label names and near
 * names: at most 3 requests per batch whatever the number of selectors. Time-bounded; each query carries
 * Prometheus's `timeout`. A cluster whose answers could not be had or read gives no finding at all, and the
 * run one notice, "live series unavailable: <reason>": never a wrong finding, never another outcome.
 */

import { mapWithConcurrency } from '../core/concurrency.js';
import { type Deadline, deadlineOf } from '../core/deadline.js';
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { LIVE_SERIES_CODES } from '../live-series/codes.js';
import { readCarried, readLastSeen, readNow } from '../live-series/live-answers.js';
import { batchesOf, carriedQuery, lastSeenQuery, nowQuery, prefixOf } from '../live-series/live-queries.js';
import { type LiveSeriesScope, rulesToCheck } from '../live-series/rules-to-check.js';
import { needsLabel, selectorFindings } from '../live-series/selector-findings.js';
import type {
  ClusterEvidence,
  ClusterSelectors,
  LabelRow,
  LiveSeriesSummary,
  SelectorUnderCheck,
} from '../live-series/types.js';
import type { Plan } from '../model/types.js';
import { queryLocator } from '../promql/document-checks.js';
import type { QueryDocument } from '../promql/query-document.js';
import type { RunContext } from '../run/types.js';
import { parsePrometheusVector } from '../service/decode/prometheus-answer.js';
import type { PrometheusSeries } from '../service/types/cluster-metrics.js';
import type { ServiceClient } from '../service/types.js';

export type MetricsClient = Pick<ServiceClient, 'getClusterMetrics'>;

export interface LiveSeriesOptions {
  /** The rules the plan creates or whose query it changes, or every rule. */
  readonly scope: LiveSeriesScope;
  /** The findings are errors (`live-series-errors`, `--live-errors`). */
  readonly asErrors: boolean;
  /** The whole check's time, milliseconds. */
  readonly timeoutMs?: number;
}

export interface LiveSeriesRun {
  readonly diagnostics: readonly Diagnostic[];
  readonly summary: LiveSeriesSummary;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Prometheus's own limit on one query: the longest `timeout` sent. */
const QUERY_TIMEOUT_MAX_S = 20;
/** Clusters asked at once. */
const CONCURRENCY = 2;
/**
 * The longest answer read: a batch's answers are one row per metric and combination of the labels the
 * selectors use; far more means labels of very high cardinality, and the check gives way.
 */
export const MAX_ANSWER_CHARS = 4 * 1024 * 1024;

export async function runLiveSeries(
  ctx: RunContext,
  client: MetricsClient,
  plan: Plan,
  documents: readonly QueryDocument[],
  options: LiveSeriesOptions,
): Promise<LiveSeriesRun> {
  const selection = rulesToCheck(plan, documents, options.scope, queryLocator);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = deadlineOf(timeoutMs, `no answer within ${Number((timeoutMs / 1000).toFixed(1))} s`);
  const time = String(Math.floor(ctx.clock.now() / 1000));
  let requests = 0;
  const ask: Ask = async (clusterId, query) => {
    const late = deadline.passed();
    if (late !== null) throw new Unavailable(late);
    requests++;
    return instantQuery(client, clusterId, query, time, deadline);
  };
  try {
    const outcomes = await mapWithConcurrency(selection.clusters, CONCURRENCY, (cluster) =>
      checkCluster(cluster, ask, options.asErrors).catch((error: unknown) => ({
        unavailable: `${error instanceof Error ? error.message : String(error)} (cluster "${cluster.clusterName}")`,
      })),
    );
    const failed = outcomes.flatMap((o) => ('unavailable' in o ? [o.unavailable] : []));
    const findings = outcomes.flatMap((o) => ('findings' in o ? o.findings : []));
    const unavailable =
      failed.length === 0
        ? null
        : failed[0]! +
          (failed.length > 1 ? `; and ${plural(failed.length - 1, 'other cluster')} not checked` : '');
    const notice =
      unavailable === null
        ? []
        : [
            diagnostic(
              'notice',
              '',
              FILE_START,
              LIVE_SERIES_CODES.unavailable,
              `live series unavailable: ${unavailable}`,
            ),
          ];
    const selectors = selection.clusters.reduce((n, c) => n + c.selectors.length, 0);
    if (selectors > 0)
      ctx.progress(
        `live series: ${plural(selectors, 'selector')} of ${plural(selection.rules, 'alert rule')} checked on ${plural(selection.clusters.length, 'cluster')} (${plural(requests, 'request')})`,
      );
    return {
      diagnostics: [...findings, ...notice],
      summary: {
        rules: selection.rules,
        selectors,
        exempt: selection.exempt,
        nameless: selection.nameless,
        clusters: selection.clusters.length,
        requests,
        unavailable,
      },
    };
  } finally {
    deadline.clear();
  }
}

type Ask = (clusterId: string, query: string) => Promise<readonly PrometheusSeries[]>;

/** A failure of the metrics proxy or of its answer: the cluster's check gives way, with this reason. */
class Unavailable extends Error {}

async function checkCluster(
  cluster: ClusterSelectors,
  ask: Ask,
  asErrors: boolean,
): Promise<{ readonly findings: Diagnostic[] }> {
  const labels = [
    ...new Set(cluster.selectors.flatMap((s) => s.selector.matchers.map((m) => m.name))),
  ].sort();
  const findings: Diagnostic[] = [];
  for (const batch of batchesOf(
    cluster.selectors.map((s) => s.selector.metric),
    labels,
  )) {
    const names = new Set(batch);
    const selectors = cluster.selectors.filter((s) => names.has(s.selector.metric));
    const used = [...new Set(selectors.flatMap((s) => s.selector.matchers.map((m) => m.name)))].sort();
    const evidence = await evidenceOf(cluster.clusterId, batch, used, selectors, ask);
    for (const checked of selectors)
      findings.push(...selectorFindings(checked, evidence, { asErrors, clusterName: cluster.clusterName }));
  }
  return { findings };
}

/** The batch's answers: what exists now, then only what the missing part calls for. */
async function evidenceOf(
  clusterId: string,
  batch: readonly string[],
  labels: readonly string[],
  selectors: readonly SelectorUnderCheck[],
  ask: Ask,
): Promise<ClusterEvidence> {
  const now = readNow(await ask(clusterId, nowQuery(batch, labels)));
  const missing = batch.filter((name) => !now.has(name));
  const lastSeen =
    missing.length === 0
      ? new Map<string, number>()
      : readLastSeen(await ask(clusterId, lastSeenQuery(missing)));
  const never = missing.filter((name) => !lastSeen.has(name));
  const lacking = [
    ...new Set(
      selectors.filter((s) => lacksLabel(s, now.get(s.selector.metric))).map((s) => s.selector.metric),
    ),
  ];
  const prefixes = [...new Set(never.map(prefixOf))];
  const carried =
    lacking.length === 0 && prefixes.length === 0
      ? new Map<string, string[]>()
      : readCarried(await ask(clusterId, carriedQuery(lacking, prefixes)));
  return { now, lastSeen, carried };
}

/** Whether a matcher of the selector needs a label none of its metric's series has now. */
function lacksLabel(checked: SelectorUnderCheck, rows: readonly LabelRow[] | undefined): boolean {
  if (rows === undefined || rows.length === 0) return false;
  return checked.selector.matchers.some(
    (m) => needsLabel(m) && rows.every((row) => (row[m.name] ?? '') === ''),
  );
}

async function instantQuery(
  client: MetricsClient,
  clusterId: string,
  query: string,
  time: string,
  deadline: Deadline,
): Promise<readonly PrometheusSeries[]> {
  const seconds = Math.max(1, Math.min(QUERY_TIMEOUT_MAX_S, Math.floor(deadline.left() / 1000)));
  const request = client
    .getClusterMetrics(clusterId, {
      endpoint: 'api/v1/query',
      query,
      time,
      timeout: `${seconds}s`,
      deadlineMs: deadline.left(),
    })
    .then(
      (answer) => {
        if (answer.metrics.length > MAX_ANSWER_CHARS)
          throw new Unavailable(
            `the answer is larger than ${MAX_ANSWER_CHARS / 1024 / 1024} MiB (${(answer.metrics.length / 1024 / 1024).toFixed(1)} MiB)`,
          );
        const parsed = parsePrometheusVector(answer.metrics);
        if (!parsed.ok) throw new Unavailable(parsed.reason);
        return parsed.series;
      },
      (error: unknown) => {
        throw new Unavailable(error instanceof Error ? error.message : String(error));
      },
    );
  return Promise.race([
    request,
    deadline.expired.then((reason): never => {
      throw new Unavailable(reason);
    }),
  ]);
}
