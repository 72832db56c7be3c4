import { describe, expect, it } from 'vitest';
import { classifyTransportError } from '../../../src/service/transport-failure.js';

function withCode(code: string, message = 'failed'): Error {
  return Object.assign(new Error(message), { code });
}

describe('classifyTransportError', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])(
    '%s happened before a connection existed: not sent',
    (code) => {
      expect(classifyTransportError(withCode(code))).toMatchObject({ kind: 'network', sent: false, code });
    },
  );

  it('a connect timeout is a timeout before sending', () => {
    expect(classifyTransportError(withCode('UND_ERR_CONNECT_TIMEOUT'))).toEqual({
      kind: 'timeout',
      sent: false,
      phase: 'connect',
      code: 'UND_ERR_CONNECT_TIMEOUT',
      detail: 'no connection',
    });
  });

  it('a system timeout or lost route on an established connection may follow the sending', () => {
    const onRead = Object.assign(withCode('ETIMEDOUT', 'read ETIMEDOUT'), { syscall: 'read' });
    expect(classifyTransportError(onRead)).toMatchObject({ kind: 'network', sent: true, code: 'ETIMEDOUT' });
    const onWrite = Object.assign(withCode('EHOSTUNREACH'), { syscall: 'write' });
    expect(classifyTransportError(onWrite)).toMatchObject({ sent: true });
    const onConnect = Object.assign(withCode('ETIMEDOUT'), { syscall: 'connect' });
    expect(classifyTransportError(onConnect)).toMatchObject({
      kind: 'timeout',
      sent: false,
      phase: 'connect',
    });
  });

  it('header and body timeouts happen after sending', () => {
    expect(classifyTransportError(withCode('UND_ERR_HEADERS_TIMEOUT'))).toMatchObject({
      kind: 'timeout',
      sent: true,
      phase: 'headers',
    });
    expect(classifyTransportError(withCode('UND_ERR_BODY_TIMEOUT'))).toMatchObject({
      kind: 'timeout',
      sent: true,
      phase: 'body',
    });
  });

  it('TLS failures happen before anything is sent', () => {
    expect(classifyTransportError(withCode('CERT_HAS_EXPIRED'))).toMatchObject({
      kind: 'network',
      sent: false,
    });
    expect(classifyTransportError(withCode('ERR_TLS_CERT_ALTNAME_INVALID'))).toMatchObject({ sent: false });
  });

  it('a proxy that refuses the tunnel refused it before anything reached the service', () => {
    // undici's ProxyAgent says which status only in its message; the code is a plain abort's.
    const refused = withCode('UND_ERR_ABORTED', 'Proxy response (407) !== 200 when HTTP Tunneling');
    expect(classifyTransportError(refused)).toEqual({
      kind: 'network',
      sent: false,
      code: 'UND_ERR_ABORTED',
      detail: 'the proxy refused the tunnel (HTTP 407: proxy credentials missing or wrong)',
      refusal: 407,
      repeatable: false,
    });
    const wrapped = Object.assign(new Error('fetch failed'), {
      cause: withCode('UND_ERR_ABORTED', 'Proxy response (502) !== 200 when HTTP Tunneling'),
    });
    const upstreamDown = classifyTransportError(wrapped);
    expect(upstreamDown).toMatchObject({ sent: false, detail: 'the proxy refused the tunnel (HTTP 502)' });
    // A proxy's 5xx may pass: it stays repeatable.
    expect(upstreamDown).not.toHaveProperty('repeatable');
    // Any other abort may have followed the sending.
    expect(classifyTransportError(withCode('UND_ERR_ABORTED', 'Request aborted'))).toMatchObject({
      sent: true,
    });
  });

  it('resets and anything unknown are assumed sent: a create must not be repeated on a guess', () => {
    expect(classifyTransportError(withCode('ECONNRESET'))).toMatchObject({ kind: 'network', sent: true });
    expect(classifyTransportError(withCode('UND_ERR_SOCKET'))).toMatchObject({ kind: 'network', sent: true });
    expect(classifyTransportError(new Error('weird'))).toMatchObject({
      kind: 'network',
      sent: true,
      code: 'UNKNOWN',
    });
    expect(classifyTransportError('not even an error')).toMatchObject({ sent: true });
  });

  it('finds the code on a wrapped cause', () => {
    const wrapped = new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') });
    expect(classifyTransportError(wrapped)).toMatchObject({ code: 'ECONNREFUSED', sent: false });
  });
});
