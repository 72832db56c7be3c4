import { describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../../src/service/auth.js';

const SANDBOX_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzYW5kYm94In0.c2lnbmF0dXJl';

describe('authorizationHeader', () => {
  it('sends a machine token as Token', () => {
    expect(authorizationHeader('qov_sandbox_acme_token')).toBe('Token qov_sandbox_acme_token');
  });

  it('sends a JWT as Bearer', () => {
    expect(authorizationHeader(SANDBOX_JWT)).toBe(`Bearer ${SANDBOX_JWT}`);
  });

  it('recognises a JWT by its first segment decoding to a JSON object', () => {
    const header = Buffer.from('{"alg":"RS256","typ":"JWT"}').toString('base64url');
    expect(authorizationHeader(`${header}.payload.sig`)).toMatch(/^Bearer /);
  });

  it.each([
    ['a dotted token whose first part is not base64 JSON', 'abc.def.ghi'],
    ['a first part that decodes to a JSON array', `${Buffer.from('[1,2]').toString('base64url')}.x.y`],
    ['a first part that decodes to a JSON string', `${Buffer.from('"s"').toString('base64url')}.x.y`],
    ['a token without dots', Buffer.from('{"alg":"none"}').toString('base64url')],
    ['a first part with characters outside base64url', 'e30+.x.y'],
  ])('sends %s as Token', (_what, token) => {
    expect(authorizationHeader(token)).toBe(`Token ${token}`);
  });

  it('trims whitespace that environment files often carry', () => {
    expect(authorizationHeader('  qov_token\n')).toBe('Token qov_token');
  });
});
