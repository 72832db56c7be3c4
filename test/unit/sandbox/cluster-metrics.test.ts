import { describe, expect, it } from 'vitest';
import {
  metricsFault,
  type SandboxSeed,
  setClusterMetrics,
  startSandbox,
} from '../../../src/sandbox/index.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { ManualClock } from './manual-clock.js';

const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const STAGING_EU = 'c1a5e7e0-0000-4000-8000-000000000102';
const LEGACY_US = 'c1a5e7e0-0000-4000-8000-000000000103';
const GLOBEX_PROD = 'c1a5e7e0-0000-4000-8000-000000000201';
const UNKNOWN = 'c1a5e7e0-0000-4000-8000-0000000001ff';

/** 2026-11-20T12:00:00Z: the seed's days count from this day. */
const clock = new ManualClock();
const NOW_S = clock.now() / 1000;
const DAY_S = 86_400;
const sandbox = useSandbox({ rateLimit: false, clock });

interface Raw {
  status: number;
  contentType: string | null;
  text: string;
}

async function get(clusterId: string, params: Record<string, string>, token = sandbox().token): Promise<Raw> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`${sandbox().url}/cluster/${clusterId}/metrics?${query}`, {
    headers: { authorization: `Token ${token}` },
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

type Matrix = { metric: Record<string, string>; values: [number, string][] }[];

/** The Prometheus answer inside a 200 `{metrics}`. */
async function prometheus(
  clusterId: string,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const raw = await get(clusterId, params);
  expect(raw.status).toBe(200);
  const body = JSON.parse(raw.text) as { metrics: unknown };
  expect(Object.keys(body)).toEqual(['metrics']);
  expect(typeof body.metrics).toBe('string');
  return JSON.parse(body.metrics as string) as Record<string, unknown>;
}

async function matrix(
  clusterId: string,
  query: string,
  fromS: number,
  toS: number,
  step = '60',
): Promise<Matrix> {
  const answer = await prometheus(clusterId, {
    endpoint: 'api/v1/query_range',
    query,
    start: String(fromS),
    end: String(toS),
    step,
  });
  expect(answer).toMatchObject({ status: 'success', data: { resultType: 'matrix' } });
  return (answer.data as { result: Matrix }).result;
}

/** Seconds of 2026-11-DDTHH:MM:00Z. */
const at = (day: number, hhmm: string) =>
  Date.UTC(2026, 10, day, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3))) / 1000;

