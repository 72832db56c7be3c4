import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { callSandbox, useSandbox } from '../../helpers/sandbox.js';
import { ManualClock } from './manual-clock.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const RULES = `/organization/${ACME}/alert-rules`;
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzYW5kYm94In0.c2lnbmF0dXJl';

describe('authentication', () => {
  const sandbox = useSandbox({ rateLimit: false });

  it('accepts a machine token as Token and the JWT as Bearer, and neither in the other scheme', async () => {
    expect((await callSandbox(sandbox(), 'GET', RULES, { scheme: 'Token' })).status).toBe(200);
    expect((await callSandbox(sandbox(), 'GET', RULES, { scheme: 'Bearer', token: JWT })).status).toBe(200);
    const machineAsBearer = await callSandbox(sandbox(), 'GET', RULES, { scheme: 'Bearer' });
    expect(machineAsBearer).toMatchObject({
      status: 401,
      body: { message: 'Access token is invalid: this token is accepted only as "Token <token>"' },
    });
  });

  it('answers 401 without a token, with an unknown token and with an unknown scheme', async () => {
    const missing = await callSandbox(sandbox(), 'GET', RULES, { token: null });
    expect(missing).toMatchObject({ status: 401, body: { status: 401, error: 'Unauthorized' } });
    expect((await callSandbox(sandbox(), 'GET', RULES, { token: 'qov_wrong' })).status).toBe(401);
    const jwtAsToken = await callSandbox(sandbox(), 'GET', RULES, { scheme: 'Token', token: JWT });
    expect(jwtAsToken).toMatchObject({
      status: 401,
      body: { message: 'Access token is invalid: this token is accepted only as "Bearer <token>"' },
    });
    const basic = await fetch(`${sandbox().url}${RULES}`, { headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
  });

  it('never echoes the token it was given', async () => {
    const answer = await callSandbox(sandbox(), 'GET', RULES, { token: 'qov_secret_value_123' });
    expect(JSON.stringify(answer.body)).not.toContain('qov_secret_value_123');
  });

  it('answers 404 for a path it does not serve and 405 for a wrong method', async () => {
    const unknown = await callSandbox(sandbox(), 'GET', '/v1/alert-rules');
    expect(unknown).toMatchObject({ status: 404, body: { message: 'no operation at /v1/alert-rules' } });
    const wrong = await callSandbox(sandbox(), 'PATCH', `/alert-rules/${RULE}`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, PUT, DELETE');
  });
});

describe('request log', () => {
  const sandbox = useSandbox({ rateLimit: false });

  it('records method, path, query, operation, status, body and authorization', async () => {
    sandbox().resetLog();
    await callSandbox(sandbox(), 'GET', `${RULES}?x=1`);
    await callSandbox(sandbox(), 'PUT', `/alert-rules/${RULE}`, { body: { name: 'x' } });
    await callSandbox(sandbox(), 'GET', '/nowhere', { token: null });
    expect(sandbox().requests).toEqual([
      {
        method: 'GET',
        path: RULES,
        query: { x: '1' },
        operation: 'getAlertRules',
        status: 200,
        authorization: 'Token qov_sandbox_acme_token',
      },
      {
        method: 'PUT',
        path: `/alert-rules/${RULE}`,
        query: {},
        operation: 'editAlertRule',
        status: 400,
        body: { name: 'x' },
        authorization: 'Token qov_sandbox_acme_token',
      },
      { method: 'GET', path: '/nowhere', query: {}, operation: null, status: 404, authorization: null },
    ]);
    expect(sandbox().count('getAlertRules')).toBe(1);
    expect(sandbox().count('editAlertRule')).toBe(1);
    expect(sandbox().count()).toBe(3);
    sandbox().resetLog();
    expect(sandbox().count()).toBe(0);
  });
});

describe('rate limiting', () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 20, 12, 0, 0));
  const sandbox = useSandbox({ clock, rateLimit: { limit: 3, windowMs: 60_000 } });

  it('sends the X-RateLimit headers, answers 429 with Retry-After when used up, and resets', async () => {
    const reset = String(Date.UTC(2026, 10, 20, 12, 1, 0) / 1000);
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await callSandbox(sandbox(), 'GET', RULES);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('3');
      expect(answer.headers.get('x-ratelimit-reset')).toBe(reset);
      remaining.push(answer.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);

    clock.advance(20_000);
    // The same token in the other scheme shares the budget.
    const limited = await callSandbox(sandbox(), 'GET', RULES, { scheme: 'Bearer' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.body).toMatchObject({ status: 429, error: 'Too Many Requests' });

    // Another token has its own budget.
    const other = await callSandbox(
      sandbox(),
      'GET',
      '/organization/7f1b2c3d-0000-4000-8000-000000000002/alert-rules',
      {
        token: 'qov_sandbox_globex_token',
      },
    );
    expect(other.status).toBe(200);

    clock.advance(40_000);
    const again = await callSandbox(sandbox(), 'GET', RULES);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('2');
  });
});

describe('rate limiting off', () => {
  const sandbox = useSandbox({ rateLimit: false });
  it('sends no rate-limit headers', async () => {
    const answer = await callSandbox(sandbox(), 'GET', RULES);
    expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('request bodies', () => {
  const sandbox = useSandbox({ rateLimit: false });
  it('refuses a body larger than any operation takes with 400 (the status the operation declares)', async () => {
    const answer = await callSandbox(sandbox(), 'POST', '/alert-rules', {
      body: `"${'x'.repeat(1_100_000)}"`,
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'the request body is larger than 1048576 bytes' },
    });
  });

  it('does nothing for a request whose body never ends, and goes on serving', async () => {
    sandbox().resetLog();
    const { port } = new URL(sandbox().url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `PUT /alert-rules/${RULE} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token ${sandbox().token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
    );
    await new Promise<void>((resolve) => socket.end(() => resolve()));
    socket.destroy();
    const after = await callSandbox(sandbox(), 'GET', `/alert-rules/${RULE}`);
    expect(after.status).toBe(200);
    expect(sandbox().requests.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200']);
  });
});
