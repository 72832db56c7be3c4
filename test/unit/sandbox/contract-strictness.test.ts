import { describe, expect, it } from 'vitest';
import { liveRule } from '../../../src/sandbox/index.js';
import { callSandbox, useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';
const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';
const RESOLVE = `/organization/${ACME}/platformTemplate/aws-standard/1.4.0/component/observability/resolve?clusterMode=QOVERY_MANAGED&cloudProvider=AWS`;

const sandbox = useSandbox({ rateLimit: false });

function editBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'api-p99-latency',
    description: '',
    tag: '',
    condition: { kind: 'CUSTOM', promql: 'sum(up)', operator: 'ABOVE', threshold: 1, function: 'NONE' },
    for_duration: 'PT10M',
    severity: 'LOW',
    enabled: true,
    alert_receiver_ids: [SLACK_ONCALL],
    presentation: { summary: null, runbook_url: null },
    ...overrides,
  };
}

function createBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...editBody({ name: 'strict-new' }),
    organization_id: ACME,
    cluster_id: PROD_EU,
    target: { target_type: ' CLUSTER', target_id: PROD_EU },
    ...overrides,
  };
}

const put = (body: unknown) => callSandbox(sandbox(), 'PUT', `/alert-rules/${RULE}`, { body });

describe('the sandbox refuses what the description does not allow', () => {
  it.each(['operator', 'threshold', 'function'])('refuses condition.%s sent as null', async (key) => {
    const condition = { kind: 'CUSTOM', promql: 'up', [key]: null };
    const answer = await put(editBody({ condition }));
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain(`condition.${key}`);
  });

  it.each(['PT0.5S', 'PT1.5M', 'P0.5D'])('refuses the fractional duration %s', async (duration) => {
    const answer = await put(editBody({ for_duration: duration }));
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain('for_duration');
  });

  it('refuses a body that is not sent as application/json, and leaves the rule alone', async () => {
    const before = liveRule(sandbox().state, RULE);
    const response = await fetch(`${sandbox().url}/alert-rules/${RULE}`, {
      method: 'PUT',
      headers: { authorization: `Token ${sandbox().token}`, 'content-type': 'text/plain' },
      body: JSON.stringify(editBody({ tag: 'changed' })),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'the request body must be sent as application/json',
    });
    expect(liveRule(sandbox().state, RULE)).toEqual(before);
  });

  it.each(['profileConfig', 'clusterInputs', 'componentOutputs'])('refuses %s sent as null', async (key) => {
    const answer = await callSandbox(sandbox(), 'POST', RESOLVE, { body: { [key]: null } });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe(`${key}: must be an object`);
  });

  it.each(['CLUSTER', 'cluster', 'CLUSTER '])(
    'refuses the target type %j (the description lists " CLUSTER")',
    async (type) => {
      const answer = await callSandbox(sandbox(), 'POST', '/alert-rules', {
        body: createBody({ target: { target_type: type, target_id: PROD_EU } }),
      });
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toContain('target.target_type');
    },
  );
});

describe('the sandbox is not stricter than the description', () => {
  it('takes a mailto: runbook URL, an absolute URI', async () => {
    const answer = await put(
      editBody({ presentation: { summary: null, runbook_url: 'mailto:oncall@acme.example' } }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ presentation: { runbook_url: 'mailto:oncall@acme.example' } });
    expect((await put(editBody({ presentation: { runbook_url: 'not a uri' } }))).status).toBe(400);
  });

  it('answers a created rule without null updated_at or starts_at (not nullable: left out)', async () => {
    const answer = await callSandbox(sandbox(), 'POST', '/alert-rules', { body: createBody() });
    expect(answer.status).toBe(201);
    expect(answer.body).not.toHaveProperty('updated_at');
    expect(answer.body).not.toHaveProperty('starts_at');
    const list = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/alert-rules`);
    const managed = (list.body as { results: Record<string, unknown>[] }).results.filter(
      (r) => r.source === 'MANAGED',
    );
    for (const rule of managed) {
      expect(rule.updated_at, String(rule.id)).not.toBeNull();
      expect(rule.starts_at, String(rule.id)).not.toBeNull();
    }
  });
});

describe('faults after the operation', () => {
  it('runs the write and then drops the connection: the rule exists, the answer is lost', async () => {
    sandbox().setFaults({ script: [{ operation: 'createAlertRule', reset: true, resetAfter: true }] });
    const before = (await callSandbox(sandbox(), 'GET', `/organization/${ACME}/alert-rules`)).body as {
      results: unknown[];
    };
    await expect(
      callSandbox(sandbox(), 'POST', '/alert-rules', { body: createBody({ name: 'lost-answer' }) }),
    ).rejects.toThrow();
    sandbox().setFaults({});
    const after = (await callSandbox(sandbox(), 'GET', `/organization/${ACME}/alert-rules`)).body as {
      results: { name: string }[];
    };
    expect(after.results).toHaveLength(before.results.length + 1);
    expect(after.results.filter((r) => r.name === 'lost-answer')).toHaveLength(1);
  });
});