describe('get-cluster-metrics: query_range over the seeded series', () => {
  it('draws a week of a seeded series at one-minute resolution, its spike where the seed puts it', async () => {
    // kube_node_status_condition{node="node-a",status="false"}: 0, and 1 for 12 minutes on day −3 at 02:00.
    const [series, ...rest] = await matrix(
      PROD_EU,
      'kube_node_status_condition{node="node-a", condition="Ready", status="false"}',
      NOW_S - 7 * DAY_S,
      NOW_S,
    );
    expect(rest).toEqual([]);
    expect(series!.metric).toEqual({
      __name__: 'kube_node_status_condition',
      node: 'node-a',
      condition: 'Ready',
      status: 'false',
    });
    expect(series!.values).toHaveLength(7 * 24 * 60 + 1);
    const firing = series!.values.filter(([, v]) => v === '1').map(([t]) => t);
    expect(firing).toHaveLength(12);
    expect(firing[0]).toBe(at(17, '02:00'));
    expect(firing[11]).toBe(at(17, '02:11'));
  });

  it('leaves a gap in the data as Prometheus does: the last sample is seen for less than 5 minutes', async () => {
    // probe_success has no samples on day −1 from 22:00 to 22:30.
    const [series] = await matrix(PROD_EU, 'probe_success', at(19, '21:00'), at(19, '23:00'));
    const times = new Set(series!.values.map(([t]) => t));
    const missing = [];
    for (let t = at(19, '21:00'); t <= at(19, '23:00'); t += 60) if (!times.has(t)) missing.push(t);
    // 21:59 is the last sample: seen at 22:00–22:03, gone from 22:04 until the next sample at 22:30.
    expect(missing).toHaveLength(26);
    expect(missing[0]).toBe(at(19, '22:04'));
  });

  it('evaluates an example rule: the job backlog above 5000 during its two long spikes', async () => {
    const result = await matrix(
      PROD_EU,
      'sum(rabbitmq_queue_messages_ready{queue="jobs"}) > 5000',
      NOW_S - 7 * DAY_S,
      NOW_S,
    );
    const days = new Set(result[0]!.values.map(([t]) => new Date(t * 1000).toISOString().slice(0, 10)));
    expect([...days].sort()).toEqual(['2026-11-15', '2026-11-17', '2026-11-19']);
  });

  it('draws histograms: the p95 of the web ingress rises above 0.8 s only during its slow half hour', async () => {
    const [p95] = await matrix(
      PROD_EU,
      'histogram_quantile(0.95, sum by (le) (rate(nginx_ingress_controller_response_duration_seconds_bucket{service="web"}[5m])))',
      at(19, '18:00'),
      at(19, '21:00'),
      '5m',
    );
    const slow = p95!.values.filter(([, v]) => Number(v) > 0.8).map(([t]) => t);
    expect(slow[0]).toBeGreaterThanOrEqual(at(19, '19:00'));
    expect(slow.at(-1)).toBeLessThanOrEqual(at(19, '19:35'));
    // Exponential with a mean of 0.15 s: the p95 is about 0.45 s, inside the (0.25, 0.5] bucket.
    const quiet = p95!.values.filter(([t]) => t < at(19, '19:00')).map(([, v]) => Number(v));
    expect(quiet.every((v) => v > 0.25 && v <= 0.5)).toBe(true);
  });

  it('has no series for a metric the cluster does not have, and none for a cluster without metrics', async () => {
    expect(
      await matrix(PROD_EU, 'certmanager_certificate_expiration_timestamp_seconds', NOW_S - 3600, NOW_S),
    ).toEqual([]);
    expect(await matrix(LEGACY_US, 'up', NOW_S - 3600, NOW_S)).toEqual([]);
  });

  it('has nothing after now', async () => {
    const [series] = await matrix(STAGING_EU, 'up', NOW_S - 120, NOW_S + 3600);
    expect(series!.values.map(([t]) => t)).toEqual([
      NOW_S - 120,
      NOW_S - 60,
      NOW_S,
      NOW_S + 60,
      NOW_S + 120,
      NOW_S + 180,
      NOW_S + 240,
    ]);
  });

  it('answers an instant query at the given time, or now', async () => {
    const answer = await prometheus(PROD_EU, { endpoint: 'api/v1/query', query: 'sum(up)' });
    expect(answer).toEqual({
      status: 'success',
      data: { resultType: 'vector', result: [{ metric: {}, value: [NOW_S, '2'] }] },
    });
    const then = await prometheus(PROD_EU, {
      endpoint: 'api/v1/query',
      query: 'sum(up)',
      time: String(at(17, '02:05')),
    });
    expect(then).toMatchObject({ data: { result: [{ value: [at(17, '02:05'), '1'] }] } });
  });
});

