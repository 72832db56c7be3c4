import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/service/client.js';
import type { ServiceClient } from '../../../src/service/types.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const RULE_501 = 'a2a2a2a2-0000-4000-8000-000000000501';
const ACME_TOKEN = 'qov_sandbox_acme_token';
const ACME_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzYW5kYm94In0.c2lnbmF0dXJl';
const UNKNOWN_TOKEN = 'qov_unknown_secret_token_4711';

const sandbox = useSandbox({ rateLimit: { limit: 25, windowMs: 3_600_000 } });
const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox().setFaults({});
});

function client(token: string) {
  const service = createServiceClient({
    apiUrl: sandbox().url,
    token,
    clock: new FakeClock(),
    random: () => 0.5,
    timeouts: { headersMs: 100 },
    retry: { maxAttempts: 2 },
  });
  clients.push(service);
  return service;
}

/** Everything a failure can show: message, stack, every own property, the cause chain, JSON. */
function everythingShown(error: unknown): string {
  const parts = [String(error), inspect(error, { depth: 20, showHidden: true }), JSON.stringify(error)];
  for (let cause = (error as Error).cause; cause; cause = (cause as Error).cause) {
    parts.push(String(cause), inspect(cause, { depth: 20, showHidden: true }));
  }
  return parts.join('\n');
}

async function failuresOf(service: ServiceClient): Promise<unknown[]> {
  const errors: unknown[] = [];
  const attempt = async (run: () => Promise<unknown>) => {
    await run().then(
      () => undefined,
      (error: unknown) => errors.push(error),
    );
  };
  const rule = await service.getAlertRule(RULE_501).catch(() => null);
  await attempt(() => service.getAlertRules('7f1b2c3d-0000-4000-8000-000000000002')); // 403
  await attempt(() => service.getAlertRule('a2a2a2a2-0000-4000-8000-000000000999')); // 404
  if (rule) await attempt(() => service.editAlertRule(RULE_501, { ...rule, for_duration: 'soon' })); // 400
  sandbox().setFaults({ script: [{ operation: 'createAlertRule', status: 500 }] });
  await attempt(() =>
    service.createAlertRule({
      organization_id: ACME,
      cluster_id: PROD_EU,
      target: { target_type: 'CLUSTER', target_id: PROD_EU },
      name: 'secret-scan',
      description: '',
      tag: '',
      condition: { kind: 'CUSTOM', promql: 'up' },
      for_duration: 'PT1M',
      severity: 'LOW',
      enabled: true,
      alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
      presentation: {},
    }),
  ); // 500, not repeated
  sandbox().setFaults({ script: [{ operation: 'getAlertReceivers', reset: true, times: 2 }] });
  await attempt(() => service.getAlertReceivers(ACME)); // resets
  sandbox().setFaults({
    script: [{ operation: 'getAlertRules', status: 429, headers: { 'Retry-After': '7200' } }],
  });
  await attempt(() => service.getAlertRules(ACME)); // 429 beyond the bound
  sandbox().setFaults({ script: [{ operation: 'getAlertRule', status: 200, body: { id: 1 } }] });
  await attempt(() => service.getAlertRule(RULE_501)); // invalid response
  sandbox().setFaults({ script: [{ operation: 'listPlatformTemplates', delayMs: 5000, times: 2 }] });
  await attempt(() => service.listPlatformTemplates(ACME)); // timeout
  sandbox().setFaults({});
  await attempt(async () => service.assertBudget(10_000)); // budget refusal
  return errors;
}

describe('the token never leaves the client', () => {
  it.each([
    ['a machine token', ACME_TOKEN, 9],
    ['a JWT', ACME_JWT, 9],
    // 401 everywhere: no rule to send a bad edit for.
    ['an unknown token', UNKNOWN_TOKEN, 8],
  ])('%s: absent from every error, notice and figure', async (_what, token, expected) => {
    const service = client(token);
    const errors = await failuresOf(service);
    expect(errors.length).toBe(expected);
    for (const error of errors) expect(everythingShown(error)).not.toContain(token);
    const figures = JSON.stringify([service.notices(), service.requestCounts(), service.rateLimit()]);
    expect(figures).not.toContain(token);
    // And the scan is real: the token did travel, in the header only.
    expect(sandbox().requests.some((r) => r.authorization?.endsWith(token))).toBe(true);
  });
});
