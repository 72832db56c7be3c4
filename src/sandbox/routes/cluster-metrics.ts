import { clusterSeriesSource } from '../metrics-source.js';
import { type PrometheusApiAnswer, prometheusError } from '../promql-eval/prometheus-json.js';
import { queryInstant, queryRange } from '../promql-eval/query-api.js';
import { type Answer, accessibleById, type RequestContext } from './request-context.js';

/** The query API paths the sandbox serves, as the service's console names them in `endpoint`. */
const RANGE_ENDPOINT = 'api/v1/query_range';
const INSTANT_ENDPOINT = 'api/v1/query';

/**
 * get-cluster-metrics: the cluster's seeded series, queried as its Prometheus would answer, the answer's
 * JSON as text in `metrics`. Whatever Prometheus would refuse, or the sandbox cannot evaluate, is its error
 * shape inside a 200: the operation declares no other status (docs/reference/sandbox.md, "Cluster metrics").
 */
export function getClusterMetrics(context: RequestContext): Answer | Promise<Answer> {
  const clusters = new Map(context.store.seed.clusters.map((c) => [c.id, c]));
  const cluster = accessibleById(context, 'clusterId', clusters, 'cluster');
  const from = context.store.metricsFrom;
  if (from !== undefined) return fromPrometheus(from, context.query);
  return { status: 200, body: { metrics: JSON.stringify(answerQuery(context, cluster.id)) } };
}

/** The parameters of Prometheus's query API the operation passes on. */
const PASSED = ['query', 'time', 'start', 'end', 'step', 'timeout'];

/**
 * The query passed to a real Prometheus (SandboxOptions.metricsFrom), its answer's text in `metrics`
 * whatever its status, as the service passes the cluster's answer on. The endpoint is one of the two.
 */
async function fromPrometheus(base: string, query: URLSearchParams): Promise<Answer> {
  const endpoint = (query.get('endpoint') ?? '').replace(/^\/+/, '');
  if (endpoint !== RANGE_ENDPOINT && endpoint !== INSTANT_ENDPOINT) {
    return {
      status: 200,
      body: {
        metrics: JSON.stringify(
          prometheusError('bad_data', `the sandbox passes on ${RANGE_ENDPOINT} and ${INSTANT_ENDPOINT} only`),
        ),
      },
    };
  }
  const form = new URLSearchParams();
  for (const name of PASSED) {
    const value = query.get(name);
    if (value !== null) form.set(name, value);
  }
  const response = await fetch(`${base.replace(/\/+$/, '')}/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return { status: 200, body: { metrics: await response.text() } };
}

function answerQuery(context: RequestContext, clusterId: string): PrometheusApiAnswer {
  const param = (name: string) => context.query.get(name) ?? undefined;
  const endpoint = (param('endpoint') ?? '').replace(/^\/+/, '');
  const query = param('query');
  if (query === undefined || query.trim() === '') {
    return prometheusError(
      'bad_data',
      'invalid parameter "query": 1:1: parse error: no expression found in input',
    );
  }
  const nowMs = context.store.clock.now();
  const source = clusterSeriesSource(context.store.metrics.get(clusterId), nowMs);
  if (endpoint === RANGE_ENDPOINT) {
    return queryRange(source, { query, start: param('start'), end: param('end'), step: param('step') });
  }
  if (endpoint === INSTANT_ENDPOINT) return queryInstant(source, { query, time: param('time') }, nowMs);
  return prometheusError(
    'bad_data',
    `the sandbox serves the endpoints ${RANGE_ENDPOINT} and ${INSTANT_ENDPOINT}, not ${JSON.stringify(endpoint)}`,
  );
}
