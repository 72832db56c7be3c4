import { describe, expect, it } from 'vitest';
import { reviewEvidence } from '../../../src/evidence/review-gate.js';
import type { ReceiverChange } from '../../../src/model/alert-receiver-change.js';
import type { UpdateChange } from '../../../src/model/alert-rule-change.js';
import type { Change, Plan } from '../../../src/model/types.js';
import { pendingChanges } from '../../../src/model/types.js';
import { notAsReviewedFinding } from '../../../src/plan/evidence/not-as-reviewed.js';
import {
  decodeReviewBlock,
  encodeReviewBlock,
  reviewedPlan,
  reviewStatuses,
} from '../../../src/plan/evidence/review.js';
import { admit } from '../../../src/plan/gate.js';
import { ORG, PROD, RULE_1 } from './fixtures.js';

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
const rule: UpdateChange = {
  kind: 'AlertRule',
  action: 'update',
  id: RULE_1,
  name: 'api-p99-latency',
  organizationId: ORG,
  clusterId: PROD,
  file: 'alerting/api.yaml',
  line: 3,
  diff: [{ path: 'severity', before: 'HIGH', after: 'LOW' }],
  against: { severity: '1111111111111111' },
  request: { name: 'api-p99-latency', severity: 'LOW' } as never,
};
const plan = (changes: Change[]): Plan => ({
  organizations: [],
  changes,
  diagnostics: [],
  unmanaged: [],
  ghosts: [],
  outdated: [],
});

describe('the review of receiver changes across the merge, in the one review of every kind', () => {
  const reviewed = { plan: reviewedPlan([update], 'c0ffee', 'digest') };

  it('holds a receiver change the pull request reviewed as reviewed, and tells one sending more as not', () => {
    expect(reviewStatuses([update], reviewed, 'digest').map((r) => [r.kind, r.status])).toEqual([
      ['AlertReceiver', 'as reviewed'],
    ]);
    const rotating = { ...update, secrets: [{ field: 'webhook_url', env: 'HOOK' }] } as ReceiverChange & {
      action: 'update';
    };
    expect(reviewStatuses([rotating], reviewed, 'digest')[0]).toMatchObject({
      status: 'not reviewed',
      why: 'what it sends differs from what was reviewed',
    });
    const moved = { ...update, against: { name: 'aaaa', send_resolved: 'cccc' } } as typeof rotating;
    expect(reviewStatuses([moved], reviewed, 'digest')[0]).toMatchObject({
      status: 'changed since review',
      fields: ['send_resolved'],
      why: "the live alert receiver's `send_resolved` changed since the review",
    });
  });

  it('keeps the hidden block of version 1 as it was: the same keys and hashes for each kind', () => {
    // Written before the kinds shared one list: the rules' entries, then the receivers'.
    const earlier = {
      version: 1,
      head: 'c0ffee',
      digest: 'digest',
      changes: [...reviewedPlan([rule], 'c0ffee', 'digest').changes, ...reviewed.plan.changes],
    };
    expect(earlier.changes.map((c) => c.key)).toEqual([
      RULE_1.toLowerCase(),
      `receiver:${update.id!.toLowerCase()}`,
    ]);
    const block = `<!-- platform-gitops:reviewed v1 ${Buffer.from(JSON.stringify(earlier)).toString('base64')} -->`;
    const decoded = decodeReviewBlock(block);
    expect(reviewStatuses([update, rule], decoded as never, 'digest').map((e) => e.status)).toEqual([
      'as reviewed',
      'as reviewed',
    ]);
    expect(decodeReviewBlock(encodeReviewBlock(reviewedPlan([update, rule], 'c0ffee', 'digest')))).toEqual({
      plan: { ...earlier, changes: [earlier.changes[1], earlier.changes[0]] },
    });
  });

  it('gives one entry per pending change of every kind, in the plan order, to the gate', () => {
    const both = plan([update, rule]);
    const evidence = reviewEvidence(both, 'digest', {
      review: { why: 'no review' },
      onUnreviewed: 'refuse',
      baseApplied: { applied: true, commit: 'a'.repeat(40) },
    });
    expect(evidence.review.map((e) => [e.kind, e.name])).toEqual([
      ['AlertReceiver', 'slack-oncall'],
      ['AlertRule', 'api-p99-latency'],
    ]);
    expect(evidence).not.toHaveProperty('receiverReview');
  });

  it('with on-unreviewed: refuse, the gate holds a receiver change not reviewed, with an error naming it', () => {
    const entries = reviewStatuses([update], { why: 'no review' }, 'digest');
    const admission = admit(plan([update]), {
      prune: false,
      review: { entries, onUnreviewed: 'refuse' },
    });
    expect(pendingChanges(admission.plan)[0]!.gate).toEqual({ admitted: false, reason: 'not reviewed' });
    expect(admission.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['error', 'apply.not-as-reviewed'],
    ]);
    expect(admission.diagnostics[0]!.message).toContain('alert receiver "slack-oncall"');
    const warned = admit(plan([update]), {
      prune: false,
      review: { entries, onUnreviewed: 'warn' },
    });
    expect(pendingChanges(warned.plan)[0]!.gate).toEqual({ admitted: true });
  });

  it("names each change with its own kind's noun", () => {
    const [receiverEntry, ruleEntry] = reviewStatuses([update, rule], { why: 'no review' }, 'digest');
    expect(notAsReviewedFinding(receiverEntry!, true).message).toBe(
      `Not written: the update of alert receiver "slack-oncall" (${update.id}) is not reviewed: no review. ` +
        'Review it in a pull request, or set on-unreviewed: warn.',
    );
    expect(notAsReviewedFinding(ruleEntry!, false).message).toBe(
      `Written: the update of alert rule "api-p99-latency" (${RULE_1}) is not reviewed: no review.`,
    );
  });
});
