import { describe, expect, it } from 'vitest';
import { ProxyFailure } from '../../../src/core/proxy-agent.js';
import { classifyTransportError } from '../../../src/service/transport-failure.js';

const PROXY = { address: 'http://10.0.0.1:3128', variable: 'https_proxy' };

function atTheProxy(code: string | undefined): ProxyFailure {
  return new ProxyFailure(PROXY, Object.assign(new Error('failed'), code === undefined ? {} : { code }));
}

describe("a proxy's own failure", () => {
  it.each([
    [
      'UND_ERR_CONNECT_TIMEOUT',
      'timeout',
      'the proxy http://10.0.0.1:3128 (https_proxy) did not answer the CONNECT to the service',
    ],
    [
      'HPE_INVALID_CONSTANT',
      'network',
      'the proxy http://10.0.0.1:3128 (https_proxy) answered something that is not HTTP',
    ],
    [
      'ECONNREFUSED',
      'network',
      'the proxy http://10.0.0.1:3128 (https_proxy) could not be reached: connection refused',
    ],
    [
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'network',
      'the TLS connection to the proxy http://10.0.0.1:3128 (https_proxy) could not be established',
    ],
    [
      'ECONNRESET',
      'network',
      'the proxy http://10.0.0.1:3128 (https_proxy) closed the connection before the tunnel to the service was open',
    ],
  ])('%s names the proxy, and nothing reached the service', (code, kind, detail) => {
    const failure = classifyTransportError(atTheProxy(code));
    expect(failure).toMatchObject({ kind, sent: false, code, detail, proxy: PROXY });
  });

  it('only a proxy that speaks no HTTP is not asked again', () => {
    expect(classifyTransportError(atTheProxy('HPE_INVALID_CONSTANT')).repeatable).toBe(false);
    expect(classifyTransportError(atTheProxy('ECONNREFUSED')).repeatable).toBeUndefined();
  });

  it('keeps the code it was given, and says so when there was none', () => {
    const failure = atTheProxy(undefined);
    expect(failure.code).toBeUndefined();
    expect(failure.message).toBe('the proxy http://10.0.0.1:3128 (https_proxy) failed: failed');
    expect(classifyTransportError(failure)).toMatchObject({ code: 'UNKNOWN', sent: false, proxy: PROXY });
  });
});
