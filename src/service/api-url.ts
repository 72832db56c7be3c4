import { UsageError } from '../core/usage-error.js';

export const DEFAULT_API_URL = 'https://api.qovery.com';

/**
 * The service's base address: `raw` (e.g. --api-url or the api-url input), else QOVERY_API_URL, else the
 * public service. Plain http is refused except to this machine, because the token travels in every request:
 * a sandbox on 127.0.0.1 is fine, a mistyped production address must not leak it in clear text.
 */
export function resolveApiUrl(raw: string | undefined, env: NodeJS.ProcessEnv = process.env): URL {
  const given = nonEmpty(raw) ?? nonEmpty(env.QOVERY_API_URL);
  const text = given ?? DEFAULT_API_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`Invalid API URL '${text}'. Expected an address such as ${DEFAULT_API_URL}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`Invalid API URL '${text}': only https (or http to a loopback address) is allowed.`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(
      `Refusing plain http API URL '${text}': the token would travel unencrypted. Use https, or http only to a loopback address (127.0.0.0/8, localhost, [::1]).`,
    );
  }
  // Credentials in the address would be sent and could be printed with it; the token is the only credential.
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(`Invalid API URL: it must not contain a user name or password (${url.host}).`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new UsageError(`Invalid API URL '${text}': it must not contain a query or fragment.`);
  }
  // Operation paths start with '/', so the base keeps its own path prefix (a proxy) without a trailing slash.
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

/** A dotted-quad IPv4 address, each part 0-255 without leading zeros (as node:net's isIPv4 reads it). */
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * True for 127.0.0.0/8, ::1 and localhost: traffic that never leaves this machine. Checked by hand rather
 * than with node:net, which every run would otherwise load at start for this one check.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (IPV4.test(host)) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
