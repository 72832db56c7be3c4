import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/service/client.js';
import type { AlertRuleCreationRequest } from '../../../src/service/types.js';
import { apiFailure } from '../../helpers/api-failure.js';
import { FakeClock } from '../../helpers/fake-clock.js';

/**
 * Answers the sandbox never gives (it always speaks JSON): a proxy's HTML page, plain text, a body that is
 * not JSON, a service echoing the Authorization header. A minimal node:http server on 127.0.0.1 plays them.
 */
type Script = (req: IncomingMessage, res: ServerResponse) => void;
let script: Script[] = [];
const seen: { method: string; url: string; authorization: string | undefined }[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    req.resume();
    req.on('end', () => (script.shift() ?? ((_q, r) => r.writeHead(500).end()))(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  script = [];
  seen.length = 0;
});

const TOKEN = 'qov_raw_answers_secret_token';
function client() {
  const service = createServiceClient({
    apiUrl: url,
    token: TOKEN,
    clock: new FakeClock(),
    random: () => 0.5,
  });
  clients.push(service);
  return service;
}

const NEW_RULE: AlertRuleCreationRequest = {
  organization_id: 'org-1',
  cluster_id: 'cluster-1',
  target: { target_type: 'CLUSTER', target_id: 'cluster-1' },
  name: 'raw-answers-rule',
  description: '',
  tag: 'test',
  condition: { kind: 'CUSTOM', promql: 'up == 0', operator: 'ABOVE', threshold: 0, function: 'NONE' },
  for_duration: 'PT1M',
  severity: 'LOW',
  enabled: false,
  alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
  presentation: {},
};

const send =
  (status: number, body: string, headers: Record<string, string> = {}): Script =>
  (_req, res) =>
    res.writeHead(status, headers).end(body);

describe('answers in other shapes', () => {
  it('refuses to send the token in clear text to another machine', () => {
    expect(() => createServiceClient({ apiUrl: 'http://api.example.com', token: TOKEN })).toThrow(
      /plain http/,
    );
  });

  it('refuses an empty token with the sentence that says how to set it', () => {
    expect(() => createServiceClient({ apiUrl: url, token: '  ' })).toThrow(
      'No API token. Token missing or invalid: set QOVERY_API_TOKEN (CLI) or the api-token input (action).',
    );
  });

  it("waits for a 503's Retry-After before the retry", async () => {
    const clock = new FakeClock();
    const service = createServiceClient({ apiUrl: url, token: TOKEN, clock, random: () => 0.5 });
    clients.push(service);
    script = [send(503, 'maintenance', { 'retry-after': '4' }), send(200, '{"results":[]}')];
    await expect(service.getAlertReceivers('org-1')).resolves.toEqual([]);
    expect(clock.sleeps).toEqual([4000]);
  });

  it('keeps the base address path prefix and sends the headers the service needs', async () => {
    script = [send(200, '{"results":[]}', { 'content-type': 'application/json' })];
    await client().getAlertRules('org-1');
    expect(seen).toEqual([
      { method: 'GET', url: '/base/organization/org-1/alert-rules', authorization: `Token ${TOKEN}` },
    ]);
  });

  it("a proxy's HTML 502: retried, then its title is the message", async () => {
    const page =
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>';
    script = Array.from({ length: 4 }, () => send(502, page, { 'content-type': 'text/html' }));
    const error = await apiFailure(client().getAlertReceivers('org-1'));
    expect(error).toMatchObject({ status: 502, serviceMessage: '502 Bad Gateway' });
    expect(seen).toHaveLength(4);
  });

  it('a plain-text 400 is the message as it is', async () => {
    script = [send(400, 'cloudProvider must be one of AWS, SCW, GCP\n', { 'content-type': 'text/plain' })];
    const error = await apiFailure(
      client().listPlatformTemplates('org-1', { clusterMode: 'QOVERY_MANAGED', cloudProvider: 'AWS' }),
    );
    expect(error.serviceMessage).toBe('cloudProvider must be one of AWS, SCW, GCP');
    expect(seen[0]?.url).toBe(
      '/base/organization/org-1/platformTemplate?clusterMode=QOVERY_MANAGED&cloudProvider=AWS',
    );
  });

  it('a 200 whose body is not JSON', async () => {
    script = [send(200, '<html>maintenance</html>')];
    const error = await apiFailure(client().getAlertRules('org-1'));
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect(error.hint).toMatch(/the body is not JSON/);
  });

  it('a rule list whose items are read one by one: a bad item after good ones is still "not JSON"', async () => {
    const good = JSON.stringify({
      source: 'GHOST',
      name: 'orphan',
      state: 'OK',
      target: null,
      starts_at: null,
    });
    for (const body of [`{"results":[${good},${good}]}`, `{"results":[${good},{"name": ]}`]) {
      script.push(send(200, body, { 'content-type': 'application/json' }));
    }
    const rules = await client().getAlertRules('org-1');
    expect(rules).toEqual([JSON.parse(good), JSON.parse(good)]);
    const error = await apiFailure(client().getAlertRules('org-1'));
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect(error.hint).toMatch(/the body is not JSON/);
  });

  it('an empty or blank 200 to a list is "the body is empty"', async () => {
    for (const body of ['', ' \n\u00a0\t']) {
      script = [send(200, body)];
      const error = await apiFailure(client().getAlertRules('org-1'));
      expect(error.hint).toMatch(/the body is empty/);
    }
  });

  it('a create the service accepted with an unreadable answer says the rule most likely exists', async () => {
    script = [send(201, ''), send(201, 'Created', { 'content-type': 'text/plain' })];
    for (const problem of ['the body is empty', 'the body is not JSON']) {
      const error = await apiFailure(client().createAlertRule(NEW_RULE));
      expect(error).toMatchObject({ kind: 'invalid-response', status: 201 });
      expect(error.message).toContain(`The answer cannot be used: ${problem}.`);
      expect(error.message).toMatch(/accepted it, so the rule was most likely created: run plan again/);
    }
    expect(seen.map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it('an edit the service accepted with an unreadable answer says the change was most likely made', async () => {
    script = [send(200, '{"ok":true}')];
    const error = await apiFailure(client().editAlertRule('r-1', NEW_RULE));
    expect(error.message).toMatch(/accepted it, so the change was most likely made: run plan again/);
    expect(error.message).not.toMatch(/created twice/);
  });

  it('an unreadable answer to a read says nothing about a change', async () => {
    script = [send(200, '{"results": 3}')];
    const error = await apiFailure(client().getAlertRules('org-1'));
    expect(error.message).toMatch(/field 'results' is missing or not an array/);
    expect(error.message).not.toMatch(/accepted/);
  });

  it('a redirect is not followed, so the token never goes to another address', async () => {
    script = [send(301, '', { location: 'http://elsewhere.example.com/alert-rules/r-1' })];
    const error = await apiFailure(client().getAlertRule('r-1'));
    expect(error).toMatchObject({ status: 301, kind: 'http' });
    expect(error.hint).toMatch(/redirect, which is never followed.*check the API URL/);
    expect(seen).toHaveLength(1);
  });

  it('a 204 without a body for a delete', async () => {
    script = [send(204, '')];
    await expect(client().deleteAlertRule('r-1')).resolves.toBeUndefined();
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/base/alert-rules/r-1' });
  });

  it('a service that echoes the Authorization header never gets the token into the error', async () => {
    script = [
      (req, res) =>
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: 401, detail: `rejected credentials: ${req.headers.authorization}` })),
    ];
    const error = await apiFailure(client().getAlertRules('org-1'));
    expect(error.serviceMessage).toBe('rejected credentials: Token ***');
    expect(error.message).not.toContain(TOKEN);
  });

  it('reads deployment history and logs, and a 404 says what was not found (the caller falls back)', async () => {
    const deployment = {
      identifier: { deployment_id: 'd-1', cluster_id: 'c-1' },
      auditing_data: { created_at: '2026-11-21T01:00:00Z', updated_at: '2026-11-21T01:02:00Z' },
      status: 'DEPLOYMENT_ERROR',
      action_status: 'ERROR',
      trigger_action: 'DEPLOY',
      reason: 'upgrade',
    };
    const entry = {
      type: 'error',
      timestamp: '2026-11-21T01:01:00.000000001Z',
      step: 'Create',
      message: { safe_message: 'x' },
    };
    script = [
      send(200, JSON.stringify({ page: 1, page_size: 3, results: [deployment] })),
      send(200, JSON.stringify({ results: [entry] })),
      send(404, '{"status":404,"error":"Not Found"}'),
      send(200, JSON.stringify({ results: [entry] })),
    ];
    const service = client();
    const history = await service.listClusterDeploymentHistoryV2('org-1', 'c-1', 3);
    expect(history.map((d) => d.identifier.deployment_id)).toEqual(['d-1']);
    expect(await service.listClusterDeploymentLogs('org-1', 'c-1', 'd-1')).toEqual([entry]);
    const missing = await apiFailure(service.listClusterDeploymentHistoryV2('org-1', 'c-2'));
    expect(missing).toMatchObject({ status: 404, serviceMessage: 'Not Found' });
    expect(missing.hint).toMatch(
      /^Cluster c-2 of organization org-1 was not found, or the service has no deployment history/,
    );
    expect(await service.listClusterLogs('org-1', 'c-2')).toEqual([entry]);
    expect(seen.map((r) => r.url)).toEqual([
      '/base/organization/org-1/cluster/c-1/deploymentHistoryV2?pageSize=3',
      '/base/organization/org-1/cluster/c-1/deployment/d-1/logs',
      '/base/organization/org-1/cluster/c-2/deploymentHistoryV2',
      '/base/organization/org-1/cluster/c-2/logs',
    ]);
    expect(service.requestCounts()).toEqual({
      total: 4,
      byOperation: { listClusterDeploymentHistoryV2: 2, listClusterDeploymentLogs: 1, listClusterLogs: 1 },
    });
  });
});
