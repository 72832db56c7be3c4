import { describe, expect, it } from 'vitest';
import { decodeAlertReceiverList, decodeAlertRuleList } from '../../../src/service/decode/alert-rules.js';
import { decodeClusterLogs, decodeDeploymentHistory } from '../../../src/service/decode/cluster-logs.js';
import { decodePlatformTemplates, decodeResolveResponse } from '../../../src/service/decode/platform.js';
import { type DecodeContext, DecodeError } from '../../../src/service/decode/read.js';
import { Notices } from '../../../src/service/notices.js';

function context(): DecodeContext {
  return { operation: 'getAlertRules', notices: new Notices() };
}

const managed = {
  source: 'MANAGED',
  id: 'a2a2a2a2-0000-4000-8000-000000000501',
  created_at: '2026-01-01T00:00:00Z',
  organization_id: '7f1b2c3d-0000-4000-8000-000000000001',
  cluster_id: 'c1a5e7e0-0000-4000-8000-000000000101',
  name: 'api-p99-latency',
  description: 'p99',
  tag: 'latency',
  condition: { kind: 'CUSTOM', promql: 'x', operator: 'ABOVE', threshold: 0.5, function: 'NONE' },
  for_duration: 'PT5M',
  severity: 'HIGH',
  enabled: true,
  alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
  presentation: { summary: 's', runbook_url: null },
  target: {
    target_type: 'APPLICATION',
    target_id: 'a1a1a1a1-0000-4000-8000-000000000301',
    service: { id: 'x' },
  },
  state: 'OK',
  is_up_to_date: true,
  extra_field_we_do_not_use: { anything: true },
};

describe('alert rules at the boundary', () => {
  it('reads managed and ghost rules', () => {
    const ghost = { source: 'GHOST', name: 'orphan', state: 'TRIGGERED', target: null, starts_at: null };
    const rules = decodeAlertRuleList({ results: [managed, ghost] }, context());
    expect(rules[0]).toMatchObject({ source: 'MANAGED', id: managed.id, updated_at: null, severity: 'HIGH' });
    expect(rules[0]).not.toHaveProperty('extra_field_we_do_not_use');
    expect(rules[0]).not.toHaveProperty('target.service');
    expect(rules[1]).toEqual(ghost);
  });

  it('reads both spellings of the cluster target as CLUSTER', () => {
    const wire = { ...managed, target: { target_type: ' CLUSTER', target_id: managed.cluster_id } };
    const plain = { ...managed, target: { target_type: 'CLUSTER', target_id: managed.cluster_id } };
    const ctx = context();
    const rules = decodeAlertRuleList({ results: [wire, plain] }, ctx);
    expect(rules.map((r) => r.target?.target_type)).toEqual(['CLUSTER', 'CLUSTER']);
    expect(ctx.notices.list()).toEqual([]);
  });

  it('tolerates unknown enum values, keeps them, and reports each once', () => {
    const odd = {
      ...managed,
      severity: 'SEVERE',
      state: 'SNOOZED',
      condition: { ...managed.condition, function: 'P99' },
    };
    const ctx = context();
    const rules = decodeAlertRuleList({ results: [odd, odd, { ...odd, id: 'other' }] }, ctx);
    expect(rules).toHaveLength(3);
    expect(rules[0]).toMatchObject({ severity: 'SEVERE', state: 'SNOOZED', condition: { function: 'P99' } });
    expect(ctx.notices.list()).toHaveLength(3);
    expect(ctx.notices.list().join('\n')).toMatch(/unknown alert severity "SEVERE"/);
  });

  it('leaves out rules of an unknown source, and says so once', () => {
    const ctx = context();
    const rules = decodeAlertRuleList(
      { results: [{ ...managed, source: 'IMPORTED' }, { source: 'IMPORTED' }] },
      ctx,
    );
    expect(rules).toEqual([]);
    expect(ctx.notices.list()).toEqual([expect.stringMatching(/unknown source "IMPORTED"/)]);
  });

  it.each([
    [{ results: [{ ...managed, enabled: 'yes' }] }, 'results[0].enabled'],
    [{ results: [{ ...managed, condition: { kind: 'CUSTOM' } }] }, 'results[0].condition.promql'],
    [{ results: [{ ...managed, alert_receiver_ids: ['a', 7] }] }, 'results[0].alert_receiver_ids[1]'],
    [{ results: [{ ...managed, id: undefined }] }, 'results[0].id'],
    [{ results: {} }, 'results'],
    [[], '(body)'],
  ])('names the field of a wrong shape (%#)', (body, field) => {
    expect(() => decodeAlertRuleList(body, context())).toThrow(DecodeError);
    expect(() => decodeAlertRuleList(body, context())).toThrow(`'${field}'`);
  });

  it('reads receivers, tolerating a new receiver type', () => {
    const ctx = context();
    const receivers = decodeAlertReceiverList(
      {
        results: [
          { id: 'r1', name: 'slack-oncall', type: 'SLACK', description: 'd', webhook_url: 'secret' },
          { id: 'r2', name: 'pager', type: 'PAGERDUTY' },
        ],
      },
      ctx,
    );
    expect(receivers).toEqual([
      { id: 'r1', name: 'slack-oncall', type: 'SLACK', description: 'd' },
      { id: 'r2', name: 'pager', type: 'PAGERDUTY' },
    ]);
    expect(ctx.notices.list()).toHaveLength(1);
  });
});

