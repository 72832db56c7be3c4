/** Inline documents and live rules for the plan's tests: documents go through the real loader. */
import { parseFiles } from '../../../src/documents/index.js';
import type { AlertRuleDocument } from '../../../src/documents/types.js';
import type { ReceiverCreate } from '../../../src/model/alert-receiver-change.js';
import type { GhostAlertRule, ManagedAlertRule } from '../../../src/service/types.js';

export const ORG = '7f1b2c3d-0000-4000-8000-000000000001';
export const OTHER_ORG = '7f1b2c3d-0000-4000-8000-000000000002';
export const PROD = 'c1a5e7e0-0000-4000-8000-000000000101';
export const STAGING = 'c1a5e7e0-0000-4000-8000-000000000102';
export const SLACK = '5e1ec7ed-0000-4000-8000-000000000201';
export const EMAIL = '5e1ec7ed-0000-4000-8000-000000000202';
export const API = 'a1a1a1a1-0000-4000-8000-000000000301';
export const WORKER = 'a1a1a1a1-0000-4000-8000-000000000302';
export const RULE_1 = 'a2a2a2a2-0000-4000-8000-000000000501';
export const RULE_2 = 'a2a2a2a2-0000-4000-8000-000000000502';
export const PAGER = '5e1ec7ed-0000-4000-8000-000000000209';

/** A Slack receiver `pager` as a plan creates it, its secret read from `PAGER_WEBHOOK_URL`. */
export const PAGER_REQUEST = {
  name: 'pager',
  description: '',
  type: 'SLACK' as const,
  send_resolved: true,
  owner: null,
  severity: null,
};
export const PAGER_CREATE: ReceiverCreate = {
  kind: 'AlertReceiver',
  action: 'create',
  id: null,
  name: 'pager',
  type: 'SLACK',
  organizationId: ORG,
  file: 'alerting/receivers.yaml',
  line: 1,
  diff: [],
  request: PAGER_REQUEST,
  secrets: [{ field: 'webhook_url', env: 'PAGER_WEBHOOK_URL' }],
};

/** Parses YAML files (path → text) and fails the test on any loader finding: the plan gets valid documents. */
export function docs(files: Record<string, string>): AlertRuleDocument[] {
  const result = parseFiles(
    Object.entries(files).map(([path, text]) => ({ path, bytes: new TextEncoder().encode(text) })),
  );
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`fixture does not load: ${JSON.stringify(errors)}`);
  return result.documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
}

export function live(over: Partial<ManagedAlertRule> = {}): ManagedAlertRule {
  return {
    source: 'MANAGED',
    id: RULE_1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: null,
    organization_id: ORG,
    cluster_id: PROD,
    name: 'api-p99-latency',
    description: 'p99 latency',
    tag: 'latency',
    condition: {
      kind: 'CUSTOM',
      promql: 'histogram_quantile(0.99, x)',
      operator: 'ABOVE',
      threshold: 0.5,
      function: 'NONE',
    },
    for_duration: 'PT5M',
    severity: 'HIGH',
    enabled: true,
    alert_receiver_ids: [SLACK],
    presentation: { summary: 'API slow', runbook_url: 'https://runbooks.example/api' },
    target: { target_type: 'APPLICATION', target_id: API },
    state: 'OK',
    is_up_to_date: true,
    ...over,
  };
}

export function ghost(name: string): GhostAlertRule {
  return {
    source: 'GHOST',
    name,
    state: 'TRIGGERED',
    target: { target_type: 'CLUSTER', target_id: PROD },
    starts_at: null,
  };
}

/** The YAML of a document equal to live(): the base most tests edit one line of. */
export function ruleYaml(lines: Record<string, string | null> = {}): string {
  const fields: Record<string, string | null> = {
    kind: 'AlertRule',
    id: RULE_1,
    organization_id: ORG,
    cluster_id: PROD,
    target: `\n  target_type: APPLICATION\n  target_id: ${API}`,
    name: 'api-p99-latency',
    description: 'p99 latency',
    tag: 'latency',
    condition:
      '\n  kind: CUSTOM\n  promql: histogram_quantile(0.99, x)\n  operator: ABOVE\n  threshold: 0.5\n  function: NONE',
    for_duration: 'PT5M',
    severity: 'HIGH',
    enabled: 'true',
    alert_receiver_ids: `\n  - ${SLACK}`,
    presentation: '\n  summary: API slow\n  runbook_url: https://runbooks.example/api',
    ...lines,
  };
  return `${Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n')}\n`;
}
