import type { ClusterLogsReport } from '../../../src/logs/types.js';
import type { ClusterLogEntry } from '../../../src/service/types.js';

export const ORG = '7f1b2c3d-0000-4000-8000-000000000001';
export const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';

export function infoEntry(second: number, text: string): ClusterLogEntry {
  return {
    type: 'info',
    timestamp: `2026-11-21T01:00:${String(second).padStart(2, '0')}.000000001Z`,
    step: 'Create',
    message: { safe_message: text },
    details: {
      provider_kind: 'aws',
      region: 'eu-west-3',
      transmitter: { type: 'kubernetes', name: 'prod-eu' },
    },
  };
}

export function errorEntry(
  second: number,
  tag: string,
  extra: Partial<NonNullable<ClusterLogEntry['error']>> = {},
) {
  return {
    type: 'error',
    timestamp: `2026-11-21T01:00:${String(second).padStart(2, '0')}.000000002Z`,
    step: 'CreateError',
    message: { safe_message: `${tag} happened` },
    error: { tag, user_log_message: `Could not finish: ${tag}`, ...extra },
  } satisfies ClusterLogEntry;
}

export function reportOf(overrides: Partial<ClusterLogsReport> = {}): ClusterLogsReport {
  return {
    cluster: { organizationId: ORG, clusterId: PROD_EU },
    deployment: {
      id: 'd0d0d0d0-0000-4000-8000-000000000601',
      status: 'DEPLOYMENT_ERROR',
      action_status: 'ERROR',
      trigger_action: 'DEPLOY',
      created_at: '2026-11-21T01:00:00Z',
      reason: 'Cluster upgrade',
    },
    entries: [],
    totalEntries: 0,
    errors: [],
    totalErrors: 0,
    notices: [],
    fallback: false,
    failure: null,
    ...overrides,
  };
}
