import { describe, expect, it } from 'vitest';
import type { CreateChange, UpdateChange } from '../../../../src/model/alert-rule-change.js';
import {
  decodeReviewBlock,
  encodeReviewBlock,
  reviewedPlan,
  reviewStatuses,
  withReviewedOutsideEdits,
} from '../../../../src/plan/evidence/review.js';
import { ORG, PROD, RULE_1 } from '../fixtures.js';

const DIGEST = 'd'.repeat(64);
const HEAD = 'a'.repeat(40);

const update: UpdateChange = {
  kind: 'AlertRule',
  action: 'update',
  id: RULE_1,
  name: 'api-p99-latency',
  organizationId: ORG,
  clusterId: PROD,
  file: 'alerting/api.yaml',
  line: 3,
  diff: [{ path: 'severity', before: 'HIGH', after: 'LOW' }],
  against: { severity: '1111111111111111', enabled: '2222222222222222' },
  request: { name: 'api-p99-latency', severity: 'LOW' } as never,
  outsideEdit: [{ path: 'severity', before: 'MEDIUM', after: 'HIGH' }],
};
const create: CreateChange = {
  kind: 'AlertRule',
  action: 'create',
  id: null,
  name: 'api-up',
  organizationId: ORG,
  clusterId: PROD,
  file: 'alerting/api.yaml',
  line: 30,
  diff: [],
  request: { name: 'api-up' } as never,
};

const stored = () =>
  decodeReviewBlock(`body\n${encodeReviewBlock(reviewedPlan([update, create], HEAD, DIGEST))}`);

describe('the reviewed plan in a comment', () => {
  it('round-trips through a hidden block that holds no `-->`', () => {
    const block = encodeReviewBlock(reviewedPlan([update, create], HEAD, DIGEST));
    expect(block).toMatch(/^<!-- platform-gitops:reviewed v1 [A-Za-z0-9+/=]+ -->$/);
    expect(stored()).toEqual({ plan: reviewedPlan([update, create], HEAD, DIGEST) });
  });

  it('treats no block, another version or a damaged block as no review, saying which', () => {
    expect(decodeReviewBlock('no block')).toEqual({ why: expect.stringContaining('holds no reviewed plan') });
    expect(decodeReviewBlock('<!-- platform-gitops:reviewed v2 e30= -->')).toEqual({
      why: expect.stringContaining('version 2'),
    });
    const damaged = Buffer.from('{"version":1,"head":1}').toString('base64');
    expect(decodeReviewBlock(`<!-- platform-gitops:reviewed v1 ${damaged} -->`)).toEqual({
      why: expect.stringContaining('damaged'),
    });
  });
});

describe('reviewStatuses', () => {
  it('says as reviewed when nothing moved', () => {
    expect(reviewStatuses([update, create], stored() as never, DIGEST).map((e) => e.status)).toEqual([
      'as reviewed',
      'as reviewed',
    ]);
  });

  it('names the fields of a live rule that moved since the review', () => {
    const moved = { ...update, against: { ...update.against, enabled: '3333333333333333' } };
    const [entry] = reviewStatuses([moved], stored() as never, DIGEST);
    expect(entry).toMatchObject({ kind: 'AlertRule', status: 'changed since review', fields: ['enabled'] });
    expect(entry!.why).toBe("the live alert rule's `enabled` changed since the review");
  });

  it('says not reviewed without a review, for other documents, another change or another request', () => {
    expect(reviewStatuses([update], { why: 'a direct push' }, DIGEST)[0]).toMatchObject({
      status: 'not reviewed',
      why: 'a direct push',
    });
    expect(reviewStatuses([update], stored() as never, 'e'.repeat(64))[0]!.why).toContain('documents differ');
    const other = { ...create, name: 'api-down' };
    expect(reviewStatuses([other], stored() as never, DIGEST)[0]!.why).toContain('did not hold');
    const body = { ...update, request: { name: 'api-p99-latency', severity: 'CRITICAL' } as never };
    expect(reviewStatuses([body], stored() as never, DIGEST)[0]!.why).toBe(
      'what it sends differs from what was reviewed',
    );
  });

  it('takes outside edits from the review, not from the base revision', () => {
    const [asReviewed] = reviewStatuses([update], stored() as never, DIGEST);
    expect(withReviewedOutsideEdits(update, asReviewed!)).not.toHaveProperty('outsideEdit');
    const moved = { ...update, against: { ...update.against, severity: '4444444444444444' } };
    const [changed] = reviewStatuses([moved], stored() as never, DIGEST);
    expect(withReviewedOutsideEdits(moved, changed!)).toMatchObject({
      outsideEdit: [{ path: 'severity', after: 'HIGH' }],
    });
    const [unreviewed] = reviewStatuses([update], { why: 'a direct push' }, DIGEST);
    expect(withReviewedOutsideEdits(update, unreviewed!)).toBe(update);
  });
});
