/**
 * The service client behind the runner's proxy, where it can fail: the end-to-end test
 * (test/e2e/service-proxy.test.ts) plans through a working one.
 */
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../src/service/client.js';
import { ApiError } from '../../../src/service/errors.js';
import { useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const sandbox = useSandbox({ rateLimit: false });

/** A proxy that accepts connections, reads what it is asked, and never answers. */
async function silentProxy() {
  const asked: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => asked.push(chunk.toString('latin1').split('\r\n')[0]!));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the service client behind a proxy', () => {
  it('gives up on a proxy that never answers its CONNECT within the connect timeout, and closes at once', async () => {
    const proxy = await silentProxy();
    vi.stubEnv('https_proxy', proxy.url);
    vi.stubEnv('no_proxy', '');
    vi.stubEnv('NO_PROXY', '');
    const service = createServiceClient({
      apiUrl: 'https://api.qovery.example',
      token: 'qov_token',
      timeouts: { connectMs: 200 },
      retry: { maxAttempts: 1 },
    });
    try {
      const error = await service.getAlertRules(ACME).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      // A connect timeout: nothing reached the service (a create would be retried).
      expect((error as ApiError).message).toContain(
        'timed out. No connection within 200 ms (UND_ERR_CONNECT_TIMEOUT, 1 attempt to https://api.qovery.example)',
      );
      expect(proxy.asked).toEqual(['CONNECT api.qovery.example:443 HTTP/1.1']);
    } finally {
      // Before the bound, closing waited for undici's own 300 s CONNECT timeout: this test would time out.
      await service.close();
      await proxy.close();
    }
  });

  it('goes direct to a loopback address, whatever https_proxy says', async () => {
    // no_proxy is the shared rule's (test/unit/core/proxy-agent.test.ts): going direct to a name would
    // mean a name lookup, which no test here makes.
    const proxy = await silentProxy();
    vi.stubEnv('https_proxy', proxy.url);
    vi.stubEnv('http_proxy', proxy.url);
    vi.stubEnv('no_proxy', '');
    vi.stubEnv('NO_PROXY', '');
    try {
      const service = createServiceClient({ apiUrl: sandbox().url, token: sandbox().token });
      await expect(service.getAlertRules(ACME)).resolves.toBeDefined();
      await service.close();
      expect(proxy.asked).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
