import { type AddressInfo, createServer } from 'node:net';
import { ProxyAgent } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxyAgentFor } from '../../../src/core/proxy-agent.js';

/** A loopback port nothing listens on: taken, then freed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

function setProxy(proxy: string, noProxy = '') {
  vi.stubEnv('https_proxy', proxy);
  vi.stubEnv('HTTPS_PROXY', '');
  vi.stubEnv('http_proxy', proxy);
  vi.stubEnv('no_proxy', noProxy);
  vi.stubEnv('NO_PROXY', '');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('proxyAgentFor', () => {
  it('goes direct without a proxy variable, to loopback, to what no_proxy names, and for a non-address', () => {
    setProxy('');
    expect(proxyAgentFor('https://api.qovery.com')).toBeUndefined();
    setProxy('http://proxy.corp:3128', 'api.qovery.com');
    expect(proxyAgentFor('https://api.qovery.com')).toBeUndefined();
    expect(proxyAgentFor(new URL('http://127.0.0.1:8080'))).toBeUndefined();
    expect(proxyAgentFor('not an address')).toBeUndefined();
    const agent = proxyAgentFor('https://api.github.com');
    expect(agent).toBeInstanceOf(ProxyAgent);
    void agent?.close();
  });

  it("passes on a proxy's own failure as it is: only an unanswered CONNECT becomes a connect timeout", async () => {
    setProxy(`http://127.0.0.1:${await closedPort()}`);
    const agent = proxyAgentFor('https://api.qovery.example', { tunnelTimeoutMs: 200 })!;
    try {
      const failure = await agent
        .request({ origin: 'https://api.qovery.example', path: '/', method: 'GET' })
        .then(
          () => null,
          (error: unknown) => error as { code?: string },
        );
      expect(failure?.code).toBe('ECONNREFUSED');
    } finally {
      await agent.destroy();
    }
  });
});
