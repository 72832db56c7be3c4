/**
 * Behind a proxy (a self-hosted runner that reaches the internet only through one), the service is reached
 * through https_proxy, as GitHub is. The CLI bundle runs in a child process with the proxy variables set;
 * "api.qovery.example" exists only in the proxy's eyes: it tunnels every CONNECT to a TLS server on
 * loopback that serves the sandbox under a test certificate, which the child trusts with
 * NODE_EXTRA_CA_CERTS. Nothing leaves loopback (a direct connection would need a DNS lookup of the name:
 * no test here asks for one).
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, connect, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/types.js';
import { inRepository } from '../helpers/repository.js';
import { EXAMPLE_SECRETS } from './action-runner.js';
import { runCli } from './bundle.js';

const HOST = 'api.qovery.example';
const CERTIFICATE = inRepository('test', 'fixtures', 'tls', 'api-qovery-example.pem');
const KEY = inRepository('test', 'fixtures', 'tls', 'api-qovery-example.key');

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const listening = async <T extends Server>(server: T): Promise<T> => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
};

/** Every connection of `server` piped to `port` on loopback; the sockets kept to end them at the close. */
function pipeTo(port: number, sockets: Set<Socket>) {
  return (client: Socket, head: Buffer = Buffer.alloc(0)) => {
    sockets.add(client);
    const upstream = connect(port, '127.0.0.1', () => upstream.write(head));
    sockets.add(upstream);
    upstream.pipe(client).pipe(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  };
}

describe('the service behind the runner proxy', () => {
  let sandbox: Sandbox;
  let tls: Server;
  let proxy: Server;
  const sockets = new Set<Socket>();
  /** What the proxy was asked: the CONNECT target and the credentials it was given. */
  const asked: string[] = [];
  /** The status the proxy answers a CONNECT with. */
  let answer = 200;

  beforeAll(async () => {
    sandbox = await startSandbox();
    const toSandbox = pipeTo(Number(new URL(sandbox.url).port), sockets);
    tls = await listening(
      createTlsServer({ cert: readFileSync(CERTIFICATE), key: readFileSync(KEY) }, (socket) =>
        toSandbox(socket),
      ),
    );
    const toTls = pipeTo(portOf(tls), sockets);
    proxy = await listening(createHttpServer((_req, res) => res.writeHead(405).end()));
    proxy.on('connect', (req, client: Socket, head: Buffer) => {
      asked.push(`${req.url} ${req.headers['proxy-authorization'] ?? 'no credentials'}`);
      if (answer !== 200) {
        client.end(`HTTP/1.1 ${answer} Refused\r\n\r\n`);
        return;
      }
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      toTls(client, head);
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all([
      sandbox.close(),
      new Promise((done) => tls.close(done)),
      new Promise((done) => proxy.close(done)),
    ]);
  });
  beforeEach(() => {
    asked.length = 0;
    answer = 200;
    sandbox.resetLog();
  });

  const env = (proxyVariables: Record<string, string>) => ({
    QOVERY_API_URL: `https://${HOST}`,
    QOVERY_API_TOKEN: sandbox.token,
    NODE_EXTRA_CA_CERTS: CERTIFICATE,
    ...EXAMPLE_SECRETS,
    ...proxyVariables,
  });
  const plan = (variables: Record<string, string>) =>
    runCli(['plan', 'fixtures/example', '--org', sandbox.organizationId, '--format', 'json'], {
      env: env(variables),
    });

  it('plans through https_proxy, with the proxy credentials the variable holds', async () => {
    const run = await plan({ https_proxy: `http://ops:s3cret%21@127.0.0.1:${portOf(proxy)}` });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).requests.byOperation.getAlertRules).toBe(1);
    expect(sandbox.count('getAlertRules')).toBe(1);
    // Every tunnel (one per connection the run keeps alive) with the credentials decoded, then sent as Basic.
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(
      new Set([`${HOST}:443 Basic ${Buffer.from('ops:s3cret!').toString('base64')}`]),
    );
    expect(run.stdout + run.stderr).not.toContain('s3cret');
  });

  it('reads HTTPS_PROXY too, and says in one line when the proxy refuses the tunnel, sending nothing', async () => {
    answer = 407;
    const run = await plan({ HTTPS_PROXY: `http://127.0.0.1:${portOf(proxy)}` });
    expect(run.code, run.stdout).toBe(1);
    const messages: string[] = JSON.parse(run.stdout).diagnostics.map((d: { message: string }) => d.message);
    expect(messages[0]).toContain(
      `could not reach the service. The proxy http://127.0.0.1:${portOf(proxy)} (HTTPS_PROXY) refused the tunnel (HTTP 407: proxy credentials missing or wrong) (UND_ERR_ABORTED, 1 attempt to https://${HOST}). Put the right credentials for the proxy at http://127.0.0.1:${portOf(proxy)} (set by HTTPS_PROXY) in the variable's address`,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(asked[0]).toBe(`${HOST}:443 no credentials`);
    expect(sandbox.requests).toEqual([]);
  });
});
