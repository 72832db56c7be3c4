import { describe, expect, it } from 'vitest';
import type { AlertRuleCreationRequest, ResolveParams } from '../../../src/service/types.js';
import { apiFailure } from '../../helpers/api-failure.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { useSandboxClients } from '../../helpers/sandbox-clients.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const RULE_501 = 'a2a2a2a2-0000-4000-8000-000000000501';
const MISSING_RULE = 'a2a2a2a2-0000-4000-8000-000000000999';

const sandbox = useSandbox({ rateLimit: false });

const clients = useSandboxClients(sandbox);
const setup = (token = sandbox().token) => clients({ token });

const creation: AlertRuleCreationRequest = {
  organization_id: ACME,
  cluster_id: PROD_EU,
  target: { target_type: 'APPLICATION', target_id: 'a1a1a1a1-0000-4000-8000-000000000301' },
  name: 'client-errors-rule',
  description: '',
  tag: 'test',
  condition: { kind: 'CUSTOM', promql: 'up == 0', operator: 'ABOVE', threshold: 0, function: 'NONE' },
  for_duration: 'PT1M',
  severity: 'LOW',
  enabled: false,
  alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
  presentation: {},
};

const resolveParams: ResolveParams = {
  organizationId: ACME,
  templateKey: 'aws-standard',
  templateVersion: '1.4.0',
  componentKey: 'karpenter',
  clusterMode: 'QOVERY_MANAGED',
  cloudProvider: 'AWS',
};