describe('get-cluster-metrics: what Prometheus refuses', () => {
  const range = { endpoint: 'api/v1/query_range', start: String(NOW_S - 7 * DAY_S), end: String(NOW_S) };

  it('refuses more than 11,000 points per series with Prometheus error and words', async () => {
    expect(await prometheus(PROD_EU, { ...range, query: 'up', step: '54' })).toEqual({
      status: 'error',
      errorType: 'bad_data',
      error:
        'exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)',
    });
    expect(await prometheus(PROD_EU, { ...range, query: 'up', step: '55' })).toMatchObject({
      status: 'success',
    });
  });

  it('answers bad_data naming a function it does not evaluate', async () => {
    const answer = await prometheus(PROD_EU, {
      ...range,
      query: 'predict_linear(up[1h], 3600) < 0',
      step: '1h',
    });
    expect(answer).toMatchObject({ status: 'error', errorType: 'bad_data' });
    expect(answer.error).toContain('predict_linear()');
  });

  it('answers bad_data for a missing query, a syntax error and an endpoint it does not serve', async () => {
    expect(await prometheus(PROD_EU, { endpoint: 'api/v1/query' })).toMatchObject({ errorType: 'bad_data' });
    const syntax = await prometheus(PROD_EU, { endpoint: 'api/v1/query', query: 'sum(up' });
    expect(syntax.error).toMatch(/^invalid parameter "query": /);
    const other = await prometheus(PROD_EU, { endpoint: 'api/v1/series', query: 'up' });
    expect(other.error).toContain('api/v1/query_range');
  });

  it("is 403 for another organization's cluster and 404 for an unknown one", async () => {
    expect((await get(GLOBEX_PROD, { endpoint: 'api/v1/query', query: 'up' })).status).toBe(403);
    expect((await get(UNKNOWN, { endpoint: 'api/v1/query', query: 'up' })).status).toBe(404);
  });
});

describe('get-cluster-metrics: injected faults', () => {
  const params = { endpoint: 'api/v1/query', query: 'up' };

  it("a 500, an HTML page, an unknown shape, metrics that are not text, and Prometheus's own error", async () => {
    sandbox().setFaults({
      script: [
        metricsFault('server-error'),
        metricsFault('html-page'),
        metricsFault('unknown-shape'),
        metricsFault('not-a-string'),
        metricsFault('prometheus-error'),
      ],
    });
    const server = await get(PROD_EU, params);
    expect(server.status).toBe(500);
    const html = await get(PROD_EU, params);
    expect([html.status, html.contentType]).toEqual([200, 'text/html; charset=utf-8']);
    expect(html.text).toMatch(/^<!DOCTYPE html>/);
    const unknown = JSON.parse((await get(PROD_EU, params)).text) as { metrics: string };
    expect(JSON.parse(unknown.metrics)).not.toHaveProperty('status');
    expect(JSON.parse((await get(PROD_EU, params)).text)).toEqual({ metrics: { status: 'success' } });
    expect(await prometheus(PROD_EU, params)).toMatchObject({ status: 'error', errorType: 'timeout' });
    // The script is used up: the real answer again.
    expect(await prometheus(PROD_EU, params)).toMatchObject({ status: 'success' });
    sandbox().setFaults({});
  });
});

describe('get-cluster-metrics: a lasting fault', () => {
  it('answers every request with the fault until the faults are replaced', async () => {
    sandbox().setFaults({ script: [metricsFault('server-error', Number.POSITIVE_INFINITY)] });
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await get(PROD_EU, { endpoint: 'api/v1/query', query: 'up' })).status);
    expect(statuses).toEqual([500, 500, 500, 500, 500]);
    sandbox().setFaults({});
    expect((await get(PROD_EU, { endpoint: 'api/v1/query', query: 'up' })).status).toBe(200);
  });
});

describe('get-cluster-metrics: arranged series', () => {
  it("setClusterMetrics replaces a cluster's series for a test", async () => {
    setClusterMetrics(sandbox().state, LEGACY_US, {
      interval: '30s',
      history: '1h',
      series: [{ labels: { __name__: 'always_high', job: 'x' }, value: 99 }],
    });
    const [series] = await matrix(LEGACY_US, 'always_high > 50', NOW_S - 300, NOW_S);
    expect(series!.values).toHaveLength(6);
    expect(() =>
      setClusterMetrics(sandbox().state, LEGACY_US, { series: [{ labels: {}, value: 1 }] }),
    ).toThrow(/__name__/);
  });
});

