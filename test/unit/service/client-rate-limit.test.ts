import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../src/sandbox/index.js';
import { writeBudgetError } from '../../../src/service/api-errors.js';
import { createServiceClient } from '../../../src/service/client.js';
import { ApiError } from '../../../src/service/errors.js';
import { apiFailure } from '../../helpers/api-failure.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const START = Date.UTC(2026, 10, 21, 2, 0, 0);

const open = useSandbox({ rateLimit: false });
const clients: { close(): Promise<void> }[] = [];

/**
 * A sandbox of its own that allows 3 requests per window, on the client's clock: its window resets exactly
 * when the client's wait ends.
 */
async function limitedSandbox(windowMs: number) {
  const clock = new FakeClock(START);
  const sandbox = await startSandbox({ rateLimit: { limit: 3, windowMs }, clock });
  clients.push(sandbox);
  return { sandbox, ...client(sandbox.url, clock) };
}

function client(url: string, clock = new FakeClock(START)) {
  const service = createServiceClient({ apiUrl: url, token: open().token, clock, random: () => 0.5 });
  clients.push(service);
  return { service, clock };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  open().resetLog();
  open().setFaults({});
});

describe('429', () => {
  it('waits what Retry-After says, then retries', async () => {
    const { service, clock } = client(open().url);
    open().setFaults({
      script: [{ operation: 'getAlertRules', status: 429, headers: { 'Retry-After': '7' } }],
    });
    await service.getAlertRules(ACME);
    expect(clock.sleeps).toEqual([7000]);
    expect(open().count('getAlertRules')).toBe(2);
  });

  it('takes Retry-After as an HTTP date', async () => {
    const { service, clock } = client(open().url);
    const at = new Date(START + 12_000).toUTCString();
    open().setFaults({
      script: [{ operation: 'getAlertRules', status: 429, headers: { 'Retry-After': at } }],
    });
    await service.getAlertRules(ACME);
    expect(clock.sleeps).toEqual([12_000]);
  });

  it('waits until X-RateLimit-Reset when there is no Retry-After', async () => {
    const { service, clock } = client(open().url);
    const reset = String(START / 1000 + 20);
    open().setFaults({
      script: [
        {
          operation: 'getAlertReceivers',
          status: 429,
          headers: { 'X-RateLimit-Limit': '1000', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset },
        },
      ],
    });
    await service.getAlertReceivers(ACME);
    expect(clock.sleeps).toEqual([20_000]);
    expect(open().count('getAlertReceivers')).toBe(2);
  });

  it('backs off when the reset a 429 names is already past, instead of repeating at once', async () => {
    const { service, clock } = client(open().url);
    const past = String(START / 1000 - 100);
    const headers = { 'X-RateLimit-Limit': '1000', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': past };
    open().setFaults({ script: [{ operation: 'getAlertRules', status: 429, headers, times: 4 }] });
    const error = await apiFailure(service.getAlertRules(ACME));
    expect(clock.sleeps).toEqual([375, 750, 1500]);
    expect(open().count('getAlertRules')).toBe(4);
    expect(error.hint).toBe(
      "The service is limiting this token's requests (1000 requests per window); run again later.",
    );
  });

  it('backs off when the 429 says neither', async () => {
    const { service, clock } = client(open().url);
    open().setFaults({ script: [{ operation: 'getAlertRules', status: 429, times: 2 }] });
    await service.getAlertRules(ACME);
    expect(clock.sleeps).toEqual([375, 750]);
    expect(open().count('getAlertRules')).toBe(3);
  });

  it('repeats even a create: a 429 was refused before anything was done', async () => {
    const { service } = client(open().url);
    open().setFaults({
      script: [{ operation: 'createAlertRule', status: 429, headers: { 'Retry-After': '1' } }],
    });
    const created = await service.createAlertRule({
      organization_id: ACME,
      cluster_id: PROD_EU,
      target: { target_type: 'CLUSTER', target_id: PROD_EU },
      name: 'rate-limited-create',
      description: '',
      tag: 't',
      condition: { kind: 'CUSTOM', promql: 'up == 0' },
      for_duration: 'PT1M',
      severity: 'LOW',
      enabled: true,
      alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
      presentation: {},
    });
    expect(open().count('createAlertRule')).toBe(2);
    await service.deleteAlertRule(created.id);
  });

  it('fails at once, saying when the budget resets, when the wait is beyond the bound', async () => {
    const { service, clock } = client(open().url);
    open().setFaults({
      script: [
        {
          operation: 'getAlertRules',
          status: 429,
          headers: { 'Retry-After': '3600', 'X-RateLimit-Limit': '1000' },
        },
      ],
    });
    const error = await apiFailure(service.getAlertRules(ACME));
    expect(error).toMatchObject({ status: 429, kind: 'http' });
    expect(error.hint).toBe(
      "The token's request budget (1000 requests per window) is used up until it resets at 2026-11-21T03:00:00.000Z (in 60 min); run again after that.",
    );
    expect(clock.sleeps).toEqual([]);
    expect(open().count('getAlertRules')).toBe(1);
  });
});

describe('pacing on the rate-limit headers', () => {
  it('reads the figures of every answer', async () => {
    const { service } = await limitedSandbox(3_600_000);
    expect(service.rateLimit()).toEqual({});
    await service.getAlertReceivers(ACME);
    expect(service.rateLimit()).toEqual({ limit: 3, remaining: 2, resetAt: START + 3_600_000 });
  });

  it('refuses writes the remaining budget cannot cover, before sending any', async () => {
    const { service } = await limitedSandbox(3_600_000);
    await service.getAlertReceivers(ACME);
    service.assertBudget(2);
    const error = (() => {
      try {
        service.assertBudget(3);
      } catch (e) {
        return e;
      }
    })() as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('budget');
    expect(error.message).toBe(
      'Nothing was written: the plan needs 3 write requests but the token has 2 of 3 requests left until it resets at 2026-11-21T03:00:00.000Z (in 60 min). Run again after the reset, or apply fewer changes at once.',
    );
  });

  it('counts a budget of one request, or of a limit it was not told, in words that agree', () => {
    const one = writeBudgetError(2, { remaining: 1 }, START);
    expect(one.message).toMatch(
      /^Nothing was written: the plan needs 2 write requests but the token has 1 request left\./,
    );
    const ofOne = writeBudgetError(1, { limit: 1, remaining: 0 }, START);
    expect(ofOne.message).toMatch(
      /^Nothing was written: the plan needs 1 write request but the token has 0 of 1 request left\./,
    );
  });

  it('does not send a request it knows would be refused, when the reset is far', async () => {
    const { service, sandbox } = await limitedSandbox(3_600_000);
    for (let i = 0; i < 3; i++) await service.getAlertReceivers(ACME);
    const error = await apiFailure(service.getAlertReceivers(ACME));
    expect(error).toMatchObject({ kind: 'budget', status: null, operation: 'getAlertReceivers' });
    expect(error.message).toMatch(/was not sent.*resets at 2026-11-21T03:00:00.000Z/);
    expect(sandbox.count()).toBe(3);
  });

  it('passes an unknown budget', async () => {
    const { service } = client(open().url);
    await service.getAlertReceivers(ACME);
    expect(service.rateLimit()).toEqual({});
    expect(() => service.assertBudget(5000)).not.toThrow();
  });

  it('waits for a near reset instead of running into a 429', async () => {
    const { service, clock, sandbox } = await limitedSandbox(30_000);
    for (let i = 0; i < 3; i++) await service.getAlertReceivers(ACME);
    expect(service.rateLimit().remaining).toBe(0);
    await service.getAlertReceivers(ACME);
    expect(clock.sleeps).toEqual([30_000]);
    expect(sandbox.requests.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });
});
