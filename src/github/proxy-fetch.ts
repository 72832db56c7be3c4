import { Agent, fetch } from 'undici';
import { proxyAgentFor } from '../core/proxy-agent.js';

/**
 * The fetch the GitHub client uses, as the toolkit's client makes it: the bundled undici's fetch with a
 * dispatcher of the same undici, through the runner's proxy for `baseUrl` when its environment sets one
 * (https_proxy, http_proxy, no_proxy, read by the toolkit's own getProxyUrl).
 * - Node's fetch alone ignores the proxy; given this undici's dispatcher it fails where Node's own undici
 *   is of another major (Node 26): fetch and dispatcher must come from one undici.
 * - Node's own dispatcher compiles its WebAssembly HTTP parser with the optimizing compiler on first use
 *   on Node 24, about 125 ms of a run that posts a comment; undici 6 compiles it lazily (cold-start bench,
 *   github-token row; docs/decisions/cold-start-and-apply-throughput.md).
 * - The proxy dispatcher is made as the toolkit's HttpClient makes it (getAgentDispatcher; see
 *   src/core/proxy-agent.ts), rather than by it: the toolkit's HttpClient module sits on @actions/core's
 *   import of it, and using it would put undici in every run's start.
 */
export function proxyFetch(baseUrl: string): typeof globalThis.fetch {
  // pipelining 0: no keep-alive, so each request opens its own tunnel, as the toolkit's client (keepAlive
  // false) goes through a proxy.
  // The proxy's answer to a CONNECT is bounded like a connection (undici's 10 s), not by undici's 300 s for
  // an answer: a pending CONNECT would keep the finished step's process alive until then.
  const dispatcher = proxyAgentFor(baseUrl, { pipelining: 0, tunnelTimeoutMs: 10_000 }) ?? new Agent();
  const withDispatcher: typeof fetch = (url, init) => fetch(url, { ...init, dispatcher });
  return withDispatcher as unknown as typeof globalThis.fetch;
}