describe('metrics seeds', () => {
  const base: SandboxSeed = {
    organizations: [{ id: '7f1b2c3d-0000-4000-8000-000000000001', name: 'acme' }],
    tokens: [{ token: 't', organizations: ['7f1b2c3d-0000-4000-8000-000000000001'] }],
  };

  it('refuse a cluster the seed does not have, a reset of a gauge and a time that is no time of day', async () => {
    const entry = (series: unknown) => ({ cluster_id: PROD_EU, series: [series] });
    await expect(
      startSandbox({ seed: { ...base, metrics: [entry({ labels: { __name__: 'up' }, value: 1 })] } }),
    ).rejects.toThrow('(seed object): metrics[0].cluster_id: unknown cluster');
    const clusters = [
      { id: PROD_EU, organization_id: base.organizations[0]!.id, name: 'prod-eu', cloud_provider: 'AWS' },
    ];
    const gauge = { labels: { __name__: 'up' }, value: 1, resets: [{ day: -1, at: '10:00' }] };
    await expect(startSandbox({ seed: { ...base, clusters, metrics: [entry(gauge)] } })).rejects.toThrow(
      'metrics[0].series[0].resets: only a counter resets',
    );
    const spike = {
      labels: { __name__: 'up' },
      value: { base: 1, spikes: [{ day: -1, at: '25:00', minutes: 5, value: 1 }] },
    };
    await expect(startSandbox({ seed: { ...base, clusters, metrics: [entry(spike)] } })).rejects.toThrow(
      'metrics[0].series[0].value.spikes[0].at: expected a time of day',
    );
  });

  it.each([
    [{ interval: '5m', history: '1m' }, 'metrics[0].history: must be at least one interval'],
    [{ interval: '5 minutes' }, 'metrics[0].interval: expected a Prometheus duration'],
    [
      { series: [{ histogram: 'not a name', buckets: [1], requests: 1, latency: 1 }] },
      'series[0].histogram: "not a name" is not a metric name',
    ],
    [
      { series: [{ histogram: 'h', buckets: [], requests: 1, latency: 1 }] },
      'series[0].buckets: a histogram needs at least one bucket',
    ],
    [
      { series: [{ labels: { __name__: 'up', 'bad-label': 'x' }, value: 1 }] },
      'series[0].labels.bad-label: "bad-label" is not a label name',
    ],
    [{ series: [{ labels: { __name__: 'up' }, value: 'high' }] }, 'series[0].value: expected a mapping'],
    [
      { series: [{ labels: { __name__: 'up' }, value: { base: '1' } }] },
      'series[0].value.base: expected a number',
    ],
    [
      {
        series: [
          {
            labels: { __name__: 'up' },
            value: { base: 1, spikes: [{ day: 1, at: '10:00', minutes: 5, value: 1 }] },
          },
        ],
      },
      'spikes[0].day: expected 0 (today) or a negative whole number of days',
    ],
    [
      { series: [{ labels: { __name__: 'up' }, value: 1, gaps: [{ day: -1, at: '10:00', minutes: 0 }] }] },
      'series[0].gaps[0].minutes: expected a positive number of minutes',
    ],
    [
      { series: [{ labels: { __name__: 'up', code: 200 }, value: 1, type: 'summary' }] },
      'series[0].type: expected one of gauge, counter',
    ],
  ])('refuse a mistake in an entry: %j', async (fields, message) => {
    const clusters = [
      { id: PROD_EU, organization_id: base.organizations[0]!.id, name: 'prod-eu', cloud_provider: 'AWS' },
    ];
    const metrics = [{ cluster_id: PROD_EU, series: [{ labels: { __name__: 'up' }, value: 1 }], ...fields }];
    await expect(startSandbox({ seed: { ...base, clusters, metrics } })).rejects.toThrow(message);
  });

  it('refuse two entries for one cluster', async () => {
    const clusters = [
      { id: PROD_EU, organization_id: base.organizations[0]!.id, name: 'prod-eu', cloud_provider: 'AWS' },
    ];
    const one = { cluster_id: PROD_EU, series: [] };
    await expect(startSandbox({ seed: { ...base, clusters, metrics: [one, one] } })).rejects.toThrow(
      'metrics[1].cluster_id: duplicate',
    );
  });
});
