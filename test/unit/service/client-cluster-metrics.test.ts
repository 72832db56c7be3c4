import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/usage-error.js';
import { metricsFault } from '../../../src/sandbox/index.js';
import { createServiceClient, type ServiceClientOptions } from '../../../src/service/client.js';
import {
  parsePrometheusMatrix,
  parsePrometheusVector,
} from '../../../src/service/decode/prometheus-answer.js';
import { ApiError } from '../../../src/service/errors.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { useSandbox } from '../../helpers/sandbox.js';

const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';

// The sandbox runs on the real clock: the scripted slow answer must really be slow for the deadline to cut it.
const sandbox = useSandbox({ rateLimit: false });
const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox().setFaults({});
  sandbox().resetLog();
});

function client(overrides: Partial<ServiceClientOptions> = {}) {
  const clock = new FakeClock();
  const service = createServiceClient({
    apiUrl: sandbox().url,
    token: sandbox().token,
    clock,
    random: () => 0.5,
    ...overrides,
  });
  clients.push(service);
  return { service, clock };
}

const endS = Math.floor(Date.now() / 1000);
const RANGE = {
  endpoint: 'api/v1/query_range',
  query: 'sum by (status) (rate(http_server_requests_total{app="api"}[5m]))',
  start: String(endS - 3600),
  end: String(endS),
  step: '60',
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('getClusterMetrics against the sandbox', () => {
  it('sends the query parameters as given, and the answer reads as a Prometheus matrix', async () => {
    const { service } = client();
    const answer = await service.getClusterMetrics(PROD_EU, { ...RANGE, timeout: '20s', deadlineMs: 10_000 });
    const [request] = sandbox().requests;
    expect(request!.path).toBe(`/cluster/${PROD_EU}/metrics`);
    // Every parameter as given, the client's own deadline not among them.
    expect(request!.query).toEqual({ ...RANGE, timeout: '20s' });
    const reading = parsePrometheusMatrix(answer.metrics);
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.series.map((s) => s.metric)).toEqual([{ status: '200' }, { status: '500' }]);
    expect(reading.series[0]!.values).toHaveLength(61);
    expect(reading.series[0]!.values[0]![0]).toBe(endS - 3600);
    expect(reading.series[0]!.values.every(([, v]) => v > 0)).toBe(true);
    expect(service.requestCounts().byOperation).toEqual({ 'get-cluster-metrics': 1 });
  });

  it('an instant query reads as a vector', async () => {
    const { service } = client();
    const answer = await service.getClusterMetrics(PROD_EU, { endpoint: 'api/v1/query', query: 'count(up)' });
    const reading = parsePrometheusVector(answer.metrics);
    expect(reading.ok && reading.series).toEqual([{ metric: {}, values: [[expect.any(Number), 2]] }]);
  });

  it('Prometheus refusals arrive as text to read, not as failures of the request', async () => {
    const { service } = client();
    const answer = await service.getClusterMetrics(PROD_EU, { ...RANGE, step: '0.1' });
    expect(parsePrometheusMatrix(answer.metrics)).toEqual({
      ok: false,
      reason:
        'Prometheus error: bad_data: exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)',
    });
  });
});

describe('getClusterMetrics when the metrics endpoint fails', () => {
  it('retries a 500 as every read is retried', async () => {
    sandbox().setFaults({ script: [metricsFault('server-error', 2)] });
    const { service, clock } = client();
    const answer = await service.getClusterMetrics(PROD_EU, RANGE);
    expect(parsePrometheusMatrix(answer.metrics).ok).toBe(true);
    expect(sandbox().count('get-cluster-metrics')).toBe(3);
    expect(clock.sleeps).toHaveLength(2);
  });

  it('gives up on a lasting 500 after the read attempts', async () => {
    sandbox().setFaults({ script: [metricsFault('server-error', 10)] });
    const { service } = client({ retry: { maxAttempts: 3 } });
    const error = await failure(service.getClusterMetrics(PROD_EU, RANGE));
    expect(error.status).toBe(500);
    expect(sandbox().count('get-cluster-metrics')).toBe(3);
  });

  it('a slow endpoint is cut at the request deadline, retries included', async () => {
    sandbox().setFaults({ script: [metricsFault('slow', 5)] });
    const { service } = client();
    const started = Date.now();
    const error = await failure(service.getClusterMetrics(PROD_EU, { ...RANGE, deadlineMs: 300 }));
    const tookMs = Date.now() - started;
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('within 300 ms');
    // The sandbox would have answered after 30 s; the deadline leaves no time for a second attempt.
    expect(tookMs).toBeLessThan(10_000);
    expect(service.requestCounts()).toEqual({
      total: 1,
      byOperation: { 'get-cluster-metrics': 1 },
      unanswered: 1,
    });
  });

  it('refuses a deadline that is not a positive number of milliseconds, before sending anything', () => {
    const { service } = client();
    for (const deadlineMs of [0, -5, Number.NaN]) {
      expect(() => service.getClusterMetrics(PROD_EU, { ...RANGE, deadlineMs })).toThrow(UsageError);
    }
    expect(sandbox().count('get-cluster-metrics')).toBe(0);
  });

  it('a deadline still lets a quick failure be retried within it', async () => {
    sandbox().setFaults({ script: [metricsFault('server-error')] });
    const { service } = client();
    const answer = await service.getClusterMetrics(PROD_EU, { ...RANGE, deadlineMs: 5_000 });
    expect(parsePrometheusMatrix(answer.metrics).ok).toBe(true);
    expect(sandbox().count('get-cluster-metrics')).toBe(2);
  });

  it('an HTML page or metrics that are not text fail the request as an invalid answer', async () => {
    sandbox().setFaults({ script: [metricsFault('html-page'), metricsFault('not-a-string')] });
    const { service } = client();
    const html = await failure(service.getClusterMetrics(PROD_EU, RANGE));
    expect(html.kind).toBe('invalid-response');
    const notText = await failure(service.getClusterMetrics(PROD_EU, RANGE));
    expect(notText.kind).toBe('invalid-response');
    expect(notText.message).toContain("'metrics'");
  });

  it("an unknown shape inside metrics is the reading's reason, not an exception", async () => {
    sandbox().setFaults({ script: [metricsFault('unknown-shape'), metricsFault('prometheus-error')] });
    const { service } = client();
    const unknown = await service.getClusterMetrics(PROD_EU, RANGE);
    expect(parsePrometheusMatrix(unknown.metrics)).toEqual({
      ok: false,
      reason: 'unknown shape of the metrics answer: status is missing',
    });
    const timedOut = await service.getClusterMetrics(PROD_EU, RANGE);
    expect(parsePrometheusMatrix(timedOut.metrics)).toEqual({
      ok: false,
      reason: 'Prometheus error: timeout: query timed out in expression evaluation',
    });
  });
});