describe('answers that are never retried', () => {
  it("400: the service's message, one request", async () => {
    const { service } = setup();
    const rule = await service.getAlertRule(RULE_501);
    const error = await apiFailure(
      service.editAlertRule(RULE_501, { ...rule, for_duration: 'five minutes' }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 400, operation: 'editAlertRule', method: 'PUT' });
    expect(error.path).toBe(`/alert-rules/${RULE_501}`);
    expect(error.serviceMessage).toMatch(/for_duration/);
    expect(error.message).toMatch(
      /^editAlertRule \(PUT \/alert-rules\/.+\) failed with HTTP 400: .*for_duration/,
    );
    expect(sandbox().count('editAlertRule')).toBe(1);
  });

  it('401: says how to set the token', async () => {
    const { service, clock } = setup('qov_not_a_known_token');
    const error = await apiFailure(service.getAlertRules(ACME));
    expect(error).toMatchObject({ status: 401, kind: 'http' });
    expect(error.hint).toBe(
      'Token missing or invalid: set QOVERY_API_TOKEN (CLI) or the api-token input (action).',
    );
    expect(sandbox().count()).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('403: says which operation on which resource', async () => {
    const { service } = setup('qov_sandbox_globex_token');
    const error = await apiFailure(service.getAlertRules(ACME));
    expect(error.status).toBe(403);
    expect(error.hint).toBe(`The token may not list the alert rules of organization ${ACME}.`);
    expect(error.message).toContain(
      `getAlertRules (GET /organization/${ACME}/alert-rules) failed with HTTP 403`,
    );
    expect(sandbox().count()).toBe(1);
  });

  it('404: says what was not found', async () => {
    const { service } = setup();
    const error = await apiFailure(service.getAlertRule(MISSING_RULE));
    expect(error.status).toBe(404);
    expect(error.hint).toBe(`Alert rule ${MISSING_RULE} was not found: check the document's id.`);
    const deleted = await apiFailure(service.deleteAlertRule(MISSING_RULE));
    expect(deleted.hint).toMatch(/may have been deleted already/);
    expect(sandbox().count()).toBe(2);
  });
});

describe('retries of idempotent requests', () => {
  it('GET: retried on 500 with jittered exponential backoff, then succeeds', async () => {
    const { service, clock } = setup();
    sandbox().setFaults({ script: [{ operation: 'getAlertRules', status: 500, times: 2 }] });
    const rules = await service.getAlertRules(ACME);
    expect(rules.length).toBeGreaterThan(0);
    expect(clock.sleeps).toEqual([375, 750]);
    expect(service.requestCounts()).toEqual({ total: 3, byOperation: { getAlertRules: 3 } });
    expect(sandbox().count('getAlertRules')).toBe(3);
  });

  it('GET: gives up after the bounded attempts, saying how many', async () => {
    const { service, clock } = setup();
    sandbox().setFaults({ script: [{ operation: 'getAlertReceivers', status: 503, times: 10 }] });
    const error = await apiFailure(service.getAlertReceivers(ACME));
    expect(error).toMatchObject({ status: 503, kind: 'http' });
    expect(error.hint).toBe('The service kept failing (4 attempts); try again later.');
    expect(clock.sleeps).toEqual([375, 750, 1500]);
    expect(sandbox().count('getAlertReceivers')).toBe(4);
  });

  it('PUT: retried on 503 and on a reset', async () => {
    const { service } = setup();
    const rule = await service.getAlertRule(RULE_501);
    sandbox().setFaults({
      script: [
        { operation: 'editAlertRule', status: 503 },
        { operation: 'editAlertRule', reset: true },
      ],
    });
    await expect(service.editAlertRule(RULE_501, rule)).resolves.toMatchObject({ id: RULE_501 });
    expect(service.requestCounts().byOperation.editAlertRule).toBe(3);
    expect(
      sandbox()
        .requests.filter((r) => r.operation === 'editAlertRule')
        .map((r) => r.status),
    ).toEqual([503, 0, 200]);
  });

  it('DELETE: retried on 500', async () => {
    const { service } = setup();
    const created = await service.createAlertRule({ ...creation, name: 'client-errors-delete-me' });
    sandbox().setFaults({ script: [{ operation: 'deleteAlertRule', status: 500 }] });
    await expect(service.deleteAlertRule(created.id)).resolves.toBeUndefined();
    expect(service.requestCounts().byOperation.deleteAlertRule).toBe(2);
  });

  it('the read-only resolve POST: retried on 503', async () => {
    const { service } = setup();
    sandbox().setFaults({
      script: [{ operation: 'resolvePlatformTemplateComponentConfiguration', status: 503 }],
    });
    const resolved = await service.resolvePlatformTemplateComponentConfiguration(resolveParams, {});
    expect(resolved.componentKey).toBe('karpenter');
    expect(sandbox().count('resolvePlatformTemplateComponentConfiguration')).toBe(2);
  });
});

describe('a create is never repeated once it may have reached the service', () => {
  it('500: one request, and an error that says the rule may exist', async () => {
    const { service, clock } = setup();
    sandbox().setFaults({ script: [{ operation: 'createAlertRule', status: 500 }] });
    const error = await apiFailure(service.createAlertRule(creation));
    expect(error).toMatchObject({
      status: 500,
      operation: 'createAlertRule',
      method: 'POST',
      path: '/alert-rules',
    });
    expect(error.hint).toMatch(/may have been created anyway: run plan again before re-applying/);
    expect(sandbox().count('createAlertRule')).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('503: not repeated either', async () => {
    const { service } = setup();
    sandbox().setFaults({ script: [{ operation: 'createAlertRule', status: 503 }] });
    await apiFailure(service.createAlertRule(creation));
    expect(sandbox().count('createAlertRule')).toBe(1);
  });

  it('a reset after sending: one request, kind network', async () => {
    const { service } = setup();
    sandbox().setFaults({ script: [{ operation: 'createAlertRule', reset: true }] });
    const error = await apiFailure(service.createAlertRule(creation));
    expect(error).toMatchObject({ kind: 'network', status: null });
    expect(error.hint).toMatch(/may have been created anyway/);
    expect(sandbox().count('createAlertRule')).toBe(1);
    expect(service.requestCounts().byOperation.createAlertRule).toBe(1);
  });
});

describe('answers that cannot be used', () => {
  it('a 200 of the wrong shape names the field and is not retried', async () => {
    const { service } = setup();
    sandbox().setFaults({
      script: [
        { operation: 'getAlertRule', status: 200, body: { source: 'MANAGED', id: RULE_501, name: 7 } },
      ],
    });
    const error = await apiFailure(service.getAlertRule(RULE_501));
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect(error.message).toMatch(/field 'created_at' is missing or not a string/);
    expect(sandbox().count('getAlertRule')).toBe(1);
  });

  it('a JSON string where an object belongs', async () => {
    const { service } = setup();
    sandbox().setFaults({ script: [{ operation: 'getAlertReceivers', status: 200, body: 'fine' }] });
    const error = await apiFailure(service.getAlertReceivers(ACME));
    expect(error.kind).toBe('invalid-response');
  });
});
