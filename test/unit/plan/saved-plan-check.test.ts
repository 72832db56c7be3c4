import { describe, expect, it } from 'vitest';
import { indexLive } from '../../../src/kinds/alert-rule/identity.js';
import { declaredWhereSaid } from '../../../src/kinds/alert-rule/moved-since.js';
import { planAlertRules } from '../../../src/kinds/alert-rule/plan-changes.js';
import type { CreateChange, DeleteChange, UpdateChange } from '../../../src/model/alert-rule-change.js';
import { pendingChanges } from '../../../src/model/types.js';
import { savedChange } from '../../../src/plan/plan-file.js';
import { checkSavedPlan, differenceSentence, firstDifference } from '../../../src/plan/saved-plan-check.js';
import { docs, live, ORG, PROD, RULE_1, RULE_2, ruleYaml, SLACK } from './fixtures.js';

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
  against: { severity: '1111111111111111' },
  request: { name: 'api-p99-latency', severity: 'LOW', alert_receiver_ids: [SLACK, RULE_2] } as never,
  // Not part of the file: shown when planned, not compared.
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
  request: { name: 'api-up', description: undefined } as never,
};
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
const plan = [update, create, remove];
const file = () => JSON.parse(JSON.stringify(plan.map(savedChange)));
const none = new Set<number>();

describe('firstDifference', () => {
  it('is null for the file as written (undefined fields and outside edits are not the file’s)', () => {
    expect(firstDifference(file(), plan, none)).toBeNull();
    expect(firstDifference([], [], none)).toBeNull();
  });

  it('names the field inside arrays, with both values', () => {
    const saved = file();
    saved[0].request.alert_receiver_ids[1] = SLACK;
    const difference = firstDifference(saved, plan, none)!;
    expect(difference).toMatchObject({ index: 0, kind: 'field', field: 'request.alert_receiver_ids[1]' });
    expect(differenceSentence(difference)).toBe(
      `change 1 of the file, the update of alert rule "api-p99-latency" (${RULE_1}) (alerting/api.yaml:3): ` +
        `\`request.alert_receiver_ids[1]\` is "${SLACK}" in the file, the documents give "${RULE_2}"`,
    );
  });

  it('names a field the file lacks, and a field the documents do not give', () => {
    const saved = file();
    delete saved[1].request.name;
    expect(differenceSentence(firstDifference(saved, plan, none)!)).toContain(
      '`request.name` is absent from the file, the documents give "api-up"',
    );
    const extra = file();
    extra[2].note = 'x';
    expect(differenceSentence(firstDifference(extra, plan, none)!)).toContain(
      '`note` is "x" in the file, the documents give no such field',
    );
  });

  it('shows what the file adds as JSON: no line break of the file reaches the sentence', () => {
    const saved = file();
    saved[0].request['x\n::warning::y'] = 1;
    const spliced = { ...saved[2], id: 'a\nb', name: 'n"\n::error::m' };
    const field = differenceSentence(firstDifference(saved, plan, none)!);
    expect(field).toContain('`request."x\\n::warning::y"` is 1 in the file');
    const added = differenceSentence(firstDifference([...file(), spliced], plan, none)!);
    expect(added).toBe(
      'change 4 of the file, the delete of alert rule "n\\"\\n::error::m" (a\\nb): the documents give no such change',
    );
    expect(`${field}${added}`).not.toMatch(/\n/);
  });

  it('an update where the documents give a create (the rule is gone) is compared by its id: not given', () => {
    const saved = file();
    const gone = { ...saved[0], file: create.file, line: create.line, name: create.name };
    expect(firstDifference([gone, saved[1], saved[2]], plan, none)).toMatchObject({
      index: 0,
      kind: 'field',
      field: 'name',
    });
  });

  it('refuses a change turned into another action on the same rule', () => {
    const saved = file();
    saved[0] = { ...saved[2], id: RULE_1, name: 'api-p99-latency', file: 'alerting/api.yaml', line: 3 };
    expect(firstDifference(saved, plan, none)).toMatchObject({ index: 0, field: 'action' });
  });

  it('refuses the same changes in another order', () => {
    const saved = file();
    const difference = firstDifference([saved[1], saved[0], saved[2]], plan, none);
    expect(difference).toMatchObject({ index: 1, kind: 'order' });
  });

  it('refuses a change the documents give and the file lacks, pointing at its document', () => {
    const difference = firstDifference(file().slice(0, 2), plan, none)!;
    expect(difference).toMatchObject({
      index: null,
      kind: 'not-held',
      at: { file: 'alerting/old.yaml', line: 1 },
    });
  });

  it('does not compare a change set aside (its rule moved), nor the one made again for its rule or document', () => {
    // The update's rule was edited live: made again, it is still an update of that id, against other hashes.
    const moved = { ...update, against: { severity: '3333333333333333' } };
    expect(firstDifference(file(), [moved, create, remove], new Set([0]))).toBeNull();
    // The create's rule appeared: made again, it is an update of the new rule, from the same document.
    const appeared: UpdateChange = { ...update, id: RULE_2.replace('2', '9'), name: 'api-up', line: 30 };
    expect(firstDifference(file(), [update, appeared, remove], new Set([1]))).toBeNull();
    // Setting one change aside hides no other: the update's request still counts.
    const saved = file();
    saved[0].request.severity = 'CRITICAL';
    expect(firstDifference(saved, plan, new Set([1]))).toMatchObject({ index: 0, field: 'request.severity' });
  });
});

