/**
 * An organization of the sandbox's own for its warm-up writes (warm-up.ts): rules the bench never reads,
 * edited with query texts the bench never sends.
 */
import type { SandboxSeed } from '../src/sandbox/types.js';
import type { WarmUpWrite } from './warm-up.js';

const ORG = '7f1b2c3d-0000-4000-8000-0000000000ff';
const CLUSTER = 'c1a5e7e0-0000-4000-8000-0000000001ff';
const RECEIVER = '5e1ec7ed-0000-4000-8000-0000000002ff';
const TOKEN = 'qov_sandbox_warm_up_token';
/** As many rules as writes in flight: no two concurrent warm-up writes edit the same rule. */
const RULES = 16;
const ruleId = (i: number) => `b0b0b0b0-0000-4000-8000-ff${i.toString().padStart(10, '0')}`;

/** The seed with the warm-up organization, its token, cluster, receiver and rules added. */
export function withWarmUpOrganization(seed: SandboxSeed): SandboxSeed {
  return {
    ...seed,
    organizations: [...seed.organizations, { id: ORG, name: 'warm-up' }],
    tokens: [...seed.tokens, { token: TOKEN, organizations: [ORG] }],
    clusters: [
      ...(seed.clusters ?? []),
      { id: CLUSTER, organization_id: ORG, name: 'warm-up', cloud_provider: 'AWS', mode: 'QOVERY_MANAGED' },
    ],
    alertReceivers: [
      ...(seed.alertReceivers ?? []),
      {
        id: RECEIVER,
        organization_id: ORG,
        created_at: '2026-01-01T00:00:00Z',
        name: 'warm-up',
        type: 'SLACK',
      },
    ],
    alertRules: [
      ...(seed.alertRules ?? []),
      ...Array.from({ length: RULES }, (_, i) => ({
        ...editBody(i),
        id: ruleId(i),
        organization_id: ORG,
        cluster_id: CLUSTER,
        target: { target_type: 'APPLICATION', target_id: CLUSTER },
        created_at: '2026-01-01T00:00:00Z',
      })),
    ],
  };
}

/** Warm-up write i: an edit of the shape the apply command sends, with a query text of its own. */
export function warmUpEdit(i: number): WarmUpWrite {
  return {
    path: `/alert-rules/${ruleId(i % RULES)}`,
    headers: { 'content-type': 'application/json', authorization: `Token ${TOKEN}` },
    body: JSON.stringify(editBody(i)),
  };
}

function editBody(i: number) {
  return {
    name: `warm-up-${i}`,
    description: `warm-up write ${i}`,
    tag: 'warm-up',
    condition: {
      kind: 'CUSTOM',
      promql: `sum(rate(warm_up_requests_total{app="warm-${i}",status=~"5.."}[5m])) / sum(rate(warm_up_requests_total{app="warm-${i}"}[5m]))`,
      operator: 'ABOVE',
      threshold: 0.05,
      function: 'NONE',
    },
    for_duration: 'PT5M',
    severity: i % 2 === 0 ? 'HIGH' : 'CRITICAL',
    enabled: true,
    alert_receiver_ids: [RECEIVER],
    presentation: { summary: `warm-${i} fails`, runbook_url: null },
  };
}
