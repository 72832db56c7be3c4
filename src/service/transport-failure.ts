import type { ProxyNamed } from '../core/proxy-agent.js';

/**
 * What went wrong below HTTP, and whether the request may have reached the service: that decides whether
 * a create may be repeated. Errors before a connection existed (refused, unknown host, connect timeout,
 * TLS) are "not sent"; anything else is assumed sent, because a reset after writing cannot tell.
 */
export interface TransportFailure {
  readonly kind: 'timeout' | 'network';
  readonly sent: boolean;
  /** Which wait ran out, for timeouts. */
  readonly phase?: TimeoutPhase;
  /** A system or undici code, e.g. ECONNREFUSED, UND_ERR_SOCKET. */
  readonly code: string;
  /** A few words for a person. Never includes headers: nothing here can carry the token. */
  readonly detail: string;
  /** False when repeating cannot help: the proxy refused what it was given (its 4xx), or speaks no HTTP. */
  readonly repeatable?: false;
  /** The proxy that failed, before any tunnel to the service existed; absent when the proxy is not in question. */
  readonly proxy?: ProxyNamed;
  /** The status with which that proxy refused the tunnel, when it answered the CONNECT with one. */
  readonly refusal?: number;
}

/** connect, headers and body are undici's own timeouts; total bounds a whole attempt. */
export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'total';

/** The code of the transport's own abort when a whole attempt takes too long. */
export const ATTEMPT_TOO_SLOW = 'ATTEMPT_TOO_SLOW';

const BEFORE_CONNECTION: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
  UND_ERR_CLOSED: 'the client was closed',
  UND_ERR_DESTROYED: 'the client was closed',
};

const AFTER_SENDING: Readonly<Record<string, string>> = {
  UND_ERR_SOCKET: 'the connection was closed before the answer was complete',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed while sending',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the answer was cut short',
  UND_ERR_ABORTED: 'the request was aborted',
};

/**
 * System errors that normally come from connect() but that an established connection can also raise (a
 * TCP retransmission timeout, a route lost mid-request): with a syscall other than connect they happened
 * after the request may have been written.
 */
const ALSO_AFTER_CONNECTING = new Set(['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

export function classifyTransportError(error: unknown): TransportFailure {
  const { code, syscall } = errorCode(error);
  const proxy = failedProxy(error);
  if (proxy !== null) return proxyFailure(proxy, code, proxyRefusal(error));
  if (ALSO_AFTER_CONNECTING.has(code) && syscall !== undefined && syscall !== 'connect') {
    const detail = code === 'ETIMEDOUT' ? 'the connection timed out' : 'the connection was lost';
    return { kind: 'network', sent: true, code, detail };
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return { kind: 'timeout', sent: false, phase: 'connect', code, detail: 'no connection' };
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return { kind: 'timeout', sent: true, phase: 'headers', code, detail: 'no answer' };
  }
  if (code === ATTEMPT_TOO_SLOW) {
    return { kind: 'timeout', sent: true, phase: 'total', code, detail: 'the whole answer did not arrive' };
  }
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return { kind: 'timeout', sent: true, phase: 'body', code, detail: 'the answer stopped arriving' };
  }
  const proxyStatus = proxyRefusal(error);
  if (proxyStatus !== null) {
    // A refusal that did not come through core/proxy-agent.ts, which names the proxy.
    return { kind: 'network', sent: false, code, ...refused('the proxy', proxyStatus) };
  }
  const before = BEFORE_CONNECTION[code];
  if (before !== undefined) return { kind: 'network', sent: false, code, detail: before };
  if (code.startsWith('HPE_')) {
    // The address answers, but not as an HTTP service: asking again gets the same answer.
    const detail = 'the address answered something that is not HTTP';
    return { kind: 'network', sent: true, code, detail, repeatable: false };
  }
  if (/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code)) {
    return { kind: 'network', sent: false, code, detail: 'the TLS connection could not be established' };
  }
  return { kind: 'network', sent: true, code, detail: AFTER_SENDING[code] ?? 'the connection failed' };
}

/**
 * The proxy's own failure, at reaching it or at its answer to the CONNECT (core/proxy-agent.ts): nothing
 * reached the service, and the proxy is what to look at, so the failure names it.
 */
function proxyFailure(proxy: ProxyNamed, code: string, status: number | null): TransportFailure {
  const at = `the proxy ${proxy.address} (${proxy.variable})`;
  if (status !== null) return { kind: 'network', sent: false, code, proxy, ...refused(at, status) };
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    const detail = `${at} did not answer the CONNECT to the service`;
    return { kind: 'timeout', sent: false, phase: 'connect', code, detail, proxy };
  }
  if (code.startsWith('HPE_')) {
    // A proxy that speaks something other than HTTP answers the same way again.
    const detail = `${at} answered something that is not HTTP`;
    return { kind: 'network', sent: false, code, detail, proxy, repeatable: false };
  }
  const before = BEFORE_CONNECTION[code];
  const detail =
    before !== undefined
      ? `${at} could not be reached: ${before}`
      : /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code)
        ? `the TLS connection to ${at} could not be established`
        : `${at} closed the connection before the tunnel to the service was open`;
  return { kind: 'network', sent: false, code, detail, proxy };
}

/** A proxy's refusal of the tunnel with `status`: what it said, and whether asking again may help. */
function refused(proxy: string, status: number): Pick<TransportFailure, 'detail' | 'refusal' | 'repeatable'> {
  const why = status === 407 ? ': proxy credentials missing or wrong' : '';
  return {
    detail: `${proxy} refused the tunnel (HTTP ${status}${why})`,
    refusal: status,
    // Its 5xx may pass (an upstream it could not reach); its 407 or 403 answers the same again.
    ...(status < 500 ? { repeatable: false as const } : {}),
  };
}

/** The proxy named by a failure along the cause chain (core/proxy-agent.ts's ProxyFailure), or null. */
function failedProxy(error: unknown): ProxyNamed | null {
  for (const link of causeChain(error)) {
    const proxy = (link as { proxy?: Partial<ProxyNamed> }).proxy;
    if (typeof proxy?.address === 'string' && typeof proxy.variable === 'string') {
      return { address: proxy.address, variable: proxy.variable };
    }
  }
  return null;
}

/** The error and the causes it wraps, at most four deep. */
function* causeChain(error: unknown): Generator<{ code?: unknown; syscall?: unknown; message?: unknown }> {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    yield current as { code?: unknown; syscall?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** The first code along the cause chain, with the system call that failed when the error names one. */
function errorCode(error: unknown): { code: string; syscall?: string } {
  for (const { code, syscall } of causeChain(error)) {
    if (typeof code === 'string' && code !== '') {
      return typeof syscall === 'string' && syscall !== '' ? { code, syscall } : { code };
    }
  }
  return { code: 'UNKNOWN' };
}

/**
 * The status with which the runner's proxy refused to open a tunnel to the service (undici's ProxyAgent
 * says so only in its message), or null. Nothing was sent to the service then.
 */
function proxyRefusal(error: unknown): number | null {
  for (const { message } of causeChain(error)) {
    const match =
      typeof message === 'string'
        ? /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling/.exec(message)
        : null;
    if (match) return Number(match[1]);
  }
  return null;
}
