import { describe, expect, it } from 'vitest';
import { reviewedPlan } from '../../../src/plan/evidence/review.js';
import { receiverReviewStatuses } from '../../../src/plan/evidence/review-receivers.js';
import { admit } from '../../../src/plan/gate.js';
import type { ReceiverChange } from '../../../src/plan/receiver-types.js';
import type { Plan } from '../../../src/plan/types.js';

const update: ReceiverChange = {
  kind: 'AlertReceiver',
  action: 'update',
  id: '5e1ec7ed-0000-4000-8000-000000000201',
  name: 'slack-oncall',
  type: 'SLACK',
  organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
  file: 'receivers.yaml',
  line: 1,
  diff: [{ path: 'send_resolved', before: true, after: false }],
  against: { name: 'aaaa', send_resolved: 'bbbb' },
  request: {
    name: 'slack-oncall',
    description: '',
    type: 'SLACK',
    send_resolved: false,
    owner: null,
    severity: null,
  },
  secrets: [],
};
const plan = (receivers: ReceiverChange[]): Plan => ({
  organizations: [],
  changes: [],
  diagnostics: [],
  unmanaged: [],
  ghosts: [],
  outdated: [],
  receivers,
});

describe('the review of receiver changes across the merge', () => {
  const reviewed = { plan: reviewedPlan([], 'c0ffee', 'digest', plan([update])) };

  it('holds a receiver change the pull request reviewed as reviewed, and tells one sending more as not', () => {
    expect(receiverReviewStatuses([update], reviewed, 'digest').map((r) => r.status)).toEqual([
      'as reviewed',
    ]);
    const rotating = { ...update, secrets: [{ field: 'webhook_url', env: 'HOOK' }] } as ReceiverChange & {
      action: 'update';
    };
    expect(receiverReviewStatuses([rotating], reviewed, 'digest')[0]).toMatchObject({
      status: 'not reviewed',
      why: 'what it sends differs from what was reviewed',
    });
    const moved = { ...update, against: { name: 'aaaa', send_resolved: 'cccc' } } as typeof rotating;
    expect(receiverReviewStatuses([moved], reviewed, 'digest')[0]!.status).toBe('changed since review');
  });

  it('with on-unreviewed: refuse, the gate holds a receiver change not reviewed, with an error naming it', () => {
    const receivers = receiverReviewStatuses([update], { why: 'no review' }, 'digest');
    const admission = admit(plan([update]), {
      prune: false,
      review: { entries: [], onUnreviewed: 'refuse', receivers },
    });
    expect(admission.plan.receivers![0]!.gate).toEqual({ admitted: false, reason: 'not reviewed' });
    expect(admission.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['error', 'apply.not-as-reviewed'],
    ]);
    expect(admission.diagnostics[0]!.message).toContain('alert receiver "slack-oncall"');
    const warned = admit(plan([update]), {
      prune: false,
      review: { entries: [], onUnreviewed: 'warn', receivers },
    });
    expect(warned.plan.receivers![0]!.gate).toEqual({ admitted: true });
  });
});
