/**
 * The service client behind the runner's proxy, where it can fail: the end-to-end test
 * (test/e2e/service-proxy.test.ts) plans through a working one.
 */
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../src/service/client.js';
import { apiFailure } from '../../helpers/api-failure.js';
import { useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const sandbox = useSandbox({ rateLimit: false });

/**
 * A proxy that accepts connections, reads what it is asked, and never answers; or, given `answer`, answers
 * each request with it.
 */
async function silentProxy(answer?: string) {
  const asked: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => {
      asked.push(chunk.toString('latin1').split('\r\n')[0]!);
      if (answer !== undefined) socket.end(answer);
    });
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

/**
 * A client of a service on a name, sent through `proxyUrl` by HTTPS_PROXY (upper case, the lower-case one
 * emptied).
 */
function clientBehindUpperCaseProxy(proxyUrl: string) {
  vi.stubEnv('https_proxy', '');
  vi.stubEnv('HTTPS_PROXY', proxyUrl);
  vi.stubEnv('no_proxy', '');
  vi.stubEnv('NO_PROXY', '');
  return createServiceClient({ apiUrl: 'https://api.qovery.example', token: 'qov_token' });
}

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
      const error = await apiFailure(service.getAlertRules(ACME));
      // A connect timeout: nothing reached the service (a create would be retried). The proxy is named,
      // with what to check, rather than the service's address.
      expect(error.message).toContain(
        `timed out. The proxy ${proxy.url} (https_proxy) did not answer the CONNECT to the service within 200 ms (UND_ERR_CONNECT_TIMEOUT, 1 attempt to https://api.qovery.example). Check that the proxy at ${proxy.url} (set by https_proxy) is running`,
      );
      expect(error.message).not.toContain('Check the API URL');
      expect(proxy.asked).toEqual(['CONNECT api.qovery.example:443 HTTP/1.1']);
    } finally {
      // Before the bound, closing waited for undici's own 300 s CONNECT timeout: this test would time out.
      await service.close();
      await proxy.close();
    }
  });

  it('names a proxy that answers something other than HTTP, and does not ask it again', async () => {
    const proxy = await silentProxy('SSH-2.0-OpenSSH_9.6\r\n\r\n');
    const service = clientBehindUpperCaseProxy(proxy.url);
    try {
      const { message } = await apiFailure(service.getAlertRules(ACME));
      expect(message).toContain(
        `could not reach the service. The proxy ${proxy.url} (HTTPS_PROXY) answered something that is not HTTP (HPE_`,
      );
      expect(message).toContain(
        `Check that the proxy at ${proxy.url} (set by HTTPS_PROXY) is running and answers HTTP CONNECT, or list the service's host in no_proxy to go direct.`,
      );
      expect(message).not.toContain('Try again later');
      // Asking again would get the same answer.
      expect(message).toContain('1 attempt to https://api.qovery.example)');
      expect(proxy.asked).toEqual(['CONNECT api.qovery.example:443 HTTP/1.1']);
    } finally {
      await service.close();
      await proxy.close();
    }
  });

  it.each([
    [
      407,
      'Proxy Authentication Required',
      ': proxy credentials missing or wrong',
      'Put the right credentials for the proxy at',
    ],
    [403, 'Forbidden', '', 'Ask the administrator of the proxy at'],
  ])(
    'names the proxy and its variable when it refuses the tunnel with %i, and does not ask again',
    async (status, reason, why, next) => {
      const proxy = await silentProxy(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: 0\r\n\r\n`);
      const service = clientBehindUpperCaseProxy(proxy.url);
      try {
        const { message } = await apiFailure(service.getAlertRules(ACME));
        expect(message).toContain(
          `could not reach the service. The proxy ${proxy.url} (HTTPS_PROXY) refused the tunnel (HTTP ${status}${why}) (UND_ERR_ABORTED, 1 attempt to https://api.qovery.example). ${next} ${proxy.url} (set by HTTPS_PROXY)`,
        );
        expect(message).not.toContain('Check the API URL');
        expect(proxy.asked).toEqual(['CONNECT api.qovery.example:443 HTTP/1.1']);
      } finally {
        await service.close();
        await proxy.close();
      }
    },
  );

  it('without a proxy, says that the address answers something other than HTTP, and what to check', async () => {
    const server = await silentProxy('SSH-2.0-OpenSSH_9.6\r\n\r\n');
    vi.stubEnv('https_proxy', '');
    vi.stubEnv('HTTPS_PROXY', '');
    vi.stubEnv('http_proxy', '');
    vi.stubEnv('HTTP_PROXY', '');
    const service = createServiceClient({ apiUrl: server.url, token: 'qov_token' });
    try {
      const error = await apiFailure(service.getAlertRules(ACME));
      expect(error.message).toMatch(
        /could not reach the service\. The address answered something that is not HTTP \(HPE_\w+, 1 attempt to http:\/\/127\.0\.0\.1:\d+\)\. Check the API URL/,
      );
    } finally {
      await service.close();
      await server.close();
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
