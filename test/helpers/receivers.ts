import type { AlertReceiver } from '../../src/service/types.js';

/** A receiver as the client decodes it, with the fields a test does not care about filled in. */
export function liveReceiver(
  fields: Pick<AlertReceiver, 'id' | 'name'> & { readonly type: 'SLACK' | 'EMAIL' } & Partial<AlertReceiver>,
): AlertReceiver {
  const common = {
    created_at: '2026-05-04T09:00:00Z',
    description: '',
    send_resolved: true,
    owner: null,
    severity: null,
  };
  if (fields.type === 'SLACK') return { ...common, ...fields, type: 'SLACK' };
  return {
    ...common,
    to: 'team@acme.example',
    from: 'alerts@acme.example',
    smarthost: 'smtp.acme.example:587',
    auth_username: null,
    require_tls: true,
    ...fields,
    type: 'EMAIL',
  } as AlertReceiver;
}

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';

/** A Slack receiver's document in the sandbox's organization, its webhook from PAGER_WEBHOOK_URL. */
export function receiverDocument(name: string, extra = ''): string {
  return [
    'kind: AlertReceiver',
    `organization_id: ${ACME}`,
    `name: ${name}`,
    'type: SLACK',
    'description: Pages the platform on-call',
    'webhook_url: {valueFrom: {env: PAGER_WEBHOOK_URL}}',
    extra,
  ].join('\n');
}

/** A rule's document on the sandbox's prod-eu cluster, paging the receivers named (`a, b`). */
export function pagingRuleDocument(name: string, receivers: string): string {
  return [
    'kind: AlertRule',
    `organization_id: ${ACME}`,
    `cluster_id: ${PROD_EU}`,
    `target: {target_type: CLUSTER, target_id: ${PROD_EU}}`,
    `name: ${name}`,
    "condition: {kind: CUSTOM, promql: 'max(node_load1) > 10'}",
    'for_duration: PT5M',
    'severity: HIGH',
    `alert_receivers: [${receivers}]`,
    '',
  ].join('\n');
}
