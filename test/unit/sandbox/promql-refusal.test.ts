import { describe, expect, it } from 'vitest';
import { callSandbox, useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';
const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';

const sandbox = useSandbox({ rateLimit: false });

function editBody(promql: string): Record<string, unknown> {
  return {
    name: 'api-errors',
    description: '',
    tag: '',
    condition: { kind: 'CUSTOM', promql, operator: 'ABOVE', threshold: 1, function: 'NONE' },
    for_duration: 'PT5M',
    severity: 'HIGH',
    enabled: true,
    alert_receiver_ids: [SLACK_ONCALL],
    presentation: { summary: null, runbook_url: null },
  };
}

const createBody = (promql: string) => ({
  ...editBody(promql),
  organization_id: ACME,
  cluster_id: PROD_EU,
  // The description spells the cluster target with a leading space, and the sandbox accepts only that.
  target: { target_type: ' CLUSTER', target_id: PROD_EU },
});

describe('the sandbox refuses a query that does not parse, as the alerting system would', () => {
  it.each([
    ['sum bye (job) (up)', 'unexpected `bye` here'],
    ['rate(http_requests_total)', 'expected type matrix in call to function "rate", got vector'],
    ['http_requests_total[5m]', 'the query must give an instant vector or a scalar'],
    ['sum(rate(x[5m])', 'the query ends with `(` never closed'],
  ])('PUT with %j: 400 in the service error shape, the rule unchanged', async (promql, reason) => {
    const before = await callSandbox(sandbox(), 'GET', `/alert-rules/${RULE}`);
    const answer = await callSandbox(sandbox(), 'PUT', `/alert-rules/${RULE}`, { body: editBody(promql) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      status: 400,
      error: 'Bad Request',
      message: expect.stringContaining(`condition.promql: invalid PromQL expression: ${reason}`),
    });
    const after = await callSandbox(sandbox(), 'GET', `/alert-rules/${RULE}`);
    expect(after.body).toEqual(before.body);
  });

  it('POST with a query that does not parse: 400, and no rule is created', async () => {
    const answer = await callSandbox(sandbox(), 'POST', '/alert-rules', { body: createBody('up ==') });
    expect(answer).toMatchObject({ status: 400, body: { status: 400, error: 'Bad Request' } });
    const list = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/alert-rules`);
    const names = (list.body as { results: { name: string }[] }).results.map((r) => r.name);
    expect(names).not.toContain('api-errors');
  });

  it('accepts a query that parses, even one the lint checks warn about', async () => {
    const answer = await callSandbox(sandbox(), 'POST', '/alert-rules', {
      body: createBody('sum(up{job=~"api"}) > 0'),
    });
    expect(answer.status).toBe(201);
  });
});
