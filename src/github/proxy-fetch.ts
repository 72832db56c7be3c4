import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { Agent, fetch, ProxyAgent } from 'undici';

/**
 * The fetch the GitHub client uses, as the toolkit's client makes it: the bundled undici's fetch with a
 * dispatcher of the same undici, through the runner's proxy for `baseUrl` when its environment sets one
 * (https_proxy, http_proxy, no_proxy, read by the toolkit's own getProxyUrl).
 * - Node's fetch alone ignores the proxy; given this undici's dispatcher it fails where Node's own undici
 *   is of another major (Node 26): fetch and dispatcher must come from one undici.
 * - Node's own dispatcher compiles its WebAssembly HTTP parser with the optimizing compiler on first use
 *   on Node 24, about 125 ms of a run that posts a comment; undici 6 compiles it lazily (cold-start bench,
 *   github-token row; docs/decisions/cold-start-and-apply-throughput.md).
 * - The proxy dispatcher is made as the toolkit's HttpClient makes it (getAgentDispatcher), rather than by
 *   it: the toolkit's HttpClient module sits on @actions/core's import of it, and using it would put undici
 *   in every run's start.
 */
export function proxyFetch(baseUrl: string): typeof globalThis.fetch {
  const dispatcher = proxyDispatcher(baseUrl) ?? new Agent();
  const withDispatcher: typeof fetch = (url, init) => fetch(url, { ...init, dispatcher });
  return withDispatcher as unknown as typeof globalThis.fetch;
}

function proxyDispatcher(baseUrl: string): ProxyAgent | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    // Not an address: no proxy applies, and each request fails on its own, reported as it always was.
    return undefined;
  }
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
