/**
 * A rule's saved form (src/kinds/alert-rule/saved-form.ts), asked through the kind as the saved plan asks
 * it: what the file keeps of a planned change, in the file's order, and the change apply takes back from it,
 * which saves to the same JSON.
 */
import { describe, expect, it } from 'vitest';
import { planAlertRules } from '../../../src/kinds/alert-rule/plan-changes.js';
import { kindOf } from '../../../src/kinds/registry.js';
import type {
  CreateChange,
  DeleteChange,
  PendingRuleChange,
  UpdateChange,
} from '../../../src/model/alert-rule-change.js';
import { ADMITTED } from '../../../src/model/change.js';
import { pendingChanges } from '../../../src/model/types.js';
import { docs, live, ORG, PROD, RULE_1, RULE_2, ruleYaml } from '../plan/fixtures.js';

const planned = (rule: ReturnType<typeof live> | null, yaml: string) =>
  pendingChanges(
    planAlertRules({
      documents: docs({ 'alerting/api.yaml': yaml }),
      live: new Map([[ORG, rule === null ? [] : [rule]]]),
      receivers: null,
      defaultOrganizationId: null,
      prune: false,
    }),
  ) as PendingRuleChange[];

const update = planned(live(), ruleYaml({ severity: 'LOW' }))[0] as UpdateChange;
const create = planned(null, ruleYaml({ id: null }))[0] as CreateChange;
const remove: DeleteChange = {
  kind: 'AlertRule',
  action: 'delete',
  id: RULE_2,
  name: 'api-gone',
  organizationId: ORG,
  clusterId: PROD,
  file: 'alerting/old.yaml',
  line: 1,
  diff: [],
  against: { severity: '2222222222222222' },
};
// What only a reviewer is shown: its mark, its result, its references, its outside edits, an objective.
const reviewed: UpdateChange = {
  ...update,
  gate: ADMITTED,
  result: { id: RULE_1, ok: true, status: 200 },
  outsideEdit: [{ path: 'severity', before: 'MEDIUM', after: 'HIGH' }],
  references: { cluster: { id: PROD, name: 'production' }, target: null, receivers: [] },
  referencesBefore: { cluster: { id: PROD, name: 'production' }, target: null, receivers: [] },
};
const awaiting: CreateChange = {
  ...create,
  awaits: [{ kind: 'AlertReceiver', organizationId: ORG, name: 'pager' }],
};

const saved = (change: PendingRuleChange) => JSON.parse(JSON.stringify(kindOf(change).saved(change)));

describe('the alert rule kind: saved form', () => {
  it('plans the changes the cases need', () => {
    expect([update?.action, create?.action]).toEqual(['update', 'create']);
  });

  it.each([
    ['update', () => update],
    ['create', () => create],
    ['delete', () => remove],
    ['reviewed update', () => reviewed],
    ['create awaiting a receiver', () => awaiting],
  ])('%s: saved, taken back and saved again gives the same JSON', (_, change) => {
    const file = saved(change());
    const back = kindOf(change()).fromSaved(file);
    expect(back.diff).toEqual([]);
    expect(JSON.stringify(saved(back))).toBe(JSON.stringify(file));
  });

  it('keeps what the write sends, its place and what it was planned against, in the file’s order', () => {
    expect(Object.keys(saved(reviewed))).toEqual([
      'kind',
      'name',
      'organizationId',
      'clusterId',
      'file',
      'line',
      'action',
      'id',
      'request',
      'against',
    ]);
    expect(Object.keys(saved(awaiting))).toEqual([
      'kind',
      'name',
      'organizationId',
      'clusterId',
      'file',
      'line',
      'action',
      'request',
      'awaits',
      'against',
    ]);
    expect(saved(awaiting).against).toBeNull();
    expect(Object.keys(saved(remove))).toEqual([
      'kind',
      'name',
      'organizationId',
      'clusterId',
      'file',
      'line',
      'action',
      'id',
      'against',
    ]);
  });

  it('takes a create back without an id, and with no diff to show', () => {
    const back = kindOf(awaiting).fromSaved(saved(awaiting));
    expect(back).toMatchObject({ action: 'create', id: null, diff: [], awaits: awaiting.awaits });
    expect(back).not.toHaveProperty('references');
  });
});
