import { describe, expect, it } from 'vitest';
import { type BaseApplied, baseNotAsked, withKnownOutsideEdits } from '../../../src/evidence/base-apply.js';
import type { UpdateChange } from '../../../src/model/alert-rule-change.js';
import type { ReviewEntry } from '../../../src/plan/evidence/review.js';
import { ORG, PROD, RULE_1, RULE_2 } from '../plan/fixtures.js';
import { change } from '../report/report-factory.js';

const update = (id: string, outside: boolean): UpdateChange => ({
  kind: 'AlertRule',
  action: 'update',
  id,
  name: `rule-${id.slice(-1)}`,
  organizationId: ORG,
  clusterId: PROD,
  file: 'alerting/api.yaml',
  line: 3,
  diff: [{ path: 'severity', before: 'HIGH', after: 'LOW' }],
  against: { severity: '1111111111111111' },
  request: { severity: 'LOW' } as never,
  ...(outside ? { outsideEdit: [{ path: 'severity', before: 'MEDIUM', after: 'HIGH' }] } : {}),
});
const create = change(2, 'create');
const entry = (status: ReviewEntry['status']): ReviewEntry => ({
  kind: 'AlertRule',
  name: 'x',
  action: 'update',
  id: RULE_1,
  file: 'alerting/api.yaml',
  line: 3,
  status,
  fields: [],
  why: '',
});
const APPLIED: BaseApplied = { applied: true, commit: 'a'.repeat(40) };
const REFUSED: BaseApplied = {
  applied: false,
  commit: 'a'.repeat(40),
  why: 'the apply of commit aaaaaaaaaaaa did not succeed (its Checks run concluded failure)',
};

describe('outside edits told from the base revision', () => {
  it('are kept when the base was applied', () => {
    const changes = [update(RULE_1, true), create];
    const known = withKnownOutsideEdits(changes, null, APPLIED);
    expect(known.changes).toEqual(changes);
    expect(known.diagnostics).toEqual([]);
  });

  it('are dropped from updates not reviewed when the base was not applied, with one notice saying why', () => {
    const changes = [update(RULE_1, true), update(RULE_2, false), create];
    const known = withKnownOutsideEdits(
      changes,
      [entry('not reviewed'), entry('not reviewed'), entry('not reviewed')],
      REFUSED,
    );
    expect(known.changes[0]).not.toHaveProperty('outsideEdit');
    expect(known.changes.slice(1)).toEqual(changes.slice(1));
    // Only the update whose live rule differs from the base is counted: for the other there was nothing to tell.
    expect(known.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'notice',
        code: 'plan.outside-edits-unknown',
        message: `The live rules of 1 update not reviewed differ from the base revision's documents; that is not reported as an outside edit, because ${REFUSED.why}: those values may simply never have been applied.`,
      }),
    ]);
  });

  it('leave the outside edits of reviewed changes (told from the review) alone', () => {
    const changes = [update(RULE_1, true), update(RULE_2, true)];
    const known = withKnownOutsideEdits(
      changes,
      [entry('as reviewed'), entry('changed since review')],
      REFUSED,
    );
    expect(known.changes).toEqual(changes);
    expect(known.diagnostics).toEqual([]);
  });

  it('say nothing when no update differs from the base', () => {
    expect(withKnownOutsideEdits([create, update(RULE_2, false)], null, REFUSED).diagnostics).toEqual([]);
  });

  it('name why GitHub was not asked', () => {
    const base = baseNotAsked(null, 'the github-token input is empty');
    expect(base).toEqual({ applied: false, commit: null, why: expect.stringContaining('github-token') });
    expect(withKnownOutsideEdits([update(RULE_1, true)], null, base).diagnostics[0]!.message).toContain(
      'because GitHub was not asked how the apply of the base commit went (the github-token input is empty)',
    );
  });
});
