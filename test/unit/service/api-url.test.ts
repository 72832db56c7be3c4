import { isIP } from 'node:net';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/usage-error.js';
import { isLoopbackHost, resolveApiUrl } from '../../../src/service/api-url.js';

describe('resolveApiUrl', () => {
  it('defaults to the public service', () => {
    expect(resolveApiUrl(undefined, {}).href).toBe('https://api.qovery.com/');
  });

  it('takes the argument before QOVERY_API_URL, and QOVERY_API_URL before the default', () => {
    const env = { QOVERY_API_URL: 'https://env.example.com' };
    expect(resolveApiUrl('https://arg.example.com', env).host).toBe('arg.example.com');
    expect(resolveApiUrl(undefined, env).host).toBe('env.example.com');
    expect(resolveApiUrl('  ', env).host).toBe('env.example.com');
    expect(resolveApiUrl(undefined, { QOVERY_API_URL: '' }).host).toBe('api.qovery.com');
  });

  it('drops trailing slashes and keeps a path prefix', () => {
    expect(resolveApiUrl('https://proxy.example.com/qovery///', {}).pathname).toBe('/qovery');
    expect(resolveApiUrl('https://api.example.com/', {}).pathname).toBe('/');
  });

  it.each(['http://127.0.0.1:8080', 'http://127.3.4.5', 'http://localhost:3000', 'http://[::1]:9000'])(
    'allows plain http to the loopback address %s',
    (url) => {
      expect(resolveApiUrl(url, {}).protocol).toBe('http:');
    },
  );

  it.each([
    'http://api.qovery.com',
    'http://10.0.0.1',
    'http://128.0.0.1',
    'http://localhost.evil.com',
    'http://[::2]',
  ])('refuses plain http to %s, naming the URL and the rule', (url) => {
    expect(() => resolveApiUrl(url, {})).toThrow(UsageError);
    expect(() => resolveApiUrl(url, {})).toThrow(/plain http.*loopback/);
    expect(() => resolveApiUrl(url, {})).toThrow(url);
  });

  it('refuses plain http from QOVERY_API_URL too', () => {
    expect(() => resolveApiUrl(undefined, { QOVERY_API_URL: 'http://api.example.com' })).toThrow(UsageError);
  });

  it.each(['ftp://api.example.com', 'file:///etc/passwd', 'javascript:alert(1)'])(
    'refuses the scheme of %s',
    (url) => {
      expect(() => resolveApiUrl(url, {})).toThrow(/only https/);
    },
  );

  it('refuses what is not a URL', () => {
    expect(() => resolveApiUrl('api.qovery.com', {})).toThrow(/Invalid API URL 'api.qovery.com'/);
  });

  it('refuses credentials in the address without printing them', () => {
    const attempt = () => resolveApiUrl('https://user:s3cretpass@api.example.com', {});
    expect(attempt).toThrow(UsageError);
    expect(attempt).not.toThrow(/s3cretpass/);
  });

  it('refuses a query or fragment', () => {
    expect(() => resolveApiUrl('https://api.example.com/?x=1', {})).toThrow(/query or fragment/);
  });
});

describe('isLoopbackHost', () => {
  it('knows the loopback names and ranges', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('example.com')).toBe(false);
  });

  // The check by hand must say what node:net's address parser would: the token's safety rests on it.
  const loopbackByNet = (hostname: string): boolean => {
    const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (host === 'localhost') return true;
    if (isIP(host) === 4) return host.split('.')[0] === '127';
    if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
    return false;
  };
  const hosts = fc.oneof(
    fc.ipV4(),
    fc.ipV4Extended(),
    fc.ipV6(),
    fc.ipV6().map((ip) => `[${ip}]`),
    fc.domain(),
    fc.tuple(fc.constantFrom('127', '0127', '127.0', '1270'), fc.string()).map(([a, b]) => a + b),
    fc.string(),
  );
  test.prop([hosts], { numRuns: 2000 })('agrees with node:net on every address and name', (host) => {
    expect(isLoopbackHost(host)).toBe(loopbackByNet(host));
  });
  it('agrees with node:net on the edge cases', () => {
    for (const host of [
      '127.0.0.01',
      '127.1',
      '127.0.0.256',
      '127.255.255.255',
      '0:0:0:0:0:0:0:1',
      '::1',
      '::01',
    ])
      expect(isLoopbackHost(host), host).toBe(loopbackByNet(host));
  });
});
