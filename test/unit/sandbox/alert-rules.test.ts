import { describe, expect, it } from 'vitest';
import { liveRule, putLiveRule } from '../../../src/sandbox/index.js';
import { callSandbox, useSandbox } from '../../helpers/sandbox.js';
import { ManualClock } from './manual-clock.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const GLOBEX = '7f1b2c3d-0000-4000-8000-000000000002';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';
const GLOBEX_RULE = 'b2b2b2b2-0000-4000-8000-000000000601';
const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';
const GLOBEX_RECEIVER = '5e1ec7ed-0000-4000-8000-000000000211';

const clock = new ManualClock();
const sandbox = useSandbox({ clock, upToDateDelayMs: 30_000, rateLimit: false });

function editBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'api-p99-latency',
    description: 'p99 latency of the public API over 5 minutes',
    tag: 'latency',
    condition: { kind: 'CUSTOM', promql: 'sum(up)', operator: 'ABOVE', threshold: 0.7, function: 'NONE' },
    for_duration: 'PT10M',
    severity: 'CRITICAL',
    enabled: true,
    alert_receiver_ids: [SLACK_ONCALL],
    presentation: { summary: 'slow', runbook_url: 'https://runbooks.acme.example/x' },
    ...overrides,
  };
}

function createBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...editBody({ name: 'api-new-rule' }),
    organization_id: ACME,
    cluster_id: PROD_EU,
    target: { target_type: ' CLUSTER', target_id: PROD_EU },
    ...overrides,
  };
}

describe('getAlertRules', () => {
  it('lists every rule of the organization in one answer, ghosts without an id', async () => {
    const { status, body } = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/alert-rules`);
    expect(status).toBe(200);
    const results = (body as { results: Record<string, unknown>[] }).results;
    expect(results).toHaveLength(21);
    const ghosts = results.filter((r) => r.source === 'GHOST');
    expect(ghosts).toEqual([
      {
        source: 'GHOST',
        name: 'api-p95-latency-legacy',
        state: 'TRIGGERED',
        target: { target_type: 'APPLICATION', target_id: 'a1a1a1a1-0000-4000-8000-000000000301' },
        starts_at: '2026-11-20T21:02:00Z',
      },
    ]);
    expect(results.filter((r) => r.is_up_to_date === false).map((r) => r.id)).toEqual([
      'a2a2a2a2-0000-4000-8000-000000000511',
    ]);
    expect(results.every((r) => r.source === 'GHOST' || r.organization_id === ACME)).toBe(true);
  });

  it('sends CLUSTER targets with the leading space the service uses', async () => {
    const { body } = await callSandbox(sandbox(), 'GET', '/alert-rules/a2a2a2a2-0000-4000-8000-000000000508');
    expect((body as { target: unknown }).target).toEqual({ target_type: ' CLUSTER', target_id: PROD_EU });
  });

  it('answers 403 for an organization the token may not access, 404 for an unknown one', async () => {
    const forbidden = await callSandbox(sandbox(), 'GET', `/organization/${GLOBEX}/alert-rules`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({
      status: 403,
      error: 'Forbidden',
      message: `this token may not access organization ${GLOBEX}`,
    });
    const unknown = await callSandbox(
      sandbox(),
      'GET',
      '/organization/7f1b2c3d-0000-4000-8000-0000000000ff/alert-rules',
    );
    expect(unknown.status).toBe(404);
  });

  it('answers 404 (declared; 400 is not) for an organization id that is not a uuid', async () => {
    const { status, body } = await callSandbox(sandbox(), 'GET', '/organization/acme/alert-rules');
    expect(status).toBe(404);
    expect((body as { message: string }).message).toBe('organizationId must be a uuid, found "acme"');
  });
});

describe('getAlertRule', () => {
  it('answers the managed rule', async () => {
    const { status, body } = await callSandbox(sandbox(), 'GET', `/alert-rules/${RULE}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: RULE, source: 'MANAGED', name: 'api-p99-latency', is_up_to_date: true });
  });

  it('answers 404 for an unknown id and 403 for a rule of another organization', async () => {
    expect(
      (await callSandbox(sandbox(), 'GET', '/alert-rules/a2a2a2a2-0000-4000-8000-000000000999')).status,
    ).toBe(404);
    expect((await callSandbox(sandbox(), 'GET', `/alert-rules/${GLOBEX_RULE}`)).status).toBe(403);
  });
});

