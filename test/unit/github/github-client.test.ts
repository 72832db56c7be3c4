import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createGitHubClient,
  isLoopback,
  orchestrationTag,
  statusOf,
} from '../../../src/github/github-client.js';

/**
 * A GitHub Enterprise Server-like API under /api/v3 that fails the first attempt of each request, and never
 * answers a request for the label `hold`.
 */
async function flakyServer() {
  const seen: string[] = [];
  const agents: string[] = [];
  let attempts = 0;
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
    agents.push(req.headers['user-agent'] ?? '');
    attempts += 1;
    if (req.url?.includes('/labels/hold')) return;
    if (req.url?.includes('/labels/missing')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
    } else if (attempts % 2 === 1) {
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"Bad gateway"}');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"x"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url, seen, agents, close };
}

/**
 * A forward proxy on loopback that sends every tunnel (CONNECT host:port) to `target`, whatever host was
 * asked for, and records what it was asked.
 */
async function tunnellingProxy(target: string) {
  const { port } = new URL(target);
  const asked: string[] = [];
  const server = createServer((_req, res) => res.writeHead(405).end());
  const tunnels = new Set<{ destroy(): void }>();
  server.on('connect', (req, client, head) => {
    tunnels.add(client);
    const credentials = req.headers['proxy-authorization'];
    asked.push(`${req.method} ${req.url}${credentials ? ` ${credentials}` : ''}`);
    const upstream = connect(Number(port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const tunnel of tunnels) tunnel.destroy();
      }),
  };
}

describe('createGitHubClient', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close?.();
  });

  /**
   * The flaky server, and the runner's http_proxy set to a tunnelling proxy in front of it (with
   * `credentials`, user:password as a URL holds them).
   */
  async function serverBehindProxy(credentials = '') {
    const server = await flakyServer();
    const proxy = await tunnellingProxy(server.url);
    close = async () => {
      await proxy.close();
      await server.close();
    };
    vi.stubEnv('http_proxy', credentials ? proxy.url.replace('//', `//${credentials}@`) : proxy.url);
    vi.stubEnv('no_proxy', '');
    vi.stubEnv('NO_PROXY', '');
    return { server, proxy };
  }

  it("goes through the runner's proxy with the run's abort signal, which still aborts", async () => {
    const { server, proxy } = await serverBehindProxy();
    const run = new AbortController();
    // A name only the proxy knows: a request that went around it could not even be resolved.
    const client = createGitHubClient('ghs_token', {
      baseUrl: 'http://github.proxied.test/api/v3',
      retryBaseMs: 1,
      signal: run.signal,
    });
    const label = await client.rest.issues.getLabel({ owner: 'acme', repo: 'gitops', name: 'drift' });
    expect(label.data.name).toBe('x');
    expect(proxy.asked[0]).toBe('CONNECT github.proxied.test:80');
    expect(server.seen.at(-1)).toBe('GET /api/v3/repos/acme/gitops/labels/drift token ghs_token');

    const held = client.rest.issues.getLabel({ owner: 'acme', repo: 'gitops', name: 'hold' }).catch((e) => e);
    await vi.waitFor(() => expect(server.seen.at(-1)).toContain('/labels/hold'));
    run.abort();
    expect(((await held) as Error).name).toBe('AbortError');
  });

  it("gives the proxy the credentials of the runner's proxy address, as the toolkit does", async () => {
    const { proxy } = await serverBehindProxy('ci-bot:p%40ss');
    const client = createGitHubClient('ghs_token', {
      baseUrl: 'http://github.proxied.test/api/v3',
      retryBaseMs: 1,
    });
    await client.rest.issues.getLabel({ owner: 'acme', repo: 'gitops', name: 'drift' });
    const basic = Buffer.from('ci-bot:p@ss').toString('base64');
    expect(proxy.asked[0]).toBe(`CONNECT github.proxied.test:80 Basic ${basic}`);
  });

  it('goes around the proxy for a loopback address, as the toolkit does', async () => {
    const { server, proxy } = await serverBehindProxy();
    const client = createGitHubClient('ghs_token', { baseUrl: server.url, retryBaseMs: 1 });
    const label = await client.rest.issues.getLabel({ owner: 'acme', repo: 'gitops', name: 'drift' });
    expect(label.data.name).toBe('x');
    expect(proxy.asked).toEqual([]);
  });

  it("tags its requests with the runner's orchestration id, as the toolkit's client does", async () => {
    const server = await flakyServer();
    close = server.close;
    vi.stubEnv('ACTIONS_ORCHESTRATION_ID', 'orch 1');
    const client = createGitHubClient('ghs_token', { baseUrl: server.url, retryBaseMs: 1 });
    await client.rest.issues.getLabel({ owner: 'acme', repo: 'gitops', name: 'drift' });
    expect(server.agents.at(-1)).toMatch(/^actions_orchestration_id\/orch_1 octokit-core\.js\//);
    expect(orchestrationTag(undefined)).toBeUndefined();
    expect(orchestrationTag('  ')).toBeUndefined();
    expect(orchestrationTag('run 42/a:b')).toBe('actions_orchestration_id/run_42_a_b');
  });

  it('honours a GitHub Enterprise Server base address and retries a server error', async () => {
    const server = await flakyServer();
    close = server.close;
    const client = createGitHubClient('ghs_token', { baseUrl: `${server.url}/`, retryBaseMs: 1 });
    const label = await client.rest.issues.getLabel({ owner: 'acme', repo: 'gitops', name: 'drift' });
    expect(label.data.name).toBe('x');
    expect(server.seen).toEqual([
      'GET /api/v3/repos/acme/gitops/labels/drift token ghs_token',
      'GET /api/v3/repos/acme/gitops/labels/drift token ghs_token',
    ]);
  });

  it('does not retry what no retry fixes (404)', async () => {
    const server = await flakyServer();
    close = server.close;
    const client = createGitHubClient('ghs_token', { baseUrl: server.url, retryBaseMs: 1 });
    const error = await client.rest.issues
      .getLabel({ owner: 'acme', repo: 'gitops', name: 'missing' })
      .catch((e: unknown) => e);
    expect(statusOf(error)).toBe(404);
    expect(server.seen).toHaveLength(1);
  });

  it('paces and throttles a real GitHub address (the plugins accept their handlers)', () => {
    const client = createGitHubClient('ghs_token', { baseUrl: 'https://ghes.example.com/api/v3/' });
    expect(client.request.endpoint.DEFAULTS.baseUrl).toBe('https://ghes.example.com/api/v3');
  });

  it('knows a loopback address from GitHub', () => {
    expect(isLoopback('http://127.0.0.1:3000')).toBe(true);
    expect(isLoopback('http://[::1]:3000/api/v3')).toBe(true);
    expect(isLoopback('https://api.github.com')).toBe(false);
    expect(isLoopback('https://ghes.example.com/api/v3')).toBe(false);
  });
});
