/**
 * The saved-plan check over every kind: a receiver's change is compared by its kind's key and named with
 * its kind's noun, and one that moved since the plan is set aside alone, as a rule's is, its moves told
 * from the plan made again (the same receiver at the same document, against another fingerprint).
 */
import { describe, expect, it } from 'vitest';
import type {
  ReceiverChange,
  ReceiverCreate,
  ReceiverDelete,
  ReceiverUpdate,
} from '../../../src/model/alert-receiver-change.js';
import type { CreateChange } from '../../../src/model/alert-rule-change.js';
import type { Change, PendingChange } from '../../../src/model/types.js';
import { savedChange } from '../../../src/plan/plan-file.js';
import { checkSavedPlan, differenceSentence, firstDifference } from '../../../src/plan/saved-plan-check.js';
import {
  PAGER_CREATE as create,
  ORG,
  OTHER_ORG,
  PAGER,
  PROD,
  PAGER_REQUEST as request,
  STAGING,
} from './fixtures.js';

const OLD = '5e1ec7ed-0000-4000-8000-000000000208';
const update: ReceiverUpdate = {
  ...create,
  action: 'update',
  id: PAGER,
  name: 'oncall',
  line: 12,
  request: { ...request, name: 'oncall' },
  against: { name: '1111111111111111', send_resolved: '2222222222222222' },
  secrets: [],
};
const remove: ReceiverDelete = {
  kind: 'AlertReceiver',
  action: 'delete',
  id: OLD,
  name: 'old',
  type: 'SLACK',
  organizationId: ORG,
  file: 'alerting/old.yaml',
  line: 1,
  diff: [],
  against: { name: '3333333333333333' },
};
const plan: PendingChange[] = [create, update, remove];
const file = () => JSON.parse(JSON.stringify(plan.map(savedChange)));

/** The check of the saved `plan` against the plan made again, `again` (noops included). */
const check = (again: readonly Change[], saved = file()) =>
  checkSavedPlan({
    saved,
    recomputed: again.filter((c): c is PendingChange => c.action !== 'noop'),
    given: again,
    live: new Map(),
    organizations: new Set(),
    rules: [],
    removed: [],
  });

describe('the saved-plan check of receiver changes', () => {
  it('passes the file as written', () => {
    expect(check(plan)).toEqual({ setAside: new Map(), difference: null });
  });

  it('sets aside an update whose receiver moved (the same receiver made again against other hashes), alone', () => {
    const moved = { ...update, against: { ...update.against, send_resolved: '4444444444444444' } };
    const result = check([create, moved, remove]);
    expect(result.difference).toBeNull();
    expect([...result.setAside.keys()]).toEqual([1]);
    expect(result.setAside.get(1)).toMatchObject({
      code: 'apply.changed-since-plan',
      severity: 'error',
      file: 'alerting/receivers.yaml',
      line: 12,
      message:
        `Not written: the update of alert receiver "oncall" (${PAGER}) is changed since the plan (fields ` +
        '`send_resolved` changed in the service since it was planned). Plan again to review the live alert ' +
        'receiver as it is now.',
    });
  });

  it('sets aside a delete whose receiver moved', () => {
    const moved = { ...remove, against: { name: '5555555555555555' } };
    expect(check([create, update, moved]).setAside.get(2)?.message).toContain('fields `name` changed');
  });

  it('sets aside an update whose receiver was changed to match its document (made again, a noop)', () => {
    const noop: ReceiverChange = { ...update, action: 'noop', diff: [] };
    const result = check([create, noop, remove]);
    expect(result.difference).toBeNull();
    expect(result.setAside.get(1)?.message).toContain(
      '(the alert receiver was changed to match its document in the service since it was planned)',
    );
  });

  it('sets aside an update whose receiver is gone (made again, a create of its document), and compares not that create', () => {
    const again: ReceiverCreate = { ...create, name: 'oncall', line: 12, request: update.request };
    const result = check([create, again, remove]);
    expect(result.difference).toBeNull();
    expect(result.setAside.get(1)?.message).toContain('(the alert receiver no longer exists in the service');
  });

  it('sets aside a create whose receiver appeared (made again, an update of its document)', () => {
    const appeared: ReceiverUpdate = { ...create, action: 'update', id: PAGER, against: { name: 'x' } };
    const result = check([appeared, update, remove]);
    expect(result.difference).toBeNull();
    expect(result.setAside.get(0)?.message).toContain(
      `(an alert receiver named "pager" now exists (${PAGER}) in the service since it was planned)`,
    );
  });

  it('compares, and refuses, a change whose name or organization is not what the documents give there', () => {
    const renamed = file();
    renamed[1].name = 'other';
    renamed[1].against = { name: '0'.repeat(16) };
    const result = check(plan, renamed);
    expect(result.setAside.size).toBe(0);
    expect(result.difference).toMatchObject({ index: 1, kind: 'field', field: 'name' });
    const elsewhere = file();
    elsewhere[0].organizationId = OTHER_ORG;
    const moved = check(plan, elsewhere);
    expect(moved.setAside.size).toBe(0);
    expect(differenceSentence(moved.difference!)).toBe(
      'change 1 of the file, the create of alert receiver "pager" (alerting/receivers.yaml:1): ' +
        `\`organizationId\` is "${OTHER_ORG}" in the file, the documents give "${ORG}"`,
    );
  });

  it('compares a delete whose receiver the documents no longer delete: not given', () => {
    const result = check([create, update]);
    expect(result.setAside.size).toBe(0);
    expect(differenceSentence(result.difference!)).toBe(
      `change 3 of the file, the delete of alert receiver "old" (${OLD}): the documents give no such change`,
    );
  });

  it("names a change the file lacks with its kind's noun", () => {
    const difference = firstDifference(file().slice(0, 2), plan, new Set());
    expect(differenceSentence(difference!)).toBe(
      `the documents give the delete of alert receiver "old" (${OLD}) (alerting/old.yaml:1), which the file ` +
        'does not hold (a change taken out of the file, or an alert receiver changed in the service since the plan)',
    );
  });
});

describe('the saved-plan check of a rule create whose document now gives another cluster', () => {
  const rule: CreateChange = {
    kind: 'AlertRule',
    action: 'create',
    id: null,
    name: 'api-up',
    organizationId: ORG,
    clusterId: PROD,
    file: 'alerting/api.yaml',
    line: 30,
    diff: [],
    request: {
      name: 'api-up',
      cluster_id: PROD,
      target: { target_type: 'CLUSTER', target_id: PROD },
    } as never,
  };

  it('names the pinned id the request sends, the request first', () => {
    const now: CreateChange = {
      ...rule,
      clusterId: STAGING,
      request: { ...rule.request, cluster_id: STAGING } as never,
    };
    const difference = firstDifference([savedChange(rule)], [now], new Set())!;
    expect(difference).toMatchObject({ index: 0, kind: 'field', field: 'request.cluster_id' });
    expect(differenceSentence(difference)).toBe(
      `change 1 of the file, the create of alert rule "api-up" (alerting/api.yaml:30): \`request.cluster_id\` ` +
        `is "${PROD}" in the file, the documents give "${STAGING}"; the id the plan pinned is not the one the ` +
        'documents give now: a name they write resolves to another id than when the plan was made (renamed, ' +
        'or another took its name), or they were edited',
    );
  });
});