describe('declaredWhereSaid', () => {
  const [head] = docs({ 'alerting/api.yaml': ruleYaml() });
  const removed = docs({ 'alerting/old.yaml': ruleYaml({ id: RULE_2, name: 'api-gone' }) });

  it('a create or an update: a document at its file and line with its name', () => {
    const at = { ...savedChange(update), file: head!.file, line: head!.range.line };
    expect(declaredWhereSaid([head!], [])(at)).toBe(true);
    expect(declaredWhereSaid([head!], [])({ ...at, line: at.line + 1 })).toBe(false);
    expect(declaredWhereSaid([head!], [])({ ...at, name: 'other' })).toBe(false);
    // A removed document declares no create or update.
    expect(declaredWhereSaid([], [head!])(at)).toBe(false);
  });

  it('a delete: a removed document at its file and line, of its id or name', () => {
    const at = { ...savedChange({ ...remove, line: removed[0]!.range.line }) };
    expect(declaredWhereSaid([], removed)(at)).toBe(true);
    expect(declaredWhereSaid(removed, [])(at)).toBe(false);
    const other = savedChange({ ...remove, id: RULE_1, name: 'x', line: removed[0]!.range.line });
    expect(declaredWhereSaid([], removed)(other)).toBe(false);
    // The live rule's name, which a delete carries, may differ from its removed document's: the id counts.
    const renamed = savedChange({ ...remove, name: 'renamed in the console', line: removed[0]!.range.line });
    expect(declaredWhereSaid([], removed)(renamed)).toBe(true);
  });
});

