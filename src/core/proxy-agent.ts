/**
 * The runner's proxy for an address, applied as the toolkit's HttpClient applies it: https_proxy or
 * http_proxy by the address's scheme, with no_proxy and loopback addresses going direct (the toolkit's own
 * getProxyUrl reads them), and the proxy's credentials sent as Basic. The one home of that rule for both
 * clients: GitHub's (src/github/proxy-fetch.ts) and the service's (src/service/client.ts).
 */
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { type Dispatcher, errors, Pool, ProxyAgent } from 'undici';

/**
 * The options of the agent behind the proxy (timeouts, keep-alive); the proxy's own come from the
 * environment. Not `connect`, which the ProxyAgent replaces with its tunnel: `proxyTls` and `requestTls`
 * take the connect timeout.
 */
export type ProxiedAgentOptions = Omit<
  ProxyAgent.Options,
  'uri' | 'token' | 'auth' | 'connect' | 'clientFactory'
> & {
  /**
   * How long the proxy may take to answer a CONNECT. Without it undici waits its default 300 s, and closing
   * the agent waits for that answer too: a proxy that accepts the connection and never answers would hold
   * a run for five minutes.
   */
  readonly tunnelTimeoutMs?: number;
};

/** A ProxyAgent when the environment sets a proxy for `address`; undefined to go direct. */
export function proxyAgentFor(
  address: string | URL,
  options: ProxiedAgentOptions = {},
): ProxyAgent | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    // Not an address: no proxy applies, and each request fails on its own, reported as it always was.
    return undefined;
  }
  const proxy = getProxyUrl(url);
  if (!proxy?.hostname) return undefined;
  const credentials = proxy.username || proxy.password;
  const { tunnelTimeoutMs, ...agentOptions } = options;
  const named = { address: `${proxy.protocol}//${proxy.host}`, variable: proxyVariable(url) };
  return new ProxyAgent({
    ...agentOptions,
    clientFactory: (origin, pool) => tunnelPool(origin, pool, tunnelTimeoutMs, named),
    uri: proxy.href,
    ...(credentials
      ? { token: `Basic ${Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64')}` }
      : {}),
  });
}

/** Which variable set the proxy for `url`, as the toolkit's getProxyUrl reads them (lower case first). */
function proxyVariable(url: URL): string {
  const name = url.protocol === 'https:' ? 'https_proxy' : 'http_proxy';
  return process.env[name] ? name : name.toUpperCase();
}

/** The proxy a failure happened at: its address without credentials, and the variable that set it. */
export interface ProxyNamed {
  readonly address: string;
  readonly variable: string;
}

/**
 * A failure of the proxy itself, before any tunnel to the service existed: the connection to it, or its
 * answer to the CONNECT. It keeps the cause's code (what failed) and names the proxy (where), so that the
 * error a person reads says it was the proxy, not the service's address.
 */
export class ProxyFailure extends Error {
  readonly code: string | undefined;
  readonly syscall: string | undefined;
  readonly proxy: ProxyNamed;

  constructor(proxy: ProxyNamed, cause: unknown) {
    super(`the proxy ${proxy.address} (${proxy.variable}) failed: ${(cause as Error)?.message}`, { cause });
    const { code, syscall } = (cause ?? {}) as { code?: unknown; syscall?: unknown };
    this.code = typeof code === 'string' ? code : undefined;
    this.syscall = typeof syscall === 'string' ? syscall : undefined;
    this.proxy = proxy;
  }
}

/**
 * The pool of connections to the proxy itself, on which the ProxyAgent asks for each tunnel. Its failures
 * are the proxy's, and say so (ProxyFailure). A CONNECT left unanswered past `timeoutMs` fails as a connect
 * timeout, which is what it is (no connection to the service existed, so nothing was sent), rather than as
 * undici's headers timeout of an answer.
 */
function tunnelPool(
  origin: URL,
  options: Pool.Options,
  timeoutMs: number | undefined,
  proxy: ProxyNamed,
): Pool {
  const pool = new Pool(
    origin,
    timeoutMs === undefined ? options : { ...options, headersTimeout: timeoutMs },
  );
  const connect = pool.connect.bind(pool) as (
    options: Dispatcher.ConnectOptions,
  ) => Promise<Dispatcher.ConnectData>;
  // The ProxyAgent calls connect(options) and awaits it. A refusal (any status but 200) is refused here,
  // where the proxy is known: the ProxyAgent's own refusal would not say which proxy answered.
  const tunnel = (options: Dispatcher.ConnectOptions) =>
    connect(options).then(
      (data) => {
        if (data.statusCode === 200) return data;
        data.socket.on('error', () => {}).destroy();
        throw new ProxyFailure(proxy, tunnelRefused(data.statusCode));
      },
      (error: unknown) => {
        if (timeoutMs !== undefined && (error as { code?: unknown }).code === 'UND_ERR_HEADERS_TIMEOUT') {
          const timeout = new errors.ConnectTimeoutError(`no answer to the CONNECT within ${timeoutMs} ms`);
          throw new ProxyFailure(proxy, timeout);
        }
        throw new ProxyFailure(proxy, error);
      },
    );
  return Object.assign(pool, { connect: tunnel });
}

/** The proxy's answer to the CONNECT when it is not 200, worded as undici's ProxyAgent words it. */
function tunnelRefused(status: number): Error {
  return new errors.RequestAbortedError(`Proxy response (${status}) !== 200 when HTTP Tunneling`);
}