const scalar = (key: string, extra: object = {}) => ({
  key,
  type: 'string',
  required: true,
  label: key,
  sensitive: false,
  constraints: {
    allowedValues: null,
    min: null,
    max: null,
    minLength: 1,
    maxLength: 63,
    pattern: '^[a-z]+$',
  },
  ...extra,
});

describe('platform component resolution at the boundary', () => {
  const resolve = {
    componentKey: 'observability',
    fields: [
      scalar('retention', { format: 'duration', templates: [{ id: 't', label: 'T', value: '7d' }] }),
      scalar('grafanaAdminPassword', { sensitive: true, constraints: {} }),
      {
        key: 'storage',
        type: 'object',
        required: false,
        label: 'Storage',
        sensitive: false,
        fields: [
          scalar('size'),
          { key: 'mystery', type: 'map', sensitive: true, required: false, label: 'M' },
        ],
      },
      {
        key: 'nodePools',
        type: 'array',
        required: false,
        label: 'Pools',
        sensitive: false,
        constraints: { minItems: 1, maxItems: null, uniqueItems: true },
        items: { type: 'object', fields: [scalar('name')] },
        itemFields: [[scalar('name')]],
      },
      {
        key: 'tags',
        type: 'array',
        required: false,
        label: 'Tags',
        sensitive: false,
        constraints: { uniqueItems: false },
        items: { type: 'tuple' },
      },
    ],
    requirements: [{ ...scalar('s3BucketName'), scope: 'CLUSTER', status: 'MISSING' }],
    componentBindings: [{ input: 'zoneId', fromComponent: 'ingress-nginx', output: 'hostedZoneId' }],
    violations: [{ code: 'REQUIRED', fieldPath: 'clusterInputs.s3BucketName', message: 'Provide it.' }],
  };

  it('reads every descriptor kind and keeps unknown kinds, nested ones too', () => {
    const ctx = context();
    const decoded = decodeResolveResponse(resolve, ctx);
    expect(decoded.fields[0]).toMatchObject({
      key: 'retention',
      type: 'string',
      format: 'duration',
      templates: [{ id: 't' }],
    });
    expect(decoded.fields[1]).toMatchObject({
      key: 'grafanaAdminPassword',
      sensitive: true,
      constraints: {},
    });
    expect(decoded.fields[2]).toMatchObject({
      type: 'object',
      fields: [{ key: 'size' }, { key: 'mystery', type: 'map', sensitive: true, unknownKind: true }],
    });
    expect(decoded.fields[3]).toMatchObject({
      type: 'array',
      constraints: { minItems: 1, maxItems: null, uniqueItems: true },
      items: { type: 'object', fields: [{ key: 'name' }] },
      itemFields: [[{ key: 'name' }]],
    });
    expect(decoded.fields[4]).toEqual({
      key: 'tags',
      type: 'array of tuple',
      sensitive: false,
      unknownKind: true,
    });
    expect(decoded.requirements[0]).toMatchObject({
      key: 's3BucketName',
      scope: 'CLUSTER',
      status: 'MISSING',
    });
    expect(decoded.componentBindings).toEqual(resolve.componentBindings);
    expect(decoded.violations).toEqual(resolve.violations);
    expect(ctx.notices.list()).toEqual([
      expect.stringMatching(/unknown type "map"/),
      expect.stringMatching(/unknown type "array of tuple"/),
    ]);
  });

  it('insists on `sensitive`: a descriptor without it cannot be shown safely', () => {
    const broken = { ...resolve, fields: [{ ...scalar('x'), sensitive: undefined }] };
    expect(() => decodeResolveResponse(broken, context())).toThrow("'fields[0].sensitive'");
  });

  it('reads a requirement of an unknown type as a string', () => {
    const ctx = context();
    const decoded = decodeResolveResponse(
      {
        ...resolve,
        fields: [],
        requirements: [{ ...scalar('arn', { type: 'secretRef' }), scope: 'CLUSTER', status: 'PENDING' }],
      },
      ctx,
    );
    expect(decoded.requirements[0]).toMatchObject({ type: 'string', status: 'PENDING' });
    expect(ctx.notices.list()).toHaveLength(2);
  });

  it('reads the template catalog', () => {
    const templates = decodePlatformTemplates(
      {
        results: [
          {
            key: 'aws-standard',
            version: '1.4.0',
            status: 'PUBLISHED',
            layers: [
              {
                key: 'core',
                mandatory: true,
                enabledByDefault: true,
                modes: ['QOVERY_MANAGED'],
                componentKeys: ['karpenter'],
                components: [],
              },
            ],
          },
        ],
      },
      context(),
    );
    expect(templates).toEqual([
      {
        key: 'aws-standard',
        version: '1.4.0',
        status: 'PUBLISHED',
        layers: [
          {
            key: 'core',
            mandatory: true,
            modes: ['QOVERY_MANAGED'],
            providers: null,
            componentKeys: ['karpenter'],
          },
        ],
      },
    ]);
  });
});

