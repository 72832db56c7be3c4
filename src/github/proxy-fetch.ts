import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { Agent, ProxyAgent } from 'undici';

/**
 * The fetch the GitHub client uses: Node's own (it comes compiled), with a dispatcher of the bundled undici,
 * through the runner's proxy for `baseUrl` when its environment sets one (https_proxy, http_proxy,
 * no_proxy, read by the toolkit's own getProxyUrl).
 * - Node's fetch alone would ignore the proxy.
 * - Node 24's own dispatcher compiles its WebAssembly HTTP parser with the optimizing compiler on first
 *   use, about 125 ms of a run that posts a comment; undici 6 compiles it lazily (cold-start bench,
 *   github-token row; docs/decisions/cold-start-and-apply-throughput.md).
 * - The proxy dispatcher is made as the toolkit's HttpClient makes it (getAgentDispatcher), rather than by
 *   it: the toolkit's HttpClient module sits on @actions/core's import of it, and using it would put undici
 *   in every run's start.
 */
export function proxyFetch(baseUrl: string): typeof globalThis.fetch {
  const dispatcher = proxyDispatcher(new URL(baseUrl)) ?? new Agent();
  return (url, init) => globalThis.fetch(url, { ...init, dispatcher } as RequestInit);
}

function proxyDispatcher(url: URL): ProxyAgent | undefined {
  const proxy = getProxyUrl(url);
  if (!proxy?.hostname) return undefined;
  const credentials = proxy.username || proxy.password;
  return new ProxyAgent({
    uri: proxy.href,
    pipelining: 0,
    ...(credentials
      ? { token: `Basic ${Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64')}` }
      : {}),
  });
}
