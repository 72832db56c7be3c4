import { describe, expect, it } from 'vitest';
import type { ReceiverChange } from '../../../src/model/alert-receiver-change.js';
import type { CreateChange, UpdateChange } from '../../../src/model/alert-rule-change.js';
import { pendingChanges } from '../../../src/model/types.js';
import {
  PLAN_FILE_VERSION,
  type PlanFile,
  parsePlanFile,
  planOf,
  savePlan,
} from '../../../src/plan/plan-file.js';
import { ORG, PROD, RULE_1, SLACK } from './fixtures.js';

const receiverCreate: ReceiverChange = {
  kind: 'AlertReceiver',
  action: 'create',
  id: null,
  name: 'pager',
  type: 'SLACK',
  organizationId: ORG,
  file: 'alerting/receivers.yaml',
  line: 1,
  diff: [{ path: 'name', before: undefined, after: 'pager' }],
  request: {
    name: 'pager',
    description: '',
    type: 'SLACK',
    send_resolved: true,
    owner: null,
    severity: null,
  },
  secrets: [{ field: 'webhook_url', env: 'PAGER_WEBHOOK_URL' }],
};
const receiverUpdate: ReceiverChange = {
  ...receiverCreate,
  action: 'update',
  id: SLACK,
  name: 'slack-oncall',
  line: 12,
  against: { name: '1111111111111111' },
  secrets: [],
};
const ruleUpdate: UpdateChange = {
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
  request: { name: 'api-p99-latency', severity: 'LOW', condition: { kind: 'CUSTOM' } } as never,
};
const ruleCreate: CreateChange = {
  kind: 'AlertRule',
  action: 'create',
  id: null,
  name: 'api-up',
  organizationId: ORG,
  clusterId: PROD,
  file: 'alerting/api.yaml',
  line: 30,
  diff: [],
  request: { name: 'api-up', target: { target_type: 'CLUSTER', target_id: PROD } } as never,
};
// biome-ignore lint/suspicious/noExplicitAny: a plan file as JSON, edited at will as a hand would.
type Json = any;
const META = { digest: 'd'.repeat(64), commit: null, base: null, prune: false };
const saved = (): PlanFile => savePlan([receiverCreate, receiverUpdate, ruleUpdate, ruleCreate], META);
/** The saved file as JSON, edited by `edit`, then parsed: what apply --plan says of it. */
const refusal = (edit: (file: Json) => void): string => {
  const file = JSON.parse(JSON.stringify(saved()));
  edit(file);
  try {
    parsePlanFile(JSON.stringify(file));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the file was read');
};

describe('the saved plan file: one list of changes of every kind', () => {
  it('holds every pending change in one list, each with its kind, and no list of receivers beside it', () => {
    const file = saved();
    expect(file.version).toBe(3);
    expect(PLAN_FILE_VERSION).toBe(3);
    expect(file).not.toHaveProperty('receivers');
    expect(file.changes.map((c) => [c.kind, c.action, c.name])).toEqual([
      ['AlertReceiver', 'create', 'pager'],
      ['AlertReceiver', 'update', 'slack-oncall'],
      ['AlertRule', 'update', 'api-p99-latency'],
      ['AlertRule', 'create', 'api-up'],
    ]);
    // A receiver's secret by its variable only; no diff, mark or result is saved.
    expect(file.changes[0]).toEqual({
      kind: 'AlertReceiver',
      action: 'create',
      id: null,
      name: 'pager',
      type: 'SLACK',
      organizationId: ORG,
      file: 'alerting/receivers.yaml',
      line: 1,
      request: receiverCreate.request,
      secrets: [{ field: 'webhook_url', env: 'PAGER_WEBHOOK_URL' }],
    });
    expect(parsePlanFile(JSON.stringify(file))).toEqual(file);
  });

  it('is executed as one plan: the same list, every kind, without the diffs', () => {
    const plan = planOf(parsePlanFile(JSON.stringify(saved())));
    expect(plan.organizations).toEqual([ORG]);
    expect(pendingChanges(plan).map((c) => [c.kind, c.action, c.id, c.diff])).toEqual([
      ['AlertReceiver', 'create', null, []],
      ['AlertReceiver', 'update', SLACK, []],
      ['AlertRule', 'update', RULE_1, []],
      ['AlertRule', 'create', null, []],
    ]);
    expect(plan).not.toHaveProperty('receivers');
  });

  it('refuses a file of version 2 (its receivers beside the changes): make the plan again', () => {
    expect(refusal((f) => Object.assign(f, { version: 2, receivers: [] }))).toBe(
      'it is a plan file of version 2; this version of platform-gitops reads version 3: make the plan again with this version',
    );
  });

  it.each([
    ['a digest that is not a SHA-256', (f: Json) => (f.digest = 'abc'), 'digest'],
    ['a commit that is a number', (f: Json) => (f.commit = 7), 'commit'],
    ['a base that is no commit', (f: Json) => (f.base = 'main'), 'base'],
    ['prune without a base', (f: Json) => (f.prune = true), 'base'],
    ['prune that is a string', (f: Json) => (f.prune = 'yes'), 'prune'],
    ['rotateSecrets that is a string', (f: Json) => (f.rotateSecrets = 'yes'), 'rotateSecrets'],
    ['changes that are an object', (f: Json) => (f.changes = {}), 'changes'],
    ['a change that is a string', (f: Json) => (f.changes[1] = 'x'), 'changes[1]'],
    ['a change without kind', (f: Json) => delete f.changes[2].kind, 'changes[2].kind'],
    ['a kind no plan has', (f: Json) => (f.changes[2].kind = 'Cluster'), 'changes[2].kind'],
    ['an action no plan has', (f: Json) => (f.changes[2].action = 'noop'), 'changes[2].action'],
    ['a line that is not whole', (f: Json) => (f.changes[0].line = 1.5), 'changes[0].line'],
    ["a rule create's request missing", (f: Json) => delete f.changes[3].request, 'changes[3].request'],
    [
      "a rule create's request without its target",
      (f: Json) => delete f.changes[3].request.target,
      'changes[3].request.target',
    ],
    ["a rule create's cluster null", (f: Json) => (f.changes[3].clusterId = null), 'changes[3].clusterId'],
    ["a rule create's against", (f: Json) => (f.changes[3].against = {}), 'changes[3].against'],
    ["a rule update's id missing", (f: Json) => delete f.changes[2].id, 'changes[2].id'],
    [
      "a rule update's request without its condition",
      (f: Json) => delete f.changes[2].request.condition,
      'changes[2].request.condition',
    ],
    [
      "a rule update's fingerprint holding a number",
      (f: Json) => (f.changes[2].against.severity = 1),
      'changes[2].against.severity',
    ],
    ["a receiver's type missing", (f: Json) => delete f.changes[0].type, 'changes[0].type'],
    ["a receiver create's secrets missing", (f: Json) => delete f.changes[0].secrets, 'changes[0].secrets'],
    [
      "a receiver create's secret variable a number",
      (f: Json) => (f.changes[0].secrets[0].env = 7),
      'changes[0].secrets[0].env',
    ],
    [
      "a receiver update's fingerprint missing",
      (f: Json) => delete f.changes[1].against,
      'changes[1].against',
    ],
    [
      "a receiver delete's id missing",
      (f: Json) => {
        f.changes[1] = { ...f.changes[1], action: 'delete', id: undefined };
      },
      'changes[1].id',
    ],
    [
      'a key that is not a plain name, in a fingerprint',
      (f: Json) => (f.changes[1].against['a b'] = null),
      'changes[1].against."a b"',
    ],
  ])('names the first damaged field: %s', (_what, edit, field) => {
    expect(refusal(edit)).toBe(`it is damaged: \`${field}\` is missing or of the wrong type`);
  });

  it('refuses a field no plan file of this version has (a list of receivers beside the changes)', () => {
    expect(refusal((f) => (f.receivers = []))).toBe(
      'it is damaged: `receivers` is not a field of a plan file of version 3',
    );
  });
});
