import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { createServiceClient, type ServiceClientOptions } from '../../../src/service/client.js';
import { apiFailure } from '../../helpers/api-failure.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';

// The sandbox runs on the real clock here: its scripted delays must really pass for timeouts to fire.
// undici checks its header and body timeouts on a coarse (about half-second) tick, so a 100 ms timeout
// fires within about a second. The delays are far longer, so it fires every time even on a busy machine;
// they cost nothing, since the sandbox stops waiting as soon as the client gives up.
const sandbox = useSandbox({ rateLimit: false });
const clients: { close(): Promise<void> }[] = [];

function createClient(
  on: Sandbox,
  owned: { close(): Promise<void> }[],
  overrides: Partial<ServiceClientOptions> = {},
) {
  const clock = new FakeClock();
  const service = createServiceClient({
    apiUrl: on.url,
    token: on.token,
    clock,
    random: () => 0.5,
    timeouts: { headersMs: 100, bodyMs: 100 },
    retry: { maxAttempts: 2 },
    ...overrides,
  });
  owned.push(service);
  return { service, clock };
}

/** A client of the file's sandbox, closed after the test. */
const setup = (overrides: Partial<ServiceClientOptions> = {}) => createClient(sandbox(), clients, overrides);

/**
 * Runs `test` with a sandbox and clients of its own, closed afterwards: the timeout tests wait on undici's
 * coarse tick, not on work, so they run side by side, each with its own scripted faults.
 */
async function alone(
  test: (world: {
    sandbox: Sandbox;
    setup: (overrides?: Partial<ServiceClientOptions>) => ReturnType<typeof createClient>;
  }) => Promise<void>,
): Promise<void> {
  const own = await startSandbox({ rateLimit: false });
  const owned: { close(): Promise<void> }[] = [];
  try {
    await test({ sandbox: own, setup: (overrides) => createClient(own, owned, overrides) });
  } finally {
    await Promise.all(owned.map((c) => c.close()));
    await own.close();
  }
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox().resetLog();
  sandbox().setFaults({});
});

const creation = {
  organization_id: ACME,
  cluster_id: PROD_EU,
  target: { target_type: 'CLUSTER' as const, target_id: PROD_EU },
  name: 'timeout-create',
  description: '',
  tag: 't',
  condition: { kind: 'CUSTOM' as const, promql: 'up == 0' },
  for_duration: 'PT1M',
  severity: 'LOW' as const,
  enabled: true,
  alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
  presentation: {},
};

