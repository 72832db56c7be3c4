import { describe, expect, it } from 'vitest';
import {
  createAlertRule,
  deleteAlertRule,
  editAlertRule,
  getAlertRule,
  getAlertRules,
} from '../../../src/service/alert-rule-requests.js';
import { listClusterDeploymentHistoryV2 } from '../../../src/service/cluster-requests.js';
import {
  listPlatformTemplates,
  resolvePlatformTemplateComponentConfiguration,
} from '../../../src/service/platform-requests.js';
import type { AlertRuleCreationRequest } from '../../../src/service/types.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';
const CLUSTER = 'c1a5e7e0-0000-4000-8000-000000000101';

const creation: AlertRuleCreationRequest = {
  organization_id: ORG,
  cluster_id: CLUSTER,
  target: { target_type: 'CLUSTER', target_id: CLUSTER },
  name: 'node-pressure',
  description: 'nodes under memory pressure',
  tag: 'capacity',
  condition: { kind: 'CUSTOM', promql: 'sum(kube_node_status_condition)', operator: 'ABOVE', threshold: 0 },
  for_duration: 'PT5M',
  severity: 'HIGH',
  enabled: true,
  alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
  presentation: { summary: 'pressure' },
};

describe('requests', () => {
  it("sends the cluster target in the service's spelling, and only the fields of a creation", () => {
    const withExtra = { ...creation, id: 'not-sent', kind: 'AlertRule' } as AlertRuleCreationRequest;
    const request = createAlertRule(withExtra);
    expect(request).toMatchObject({
      operation: 'createAlertRule',
      method: 'POST',
      path: '/alert-rules',
      safety: 'create',
    });
    expect(request.body).toEqual({
      organization_id: ORG,
      cluster_id: CLUSTER,
      target: { target_type: ' CLUSTER', target_id: CLUSTER },
      name: 'node-pressure',
      description: 'nodes under memory pressure',
      tag: 'capacity',
      condition: {
        kind: 'CUSTOM',
        promql: 'sum(kube_node_status_condition)',
        operator: 'ABOVE',
        threshold: 0,
      },
      for_duration: 'PT5M',
      severity: 'HIGH',
      enabled: true,
      alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
      presentation: { summary: 'pressure', runbook_url: null },
    });
  });

  it('sends other target types as they are', () => {
    const body = createAlertRule({
      ...creation,
      target: { target_type: 'APPLICATION', target_id: 'a' },
    }).body as { target: unknown };
    expect(body.target).toEqual({ target_type: 'APPLICATION', target_id: 'a' });
  });

  it('puts exactly the nine edit fields in a PUT', () => {
    const request = editAlertRule('a2a2a2a2-0000-4000-8000-000000000501', creation);
    expect(request).toMatchObject({
      method: 'PUT',
      path: '/alert-rules/a2a2a2a2-0000-4000-8000-000000000501',
    });
    expect(Object.keys(request.body as object)).toEqual([
      'name',
      'description',
      'tag',
      'condition',
      'for_duration',
      'severity',
      'enabled',
      'alert_receiver_ids',
      'presentation',
    ]);
    expect(request.safety).toBe('idempotent');
  });

  it('encodes path segments, so an id cannot address another resource', () => {
    expect(getAlertRule('../organization/x').path).toBe('/alert-rules/..%2Forganization%2Fx');
    expect(deleteAlertRule('a b?c').path).toBe('/alert-rules/a%20b%3Fc');
  });

  it('resolves with the cluster context in the query, as a repeatable request', () => {
    const request = resolvePlatformTemplateComponentConfiguration(
      {
        organizationId: ORG,
        templateKey: 'aws-standard',
        templateVersion: '1.4.0',
        componentKey: 'external-dns',
        clusterMode: 'QOVERY_MANAGED',
        cloudProvider: 'AWS',
      },
      { profileConfig: { replicas: 2 }, componentOutputs: { 'ingress-nginx': { hostedZoneId: 'Z1' } } },
    );
    expect(request).toMatchObject({
      method: 'POST',
      path: `/organization/${ORG}/platformTemplate/aws-standard/1.4.0/component/external-dns/resolve`,
      query: { clusterMode: 'QOVERY_MANAGED', cloudProvider: 'AWS' },
      safety: 'idempotent',
      body: { profileConfig: { replicas: 2 }, componentOutputs: { 'ingress-nginx': { hostedZoneId: 'Z1' } } },
    });
    expect(request.body).not.toHaveProperty('clusterInputs');
  });

  it('passes optional queries only when given', () => {
    expect(listPlatformTemplates(ORG).query).toBeUndefined();
    expect(
      listPlatformTemplates(ORG, { clusterMode: 'CUSTOMER_MANAGED', cloudProvider: 'GCP' }).query,
    ).toEqual({
      clusterMode: 'CUSTOMER_MANAGED',
      cloudProvider: 'GCP',
    });
    expect(listClusterDeploymentHistoryV2(ORG, CLUSTER).query).toBeUndefined();
    expect(listClusterDeploymentHistoryV2(ORG, CLUSTER, 5).query).toEqual({ pageSize: '5' });
  });

  it('says what each request is about, for a 403 and a 404', () => {
    expect(getAlertRules(ORG).forbidden).toBe(`list the alert rules of organization ${ORG}`);
    expect(editAlertRule('r1', creation).notFound).toMatch(/alert rule r1 was not found/);
  });
});
