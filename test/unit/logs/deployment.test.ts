import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MS, pickRunDeployment } from '../../../src/logs/deployment.js';
import type { ClusterDeployment } from '../../../src/service/types.js';

const START = Date.parse('2026-11-23T12:00:00Z');

function made(id: string, created: string, action_status = 'ERROR'): ClusterDeployment {
  return {
    identifier: { deployment_id: id, cluster_id: 'c1' },
    auditing_data: { created_at: created, updated_at: created },
    status: action_status === 'ERROR' ? 'DEPLOYMENT_ERROR' : 'DEPLOYED',
    action_status,
    trigger_action: 'DEPLOY',
    reason: '',
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('pickRunDeployment', () => {
  it('names an older failed deployment as the previous one and shows none of this run', () => {
    const old = made('old', '2026-11-20T12:00:00.000000000Z');
    const choice = pickRunDeployment([old, made('older', '2026-11-19T12:00:00Z', 'SUCCESS')], START);
    expect(choice.deployment).toBeNull();
    expect(choice.previous?.identifier.deployment_id).toBe('old');
  });

  it('shows the failed deployment that started after the run did, not an older failure', () => {
    const ours = made('ours', '2026-11-23T12:03:00.123456789Z');
    const choice = pickRunDeployment([made('old', '2026-11-20T12:00:00Z'), ours], START);
    expect(choice.deployment?.identifier.deployment_id).toBe('ours');
    expect(choice.previous).toBeNull();
  });

  it('keeps the usual preference among the run’s deployments: the failed one over a newer success', () => {
    const failed = made('failed', iso(START + 60_000));
    const later = made('later', iso(START + 120_000), 'SUCCESS');
    expect(pickRunDeployment([later, failed], START).deployment?.identifier.deployment_id).toBe('failed');
  });

  it('allows the service’s clock to be a little behind the runner’s, and no more', () => {
    const justBefore = made('skewed', iso(START - CLOCK_SKEW_MS + 1_000));
    expect(pickRunDeployment([justBefore], START).deployment?.identifier.deployment_id).toBe('skewed');
    const tooEarly = made('early', iso(START - CLOCK_SKEW_MS - 1_000));
    expect(pickRunDeployment([tooEarly], START)).toMatchObject({ deployment: null, previous: tooEarly });
  });

  it('does not count a deployment whose date does not parse as this run’s', () => {
    const undated = made('undated', 'not a date');
    expect(pickRunDeployment([undated], START)).toEqual({ deployment: null, previous: undated });
  });

  it('has neither for an empty history', () => {
    expect(pickRunDeployment([], START)).toEqual({ deployment: null, previous: null });
  });
});
