import diagnostics from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/service/errors.js';
import type { AlertRuleCreationRequest } from '../../../src/service/types.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { useSandboxClients } from '../../helpers/sandbox-clients.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const LEGACY_US = 'c1a5e7e0-0000-4000-8000-000000000103';
const RULE_501 = 'a2a2a2a2-0000-4000-8000-000000000501';
const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzYW5kYm94In0.c2lnbmF0dXJl';

const sandbox = useSandbox({ rateLimit: false });

const clients = useSandboxClients(sandbox);
const client = (token = sandbox().token) => clients({ token }).service;

const newRule: AlertRuleCreationRequest = {
  organization_id: ACME,
  cluster_id: PROD_EU,
  target: { target_type: 'CLUSTER', target_id: PROD_EU },
  name: 'client-test-node-pressure',
  description: 'nodes under memory pressure',
  tag: 'capacity',
  condition: {
    kind: 'CUSTOM',
    promql: 'max(kube_node_status_condition{condition="MemoryPressure"})',
    operator: 'ABOVE',
    threshold: 0,
    function: 'NONE',
  },
  for_duration: 'PT5M',
  severity: 'HIGH',
  enabled: true,
  alert_receiver_ids: [SLACK_ONCALL],
  presentation: { summary: 'memory pressure', runbook_url: null },
};

describe('service client against the sandbox', () => {
  it('lists the alert rules of an organization, managed and ghost, in one request', async () => {
    const service = client();
    const rules = await service.getAlertRules(ACME);
    expect(rules.some((r) => r.source === 'MANAGED' && r.id === RULE_501)).toBe(true);
    expect(rules.some((r) => r.source === 'GHOST')).toBe(true);
    // The cluster target arrives in the service's spelling and leaves the client in ours.
    const clusterRule = rules.find((r) => r.target?.target_type === 'CLUSTER');
    expect(clusterRule).toBeDefined();
    expect(rules.every((r) => r.target === null || !r.target.target_type?.startsWith(' '))).toBe(true);
    expect(service.requestCounts()).toEqual({ total: 1, byOperation: { getAlertRules: 1 } });
    expect(service.notices()).toEqual([]);
  });

  it('reads one rule (200), edits it with a PUT (200), and the edit is what the sandbox received', async () => {
    const service = client();
    const rule = await service.getAlertRule(RULE_501);
    expect(rule).toMatchObject({ id: RULE_501, name: 'api-p99-latency', severity: 'HIGH' });
    const edited = await service.editAlertRule(RULE_501, { ...rule, severity: 'CRITICAL' });
    expect(edited).toMatchObject({ id: RULE_501, severity: 'CRITICAL' });
    const put = sandbox().requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/alert-rules/${RULE_501}`);
    expect(put?.body).toEqual({
      name: rule.name,
      description: rule.description,
      tag: rule.tag,
      condition: rule.condition,
      for_duration: rule.for_duration,
      severity: 'CRITICAL',
      enabled: rule.enabled,
      alert_receiver_ids: rule.alert_receiver_ids,
      presentation: rule.presentation,
    });
    await service.editAlertRule(RULE_501, rule);
  });

  it("creates a rule (201) with the cluster target in the service's spelling, then deletes it (204)", async () => {
    const service = client();
    const created = await service.createAlertRule(newRule);
    expect(created).toMatchObject({
      source: 'MANAGED',
      name: newRule.name,
      target: { target_type: 'CLUSTER' },
    });
    const post = sandbox().requests.find((r) => r.method === 'POST');
    expect(post).toMatchObject({
      status: 201,
      body: { target: { target_type: ' CLUSTER', target_id: PROD_EU } },
    });
    await expect(service.deleteAlertRule(created.id)).resolves.toBeUndefined();
    expect(sandbox().requests.at(-1)).toMatchObject({ method: 'DELETE', status: 204 });
    expect(service.requestCounts()).toEqual({
      total: 2,
      byOperation: { createAlertRule: 1, deleteAlertRule: 1 },
    });
  });

  it('lists receivers', async () => {
    const receivers = await client().getAlertReceivers(ACME);
    expect(receivers).toContainEqual(
      expect.objectContaining({ id: SLACK_ONCALL, name: 'slack-oncall', type: 'SLACK' }),
    );
  });

  it('lists platform templates and resolves a component', async () => {
    const service = client();
    const templates = await service.listPlatformTemplates(ACME, {
      clusterMode: 'QOVERY_MANAGED',
      cloudProvider: 'AWS',
    });
    expect(templates).toContainEqual(expect.objectContaining({ key: 'aws-standard', version: '1.4.0' }));
    const resolved = await service.resolvePlatformTemplateComponentConfiguration(
      {
        organizationId: ACME,
        templateKey: 'aws-standard',
        templateVersion: '1.4.0',
        componentKey: 'external-dns',
        clusterMode: 'QOVERY_MANAGED',
        cloudProvider: 'AWS',
      },
      { profileConfig: {}, componentOutputs: { 'ingress-nginx': { hostedZoneId: 'Z123' } } },
    );
    expect(resolved.componentKey).toBe('external-dns');
    expect(resolved.componentBindings).toContainEqual({
      input: 'zoneId',
      fromComponent: 'ingress-nginx',
      output: 'hostedZoneId',
    });
    expect(sandbox().requests.at(-1)?.query).toEqual({ clusterMode: 'QOVERY_MANAGED', cloudProvider: 'AWS' });
  });

  it('sends a machine token as Token and a JWT as Bearer', async () => {
    await client().getAlertReceivers(ACME);
    await client(JWT).getAlertReceivers(ACME);
    expect(sandbox().requests.map((r) => r.authorization)).toEqual([
      `Token ${sandbox().token}`,
      `Bearer ${JWT}`,
    ]);
  });

  it('reuses one keep-alive connection for a run of requests', async () => {
    const connections: unknown[] = [];
    const onConnect = (message: unknown) => connections.push(message);
    // undici announces every new connection on this public diagnostics channel.
    diagnostics.subscribe('undici:client:connected', onConnect);
    try {
      const service = client();
      for (let i = 0; i < 5; i++) await service.getAlertReceivers(ACME);
      expect(service.requestCounts().total).toBe(5);
    } finally {
      diagnostics.unsubscribe('undici:client:connected', onConnect);
    }
    expect(sandbox().count('getAlertReceivers')).toBe(5);
    expect(connections).toHaveLength(1);
  });

  it('reads deployment history and its logs, and the deprecated logs where the newer operation is missing', async () => {
    const service = client();
    const history = await service.listClusterDeploymentHistoryV2(ACME, PROD_EU, 2);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ identifier: { cluster_id: PROD_EU }, action_status: 'ERROR' });
    const entries = await service.listClusterDeploymentLogs(
      ACME,
      PROD_EU,
      history[0]!.identifier.deployment_id,
    );
    expect(entries.some((e) => e.type === 'error' && e.error?.tag)).toBe(true);
    const legacy = await service.listClusterDeploymentHistoryV2(ACME, LEGACY_US).then(
      () => null,
      (error: unknown) => error as ApiError,
    );
    expect(legacy).toMatchObject({ status: 404, operation: 'listClusterDeploymentHistoryV2' });
    expect(await service.listClusterLogs(ACME, LEGACY_US)).not.toHaveLength(0);
    expect(service.notices()).toEqual([]);
  });
});