describe('checkSavedPlan: the planner made again, then the gate', () => {
  const rules = docs({ 'alerting/api.yaml': ruleYaml({ severity: 'LOW' }) });
  const planWith = (rule: ReturnType<typeof live>) =>
    pendingChanges(
      planAlertRules({
        documents: rules,
        live: new Map([[ORG, [rule]]]),
        receivers: null,
        defaultOrganizationId: null,
        prune: false,
      }),
    );
  const saved = planWith(live()).map(savedChange);
  const input = (
    rule: ReturnType<typeof live>,
    over: Partial<Parameters<typeof checkSavedPlan>[0]> = {},
  ) => ({
    saved,
    recomputed: planWith(rule),
    live: new Map([[ORG, indexLive([rule])]]),
    organizations: new Set([ORG]),
    rules,
    removed: [],
    ...over,
  });

  it('passes the file as written', () => {
    expect(saved.map((c) => c.action)).toEqual(['update']);
    const check = checkSavedPlan(input(live()));
    expect(check).toEqual({ setAside: new Map(), difference: null });
  });

  it('sets aside a change whose live rule moved, naming the fields, and compares nothing of its rule', () => {
    const check = checkSavedPlan(input(live({ description: 'edited in the console' })));
    expect(check.difference).toBeNull();
    expect([...check.setAside.keys()]).toEqual([0]);
    expect(check.setAside.get(0)).toMatchObject({
      code: 'apply.changed-since-plan',
      file: 'alerting/api.yaml',
      line: 1,
      message: expect.stringContaining('(fields `description` changed in the service since it was planned)'),
    });
  });

  it('sets aside, with no finding of its own, a change of an organization whose read failed', () => {
    const check = checkSavedPlan(input(live(), { recomputed: [], live: new Map() }));
    expect(check).toEqual({ setAside: new Map([[0, null]]), difference: null });
  });

  it('compares, and refuses by its id, an update pointed at another live rule (never set aside as moved)', () => {
    const update = saved[0];
    if (update?.action !== 'update') throw new Error('the plan updates the rule');
    const other = live({ id: RULE_2, name: 'api-5xx-ratio', severity: 'CRITICAL' });
    const both = new Map([[ORG, indexLive([live(), other])]]);
    const check = checkSavedPlan(input(live(), { saved: [{ ...update, id: RULE_2 }], live: both }));
    expect(check.setAside.size).toBe(0);
    expect(check.difference).toMatchObject({
      index: 0,
      kind: 'field',
      field: 'id',
      saved: RULE_2,
      given: RULE_1,
    });
    expect(differenceSentence(check.difference!)).toBe(
      `change 1 of the file, the update of alert rule "api-p99-latency" (${RULE_1}) (alerting/api.yaml:1): ` +
        `\`id\` is "${RULE_2}" in the file, the documents give "${RULE_1}"`,
    );
  });

  it('compares an update pointed at another live rule where the documents give no change (their noop names the rule)', () => {
    const update = saved[0];
    if (update?.action !== 'update') throw new Error('the plan updates the rule');
    // The console set the severity the documents give: the plan made again has a noop for the rule.
    const agreed = live({ severity: 'LOW' });
    const given = planAlertRules({
      documents: rules,
      live: new Map([[ORG, [agreed]]]),
      receivers: null,
      defaultOrganizationId: null,
      prune: false,
    }).changes;
    expect(given.map((c) => c.action)).toEqual(['noop']);
    const other = live({ id: RULE_2, name: 'api-5xx-ratio' });
    const check = checkSavedPlan(
      input(agreed, {
        saved: [{ ...update, id: RULE_2 }],
        live: new Map([[ORG, indexLive([agreed, other])]]),
        given,
      }),
    );
    expect(check.setAside.size).toBe(0);
    expect(check.difference).toMatchObject({ index: 0, kind: 'not-given' });
    // The same file without the tampering: its rule moved since the plan, so the change is set aside.
    const untouched = checkSavedPlan(
      input(agreed, { live: new Map([[ORG, indexLive([agreed, other])]]), given }),
    );
    expect([...untouched.setAside.keys()]).toEqual([0]);
    expect(untouched.difference).toBeNull();
  });

  it('sets aside an update whose id names no live rule when the documents give none either (the rule is gone)', () => {
    const update = saved[0];
    if (update?.action !== 'update') throw new Error('the plan updates the rule');
    const check = checkSavedPlan(
      input(live(), { live: new Map([[ORG, indexLive([])]]), recomputed: [], given: [] }),
    );
    expect(check.setAside.get(0)).toMatchObject({
      code: 'apply.changed-since-plan',
      message: expect.stringContaining('the rule no longer exists'),
    });
    expect(check.difference).toBeNull();
  });

  it('compares a change of an organization the documents do not name, or declared elsewhere, though its rule moved', () => {
    const elsewhere = checkSavedPlan(input(live(), { organizations: new Set() }));
    expect(elsewhere.setAside.size).toBe(0);
    const update = saved[0];
    if (update?.action !== 'update') throw new Error('the plan updates the rule');
    const moved = { ...update, line: 7, against: { severity: '0'.repeat(16) } };
    const check = checkSavedPlan(input(live(), { saved: [moved] }));
    expect(check.setAside.size).toBe(0);
    expect(check.difference).toMatchObject({ index: 0, kind: 'field', field: 'line', saved: 7, given: 1 });
  });
});
