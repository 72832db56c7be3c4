/**
 * SandboxOptions.metricsFrom: get-cluster-metrics passes the query to a Prometheus on loopback (here a small
 * server that answers as one and says what it was asked) and carries its answer's text in `metrics`.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../src/sandbox/index.js';
import type { Sandbox } from '../../../src/sandbox/types.js';
import { callSandbox } from '../../helpers/sandbox.js';

let prometheus: Server;
let sandbox: Sandbox;
const asked: { path: string; form: string }[] = [];

beforeAll(async () => {
  prometheus = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      asked.push({ path: req.url ?? '', form: body });
      res.writeHead(req.url === '/api/v1/query' ? 200 : 400, { 'content-type': 'application/json' });
      res.end(
        req.url === '/api/v1/query'
          ? '{"status":"success","data":{"resultType":"vector","result":[]}}'
          : '{"status":"error","errorType":"bad_data","error":"x"}',
      );
    });
  });
  await new Promise<void>((resolve) => prometheus.listen(0, '127.0.0.1', resolve));
  const { port } = prometheus.address() as { port: number };
  sandbox = await startSandbox({ rateLimit: false, metricsFrom: `http://127.0.0.1:${port}/` });
});

afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => prometheus.close(resolve));
});

const METRICS = '/cluster/c1a5e7e0-0000-4000-8000-000000000101/metrics';

describe('the sandbox in front of a Prometheus', () => {
  it("passes the query API's parameters on and carries the answer's text, whatever its status", async () => {
    const answer = await callSandbox(
      sandbox,
      'GET',
      `${METRICS}?endpoint=api/v1/query&query=up&time=60&timeout=5s&dedup=x`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      metrics: '{"status":"success","data":{"resultType":"vector","result":[]}}',
    });
    expect(asked.at(-1)).toEqual({ path: '/api/v1/query', form: 'query=up&time=60&timeout=5s' });
    const range = await callSandbox(
      sandbox,
      'GET',
      `${METRICS}?endpoint=/api/v1/query_range&query=up&start=0&end=60&step=60`,
    );
    expect(range.body).toEqual({ metrics: '{"status":"error","errorType":"bad_data","error":"x"}' });
    expect(asked.at(-1)?.path).toBe('/api/v1/query_range');
  });

  it('passes on the two endpoints only, and reaches loopback only', async () => {
    const other = await callSandbox(sandbox, 'GET', `${METRICS}?endpoint=api/v1/series&query=up`);
    expect(JSON.parse((other.body as { metrics: string }).metrics)).toMatchObject({
      status: 'error',
      errorType: 'bad_data',
    });
    await expect(startSandbox({ metricsFrom: 'http://prometheus.example:9090' })).rejects.toThrow(
      'metricsFrom must be a loopback http URL',
    );
    await expect(startSandbox({ metricsFrom: 'not a url' })).rejects.toThrow(
      'metricsFrom must be a loopback http URL',
    );
  });
});
