/**
 * "The write happened, the answer was lost": the sandbox runs the operation and then drops the
 * connection (`resetAfter`). What the client does for each write, and what the service holds after.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { liveReceiver, liveRule, liveRules } from '../../../src/sandbox/index.js';
import { createServiceClient } from '../../../src/service/client.js';
import { ApiError } from '../../../src/service/errors.js';
import type { AlertRuleCreationRequest, ServiceClient } from '../../../src/service/types.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const RULE_501 = 'a2a2a2a2-0000-4000-8000-000000000501';
const RULE_503 = 'a2a2a2a2-0000-4000-8000-000000000503';
const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';

const sandbox = useSandbox({ rateLimit: false });
const clients: { close(): Promise<void> }[] = [];

function client(): ServiceClient {
  const created = createServiceClient({
    apiUrl: sandbox().url,
    token: sandbox().token,
    clock: new FakeClock(),
    random: () => 0.5,
  });
  clients.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox().resetLog();
  sandbox().setFaults({});
});

const edit = {
  name: 'lost-answer',
  description: '',
  tag: 'lost',
  condition: { kind: 'CUSTOM' as const, promql: 'up' },
  for_duration: 'PT5M',
  severity: 'LOW' as const,
  enabled: true,
  alert_receiver_ids: [SLACK_ONCALL],
  presentation: {},
};

const lostAnswer = (
  operation: 'createAlertRule' | 'editAlertRule' | 'deleteAlertRule' | 'deleteAlertReceiver',
) => sandbox().setFaults({ script: [{ operation, reset: true, resetAfter: true }] });

describe('a write whose answer was lost', () => {
  it('delete: the retry finds the rule gone (404) and the delete is reported done', async () => {
    lostAnswer('deleteAlertRule');
    await expect(client().deleteAlertRule(RULE_503)).resolves.toBeUndefined();
    expect(liveRule(sandbox().state, RULE_503)).toBeUndefined();
    expect(sandbox().requests.map((r) => [r.operation, r.status])).toEqual([
      ['deleteAlertRule', 0],
      ['deleteAlertRule', 404],
    ]);
  });

  it('delete of a receiver: the same, the retry finds it gone and the delete is reported done', async () => {
    const LOW_PRIORITY = '5e1ec7ed-0000-4000-8000-000000000203';
    lostAnswer('deleteAlertReceiver');
    await expect(client().deleteAlertReceiver(LOW_PRIORITY)).resolves.toBeUndefined();
    expect(liveReceiver(sandbox().state, LOW_PRIORITY)).toBeUndefined();
    expect(sandbox().requests.map((r) => [r.operation, r.status])).toEqual([
      ['deleteAlertReceiver', 0],
      ['deleteAlertReceiver', 404],
    ]);
  });

  it('delete: a 404 on the first attempt is still a 404 (nothing says it was ours)', async () => {
    const error = await client()
      .deleteAlertRule('a2a2a2a2-0000-4000-8000-0000000005ff')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
  });

  it('edit: the PUT is repeated (it replaces the whole rule) and the rule holds the edit once', async () => {
    lostAnswer('editAlertRule');
    const stored = await client().editAlertRule(RULE_501, edit);
    expect(stored.tag).toBe('lost');
    expect(liveRule(sandbox().state, RULE_501)).toMatchObject({ tag: 'lost', name: 'lost-answer' });
    expect(sandbox().requests.map((r) => [r.operation, r.status])).toEqual([
      ['editAlertRule', 0],
      ['editAlertRule', 200],
    ]);
  });

  it('create: never repeated; the error says the rule may exist; the service holds exactly one', async () => {
    lostAnswer('createAlertRule');
    const request: AlertRuleCreationRequest = {
      ...edit,
      name: 'lost-create',
      organization_id: ACME,
      cluster_id: PROD_EU,
      target: { target_type: 'CLUSTER', target_id: PROD_EU },
    };
    const error = await client()
      .createAlertRule(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toContain('The rule may have been created anyway');
    expect(sandbox().requests.map((r) => [r.operation, r.status])).toEqual([['createAlertRule', 0]]);
    const named = liveRules(sandbox().state, ACME).filter((r) => r.name === 'lost-create');
    expect(named).toHaveLength(1);
  });
});
