import { afterEach, describe, expect, it } from 'vitest';
import { FaultInjector } from '../../../src/sandbox/faults.js';
import { callSandbox, useSandbox } from '../../helpers/sandbox.js';
import { ManualClock } from './manual-clock.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const RULES = `/organization/${ACME}/alert-rules`;
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';

describe('faults over HTTP', () => {
  const sandbox = useSandbox({ rateLimit: false });
  afterEach(() => sandbox().setFaults({}));

  it('answers scripted statuses in order, matched by operation and id, then the real answer', async () => {
    sandbox().setFaults({
      script: [
        { operation: 'getAlertRule', id: 'a2a2a2a2-0000-4000-8000-000000000502', status: 500 },
        { operation: 'getAlertRule', status: 503, times: 2 },
        { operation: 'getAlertRule', status: 429, headers: { 'Retry-After': '7' } },
      ],
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await callSandbox(sandbox(), 'GET', `/alert-rules/${RULE}`)).status);
    expect(statuses).toEqual([503, 503, 429, 200]);
    const matched = await callSandbox(sandbox(), 'GET', '/alert-rules/a2a2a2a2-0000-4000-8000-000000000502');
    expect(matched).toMatchObject({ status: 500, body: { status: 500, error: 'Internal Server Error' } });
  });

  it('sends the scripted body and headers', async () => {
    sandbox().setFaults({
      script: [
        { operation: 'getAlertRules', status: 429, headers: { 'Retry-After': '7' }, body: 'slow down' },
      ],
    });
    const answer = await callSandbox(sandbox(), 'GET', RULES);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(answer.body).toBe('slow down');
  });

  it('resets the connection when scripted, and records it with status 0', async () => {
    sandbox().resetLog();
    sandbox().setFaults({ script: [{ operation: 'getAlertRules', reset: true }] });
    await expect(
      fetch(`${sandbox().url}${RULES}`, { headers: { authorization: `Token ${sandbox().token}` } }),
    ).rejects.toThrow();
    expect(sandbox().requests.map((r) => r.status)).toEqual([0]);
    expect((await callSandbox(sandbox(), 'GET', RULES)).status).toBe(200);
  });

  it('injects 503, 500 and resets at rate 1', async () => {
    sandbox().setFaults({ error503Rate: 1 });
    expect((await callSandbox(sandbox(), 'GET', RULES)).status).toBe(503);
    sandbox().setFaults({ error5xxRate: 1 });
    expect((await callSandbox(sandbox(), 'GET', RULES)).status).toBe(500);
    sandbox().setFaults({ resetRate: 1 });
    await expect(callSandbox(sandbox(), 'GET', RULES)).rejects.toThrow();
  });

  it('sends slow bodies whole', async () => {
    sandbox().setFaults({ slowBodyMs: 5 });
    const answer = await callSandbox(sandbox(), 'GET', RULES);
    expect((answer.body as { results: unknown[] }).results).toHaveLength(21);
  });
});

describe('delays', () => {
  const clock = new ManualClock();
  const sandbox = useSandbox({ rateLimit: false, clock });

  it('waits latencyMs and a scripted delayMs on the sandbox clock before the real answer', async () => {
    sandbox().setFaults({ latencyMs: 250, script: [{ operation: 'getAlertRules', delayMs: 4_000 }] });
    const before = clock.now();
    expect((await callSandbox(sandbox(), 'GET', RULES)).status).toBe(200);
    expect(clock.now() - before).toBe(4_250);
    sandbox().setFaults({});
  });
});

describe('a client that gives up', () => {
  const sandbox = useSandbox({ rateLimit: false });

  it('ends a delayed answer when the client goes away, and records it as dropped', async () => {
    sandbox().setFaults({ script: [{ operation: 'getAlertRules', delayMs: 60_000 }] });
    const gaveUp = new AbortController();
    const request = fetch(`${sandbox().url}${RULES}`, {
      headers: { authorization: `Token ${sandbox().token}` },
      signal: gaveUp.signal,
    });
    setTimeout(() => gaveUp.abort(), 20);
    await expect(request).rejects.toThrow();
    await expect.poll(() => sandbox().requests.map((r) => r.status)).toEqual([0]);
  });
});

describe('FaultInjector', () => {
  it('never fires at rate 0 and always at rate 1', () => {
    const never = new FaultInjector({ error5xxRate: 0, resetRate: 0 });
    const always = new FaultInjector({ error503Rate: 1 });
    for (let i = 0; i < 200; i++) {
      expect(never.decide('getAlertRules', {}).kind).toBe('none');
      expect(always.decide('getAlertRules', {})).toEqual({ kind: 'status', status: 503 });
    }
  });

  it('repeats the same faults for the same seed, and roughly honours the rate', () => {
    const run = (seed: number) => {
      const injector = new FaultInjector({ error5xxRate: 0.3, seed });
      return Array.from({ length: 1000 }, () => injector.decide('getAlertRule', {}).kind);
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
    const share = run(7).filter((k) => k === 'status').length / 1000;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.35);
  });

  it('refuses a rate outside 0..1', () => {
    expect(() => new FaultInjector({ resetRate: 2 })).toThrow(
      'sandbox fault resetRate must be a number from 0 to 1',
    );
  });

  it('reports scripted answers not yet used', () => {
    const injector = new FaultInjector({ script: [{ operation: 'createAlertRule', status: 500, times: 2 }] });
    injector.decide('createAlertRule', {});
    expect(injector.pendingScript).toBe(1);
  });
});