describe.concurrent('timeouts, each test with its own sandbox', () => {
  it('no headers in time: kind timeout, retried, then given up', () =>
    alone(async ({ sandbox, setup }) => {
      const { service } = setup();
      sandbox.setFaults({ script: [{ operation: 'getAlertRules', delayMs: 5000, times: 2 }] });
      const error = await apiFailure(service.getAlertRules(ACME));
      expect(error).toMatchObject({ kind: 'timeout', status: null, operation: 'getAlertRules' });
      expect(error.hint).toBe(
        `No answer within 100 ms (UND_ERR_HEADERS_TIMEOUT, 2 attempts to ${sandbox.url}). Try again later.`,
      );
      expect(error.message).toMatch(
        /^getAlertRules \(GET \/organization\/.+\/alert-rules\) timed out\. No answer/,
      );
      expect(service.requestCounts().byOperation.getAlertRules).toBe(2);
    }));

  it('a slow answer once, then a quick one: the retry succeeds', () =>
    alone(async ({ sandbox, setup }) => {
      const { service, clock } = setup();
      sandbox.setFaults({ script: [{ operation: 'getAlertReceivers', delayMs: 5000 }] });
      await expect(service.getAlertReceivers(ACME)).resolves.not.toHaveLength(0);
      expect(clock.sleeps).toEqual([375]);
    }));

  it('a body that stops arriving: kind timeout', () =>
    alone(async ({ sandbox, setup }) => {
      const { service } = setup({ retry: { maxAttempts: 1 } });
      sandbox.setFaults({ slowBodyMs: 5000 });
      const error = await apiFailure(service.getAlertReceivers(ACME));
      expect(error.kind).toBe('timeout');
      expect(error.hint).toMatch(
        /^The answer stopped arriving within 100 ms \(UND_ERR_BODY_TIMEOUT, 1 attempt to http:\/\/127\.0\.0\.1:\d+\)/,
      );
    }));

  it('a body trickling a byte at a time is cut at the whole-attempt bound, not waited on for ever', () =>
    alone(async ({ setup }) => {
      // Each byte comes well within bodyMs, so only the bound on the whole attempt can end it.
      const server = createHttpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const tick = setInterval(() => res.write(' '), 20);
        res.on('close', () => clearInterval(tick));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { service, clock } = setup({
          apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          timeouts: { headersMs: 5_000, bodyMs: 5_000, totalMs: 300 },
          retry: { maxAttempts: 2 },
        });
        const error = await apiFailure(service.getAlertRules(ACME));
        expect(error.kind).toBe('timeout');
        expect(error.hint).toMatch(
          /^The whole answer did not arrive within 300 ms \(ATTEMPT_TOO_SLOW, 2 attempts to http:\/\/127\.0\.0\.1:\d+\)\. Try again later\.$/,
        );
        expect(clock.sleeps).toHaveLength(1);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }));

  it('a create that timed out after sending is not repeated', () =>
    alone(async ({ sandbox, setup }) => {
      const { service } = setup({ retry: { maxAttempts: 4 } });
      sandbox.setFaults({ script: [{ operation: 'createAlertRule', delayMs: 5000, times: 4 }] });
      const error = await apiFailure(service.createAlertRule(creation));
      expect(error.kind).toBe('timeout');
      expect(error.hint).toMatch(/may have been created anyway/);
      expect(service.requestCounts().byOperation.createAlertRule).toBe(1);
    }));
});

describe('connections', () => {
  it('a reset: kind network, GET retried up to the bound', async () => {
    const { service, clock } = setup({ retry: { maxAttempts: 3 } });
    sandbox().setFaults({ resetRate: 1 });
    const error = await apiFailure(service.getAlertRule('a2a2a2a2-0000-4000-8000-000000000501'));
    expect(error).toMatchObject({ kind: 'network', status: null });
    expect(error.hint).toMatch(
      /^The connection was closed before the answer was complete \(UND_ERR_SOCKET, 3 attempts to http:\/\/127\.0\.0\.1:\d+\)/,
    );
    expect(clock.sleeps).toEqual([375, 750]);
    expect(sandbox().count('getAlertRule')).toBe(3);
  });

  it('connection refused: even a create is retried, since nothing reached the service', async () => {
    const port = await freePort();
    const clock = new FakeClock();
    const service = createServiceClient({
      apiUrl: `http://127.0.0.1:${port}`,
      token: 'qov_x_token',
      clock,
      random: () => 0.5,
    });
    clients.push(service);
    const error = await apiFailure(service.createAlertRule(creation));
    expect(error).toMatchObject({ kind: 'network', status: null });
    expect(error.hint).toBe(
      `Connection refused (ECONNREFUSED, 4 attempts to http://127.0.0.1:${port}). Check the API URL (--api-url, QOVERY_API_URL or the api-url input) and the network.`,
    );
    expect(error.message).toMatch(
      /^createAlertRule \(POST \/alert-rules\) could not reach the service\. Connection refused/,
    );
    // None of the four attempts reached the service: the counts say so.
    expect(service.requestCounts()).toEqual({ total: 4, byOperation: { createAlertRule: 4 }, unanswered: 4 });
    expect(clock.sleeps).toEqual([375, 750, 1500]);
  });

  it('after close(), nothing more is sent: using a closed client is a bug', async () => {
    const { service } = setup();
    await service.close();
    await service.close();
    await expect(service.getAlertReceivers(ACME)).rejects.toThrow(
      'service client used after close(): getAlertReceivers',
    );
    expect(sandbox().count()).toBe(0);
  });
});

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
