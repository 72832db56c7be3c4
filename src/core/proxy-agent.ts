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
  return new ProxyAgent({
    ...agentOptions,
    ...(tunnelTimeoutMs === undefined
      ? {}
      : { clientFactory: (origin, pool) => tunnelPool(origin, pool, tunnelTimeoutMs) }),
    uri: proxy.href,
    ...(credentials
      ? { token: `Basic ${Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64')}` }
      : {}),
  });
}

/**
 * The pool of connections to the proxy itself, on which the ProxyAgent asks for each tunnel: a CONNECT
 * left unanswered past `timeoutMs` fails as a connect timeout, which is what it is (no connection to the
 * service existed, so nothing was sent), rather than as undici's headers timeout of an answer.
 */
function tunnelPool(origin: URL, options: Pool.Options, timeoutMs: number): Pool {
  const pool = new Pool(origin, { ...options, headersTimeout: timeoutMs });
  const connect = pool.connect.bind(pool) as (
    options: Dispatcher.ConnectOptions,
  ) => Promise<Dispatcher.ConnectData>;
  // The ProxyAgent calls connect(options) and awaits it.
  const tunnel = (options: Dispatcher.ConnectOptions) =>
    connect(options).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== 'UND_ERR_HEADERS_TIMEOUT') throw error;
      throw new errors.ConnectTimeoutError(`the proxy did not answer the CONNECT within ${timeoutMs} ms`);
    });
  return Object.assign(pool, { connect: tunnel });
}