describe('editAlertRule', () => {
  it('replaces the rule, stamps updated_at from the clock and is not up to date until the delay passed', async () => {
    const { status, body } = await callSandbox(sandbox(), 'PUT', `/alert-rules/${RULE}`, {
      body: editBody(),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: RULE,
      severity: 'CRITICAL',
      for_duration: 'PT10M',
      condition: { threshold: 0.7 },
      updated_at: new Date(clock.now()).toISOString(),
      is_up_to_date: false,
      cluster_id: PROD_EU,
    });
    clock.advance(30_000);
    expect(liveRule(sandbox().state, RULE)).toMatchObject({ is_up_to_date: true, severity: 'CRITICAL' });
  });

  it('requires every one of the nine fields', async () => {
    for (const field of Object.keys(editBody())) {
      const body = editBody();
      delete body[field];
      const answer = await callSandbox(sandbox(), 'PUT', `/alert-rules/${RULE}`, { body });
      expect(answer.status, field).toBe(400);
      expect((answer.body as { message: string }).message).toBe(`${field}: is required`);
    }
  });

  it.each([
    [{ severity: 'URGENT' }, 'severity: must be one of "LOW", "MEDIUM", "HIGH", "CRITICAL"'],
    [{ for_duration: '5 minutes' }, 'for_duration: must be an ISO-8601 duration of whole units such as PT5M'],
    [{ for_duration: 'PT' }, 'for_duration: must be an ISO-8601 duration of whole units such as PT5M'],
    [{ alert_receiver_ids: [] }, 'alert_receiver_ids: must contain at least 1 item'],
    [{ alert_receiver_ids: ['slack-oncall'] }, 'alert_receiver_ids[0]: must be a uuid'],
    [
      { alert_receiver_ids: [GLOBEX_RECEIVER] },
      `alert_receiver_ids[0]: receiver ${GLOBEX_RECEIVER} does not exist in organization ${ACME}`,
    ],
    [{ condition: { kind: 'CUSTOM' } }, 'condition.promql: is required'],
    [{ condition: { kind: 'CUSTOM', promql: 'x', operator: 'GT' } }, 'condition.operator: must be one of'],
    [{ enabled: 'yes' }, 'enabled: must be true or false'],
    [{ presentation: { runbook_url: 'not a url' } }, 'presentation.runbook_url: must be an absolute URI'],
  ])('refuses %j with 400', async (overrides, message) => {
    const answer = await callSandbox(sandbox(), 'PUT', `/alert-rules/${RULE}`, { body: editBody(overrides) });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const answer = await callSandbox(sandbox(), 'PUT', `/alert-rules/${RULE}`, { body: '{"name":' });
    expect(answer).toMatchObject({ status: 400, body: { message: 'the request body is not valid JSON' } });
  });

  it('answers 404 for an unknown rule before looking at the body', async () => {
    const answer = await callSandbox(sandbox(), 'PUT', '/alert-rules/a2a2a2a2-0000-4000-8000-000000000999', {
      body: {},
    });
    expect(answer.status).toBe(404);
  });
});