describe('cluster deployments and logs at the boundary', () => {
  it('reads deployments, tolerating a new action status', () => {
    const ctx = context();
    const history = decodeDeploymentHistory(
      {
        page: 1,
        page_size: 20,
        results: [
          {
            identifier: { deployment_id: 'd1', cluster_id: 'c1' },
            auditing_data: {
              created_at: '2026-11-21T01:00:00Z',
              updated_at: '2026-11-21T01:05:00Z',
              origin: 'API',
            },
            status: 'DEPLOYED',
            action_status: 'ROLLED_BACK',
            trigger_action: 'DEPLOY',
            reason: 'update',
          },
        ],
      },
      ctx,
    );
    expect(history[0]).toMatchObject({
      identifier: { deployment_id: 'd1', execution_id: null },
      action_status: 'ROLLED_BACK',
    });
    expect(ctx.notices.list()).toHaveLength(1);
    expect(decodeDeploymentHistory({ page: 1, page_size: 20 }, ctx)).toEqual([]);
  });

  it('shows log entries as far as they go', () => {
    const ctx = context();
    const entries = decodeClusterLogs(
      {
        results: [
          {
            type: 'error',
            timestamp: '2026-11-21T01:00:00.123456789Z',
            step: 'Create',
            message: { safe_message: 'failed' },
            error: {
              tag: 'HELM',
              underlying_error: { message: 'boom' },
              event_details: { transmitter: { type: 'k8s', id: 7 } },
            },
          },
          {
            type: 'info',
            step: 'Rebalance',
            message: 'not an object',
            details: { provider_kind: 'aws', region: 3 },
          },
          'not an entry',
        ],
      },
      ctx,
    );
    expect(entries).toEqual([
      {
        type: 'error',
        timestamp: '2026-11-21T01:00:00.123456789Z',
        step: 'Create',
        message: { safe_message: 'failed' },
        error: {
          tag: 'HELM',
          underlying_error: { message: 'boom' },
          event_details: { transmitter: { type: 'k8s' } },
        },
      },
      { type: 'info', step: 'Rebalance', details: { provider_kind: 'aws' } },
    ]);
    expect(ctx.notices.list()).toHaveLength(2);
    expect(decodeClusterLogs({}, ctx)).toEqual([]);
    expect(() => decodeClusterLogs({ results: 'x' }, ctx)).toThrow(DecodeError);
  });
});
