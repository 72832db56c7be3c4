import { describe, expect, it } from 'vitest';
import { Router } from '../../../src/sandbox/router.js';

const router = new Router<string>()
  .add({ method: 'GET', pattern: '/alert-rules/{alertRuleId}', operation: 'getAlertRule', handler: 'get' })
  .add({ method: 'PUT', pattern: '/alert-rules/{alertRuleId}', operation: 'editAlertRule', handler: 'put' })
  .add({ method: 'POST', pattern: '/alert-rules', operation: 'createAlertRule', handler: 'create' });

describe('Router', () => {
  it('matches by method and segments, decoding parameters', () => {
    const match = router.match('PUT', '/alert-rules/a%20b/');
    expect(match).toMatchObject({ kind: 'found', route: { handler: 'put' }, params: { alertRuleId: 'a b' } });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('DELETE', '/alert-rules/x')).toEqual({
      kind: 'wrong-method',
      allowed: ['GET', 'PUT'],
    });
    expect(router.match('GET', '/alert-rules/x/y')).toEqual({ kind: 'none' });
    expect(router.match('GET', '/v1/alert-rules')).toEqual({ kind: 'none' });
  });

  it('does not match a parameter that is not valid percent-encoding', () => {
    expect(router.match('GET', '/alert-rules/%E0%A4%A')).toEqual({ kind: 'none' });
  });
});