describe('createAlertRule', () => {
  it('answers 201 with a counter-based id and the wire spelling of CLUSTER', async () => {
    const answer = await callSandbox(sandbox(), 'POST', '/alert-rules', { body: createBody() });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      id: 'c4eaed00-0000-4000-8000-000000000001',
      source: 'MANAGED',
      organization_id: ACME,
      target: { target_type: ' CLUSTER', target_id: PROD_EU },
      state: 'UNDEPLOYED',
      is_up_to_date: false,
    });
    const second = await callSandbox(sandbox(), 'POST', '/alert-rules', {
      body: createBody({ target: { target_type: ' CLUSTER', target_id: PROD_EU } }),
    });
    expect((second.body as { id: string }).id).toBe('c4eaed00-0000-4000-8000-000000000002');
  });

  it.each([
    [{ organization_id: undefined }, 400, 'organization_id: is required'],
    [{ cluster_id: 'prod-eu' }, 400, 'cluster_id: must be a uuid'],
    [{ target: { target_type: 'NODE', target_id: PROD_EU } }, 400, 'target.target_type: must be one of'],
    [{ target: { target_type: 'APPLICATION' } }, 400, 'target.target_id: must be a uuid'],
    [
      { cluster_id: 'c1a5e7e0-0000-4000-8000-000000000201' },
      400,
      `cluster_id: cluster c1a5e7e0-0000-4000-8000-000000000201 does not exist in organization ${ACME}`,
    ],
    [{ organization_id: GLOBEX }, 403, `may not create alert rules in organization ${GLOBEX}`],
  ])('refuses %j', async (overrides, status, message) => {
    const answer = await callSandbox(sandbox(), 'POST', '/alert-rules', { body: createBody(overrides) });
    expect(answer.status).toBe(status);
    expect((answer.body as { message: string }).message).toContain(message);
  });
});

describe('deleteAlertRule', () => {
  it('answers 204 and the rule is gone', async () => {
    const id = 'a2a2a2a2-0000-4000-8000-000000000520';
    const answer = await callSandbox(sandbox(), 'DELETE', `/alert-rules/${id}`);
    expect(answer).toMatchObject({ status: 204, body: undefined });
    expect((await callSandbox(sandbox(), 'GET', `/alert-rules/${id}`)).status).toBe(404);
    expect((await callSandbox(sandbox(), 'DELETE', `/alert-rules/${id}`)).status).toBe(404);
  });

  it('refuses a rule of another organization', async () => {
    expect((await callSandbox(sandbox(), 'DELETE', `/alert-rules/${GLOBEX_RULE}`)).status).toBe(403);
  });
});

describe('state helpers', () => {
  it('putLiveRule arranges a rule that the service then answers', async () => {
    putLiveRule(sandbox().state, {
      id: 'a2a2a2a2-0000-4000-8000-000000000530',
      organization_id: ACME,
      cluster_id: PROD_EU,
      target: { target_type: 'CLUSTER', target_id: PROD_EU },
      name: 'arranged',
      description: '',
      tag: '',
      condition: { kind: 'CUSTOM', promql: 'up' },
      for_duration: 'PT1M',
      severity: 'LOW',
      enabled: false,
      alert_receiver_ids: [SLACK_ONCALL],
      created_at: '2026-11-01T00:00:00Z',
    });
    const answer = await callSandbox(sandbox(), 'GET', '/alert-rules/a2a2a2a2-0000-4000-8000-000000000530');
    expect(answer.body).toMatchObject({
      name: 'arranged',
      presentation: { summary: null, runbook_url: null },
    });
  });

  it('putLiveRule refuses a rule the service could not hold, naming the field', () => {
    expect(() => putLiveRule(sandbox().state, { id: 'nope' })).toThrow(
      'putLiveRule: rule.id: expected a uuid',
    );
    const ghost = {
      source: 'GHOST',
      organization_id: '7f1b2c3d-0000-4000-8000-0000000000ff',
      name: 'g',
      state: 'OK',
    };
    expect(() => putLiveRule(sandbox().state, ghost)).toThrow(
      "putLiveRule: rule.organization_id: organization 7f1b2c3d-0000-4000-8000-0000000000ff is not among the seed's organizations",
    );
  });
});

describe('getAlertReceivers', () => {
  it('lists the organization receivers without their organization or any secret', async () => {
    const { status, body } = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/alert-receivers`);
    expect(status).toBe(200);
    const results = (body as { results: Record<string, unknown>[] }).results;
    expect(results.map((r) => [r.name, r.type])).toEqual([
      ['slack-oncall', 'SLACK'],
      ['email-platform', 'EMAIL'],
      ['slack-low-priority', 'SLACK'],
    ]);
    expect(results.every((r) => !('organization_id' in r) && !('webhook_url' in r))).toBe(true);
  });

  it('refuses another organization', async () => {
    expect((await callSandbox(sandbox(), 'GET', `/organization/${GLOBEX}/alert-receivers`)).status).toBe(403);
  });
});
