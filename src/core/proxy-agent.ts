/**
 * The runner's proxy for an address, applied as the toolkit's HttpClient applies it: https_proxy or
 * http_proxy by the address's scheme, with no_proxy and loopback addresses going direct (the toolkit's own
 * getProxyUrl reads them), and the proxy's credentials sent as Basic. The one home of that rule for both
 * clients: GitHub's (src/github/proxy-fetch.ts) and the service's (src/service/client.ts).
 */
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { ProxyAgent } from 'undici';

/** The options of the agent behind the proxy (timeouts, keep-alive); the proxy's own come from the environment. */
export type ProxiedAgentOptions = Omit<ProxyAgent.Options, 'uri' | 'token' | 'auth'>;

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
  return new ProxyAgent({
    ...options,
    uri: proxy.href,
    ...(credentials
      ? { token: `Basic ${Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64')}` }
      : {}),
  });
}
