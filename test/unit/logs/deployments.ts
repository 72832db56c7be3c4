/** Deployments and log entries in the sandbox's seed format, for arranging cases with setDeployments. */

export const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
export const GLOBEX = '7f1b2c3d-0000-4000-8000-000000000002';
export const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
export const STAGING_EU = 'c1a5e7e0-0000-4000-8000-000000000102';
export const LEGACY_US = 'c1a5e7e0-0000-4000-8000-000000000103';
export const GLOBEX_PROD = 'c1a5e7e0-0000-4000-8000-000000000201';

let next = 0;
export function deploymentId(): string {
  next += 1;
  return `d0d0d0d0-0000-4000-8000-${String(next).padStart(12, '0')}`;
}

/** A timestamp `nanos` nanoseconds after 01:00:00 on the test day, as the service writes them. */
export function at(seconds: number, nanos = 0): string {
  const s = String(Math.floor(seconds)).padStart(2, '0');
  return `2026-11-21T01:00:${s}.${String(nanos).padStart(9, '0')}Z`;
}

export function info(timestamp: string, text: string): Record<string, unknown> {
  return {
    type: 'info',
    timestamp,
    step: 'Create',
    message: { safe_message: text },
    details: {
      provider_kind: 'aws',
      region: 'eu-west-3',
      transmitter: { type: 'kubernetes', id: 'k1', name: 'prod-eu' },
    },
  };
}

export function failure(timestamp: string, tag: string, text = `${tag} failed`): Record<string, unknown> {
  return {
    type: 'error',
    timestamp,
    step: 'CreateError',
    message: { safe_message: text },
    error: {
      tag,
      user_log_message: `Could not finish: ${text}`,
      hint_message: 'Check the cluster quotas',
      link: 'https://hub.example.com/docs/cluster-errors',
      underlying_error: { message: 'helm upgrade --install: context deadline exceeded' },
      event_details: {
        provider_kind: 'aws',
        region: 'eu-west-3',
        transmitter: { type: 'kubernetes', name: 'prod-eu' },
      },
    },
  };
}

export function deployment(
  createdHour: number,
  action_status: string,
  logs: readonly Record<string, unknown>[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const failed = action_status === 'ERROR';
  const created = `2026-11-21T${String(createdHour).padStart(2, '0')}:00:00.000000000Z`;
  return {
    id: deploymentId(),
    created_at: created,
    updated_at: created,
    status: failed ? 'DEPLOYMENT_ERROR' : action_status === 'SUCCESS' ? 'DEPLOYED' : 'DEPLOYING',
    action_status,
    trigger_action: 'DEPLOY',
    reason: `deployment at ${createdHour}h`,
    logs,
    ...overrides,
  };
}
