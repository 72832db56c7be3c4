import { describe, expect, it } from 'vitest';
import type { ObjectiveSource } from '../../../src/documents/types.js';
import {
  describeChange as describeReceiver,
  changeJson as receiverJson,
} from '../../../src/kinds/alert-receiver/describe.js';
import {
  describeChange as describeRule,
  changeJson as ruleJson,
} from '../../../src/kinds/alert-rule/describe.js';
import { allKinds, kindNamed, kindOf } from '../../../src/kinds/registry.js';
import type { ReceiverChange, ReceiverCreate } from '../../../src/model/alert-receiver-change.js';
import { testChange } from '../../helpers/changes.js';
import { receiverUpdate } from '../report/report-factory.js';

/**
 * Each kind describes its own changes as data, for every face to render (src/kinds/change-kind.ts): what
 * a review says of a rule or a receiver is decided in the kind's folder, not in the faces.
 */
const OBJECTIVE: ObjectiveSource = {
  objective: 'checkout-availability',
  pair: '1h-5m',
  urgency: 'page',
  budget: 0.001,
  windowSeconds: 2_592_000,
  ratio: 'rate(errors[{{.window}}])',
};

describe("an alert rule's description", () => {
  it('names a rule by its name alone and says a delete removes a rule', () => {
    const own = describeRule(testChange('create', { name: 'api-p99' }));
    expect(own).toEqual({ verb: null, noun: null, extra: null, removes: 'rule', above: [], below: [] });
    expect(kindNamed('AlertRule').label('api-p99')).toBe('api-p99');
  });

  it("says a generated rule's objective, and where an update or a delete sits", () => {
    const generated = { ...testChange('create'), objective: OBJECTIVE };
    expect(describeRule(generated).above).toEqual([{ kind: 'objective', source: OBJECTIVE }]);
    const deleted = testChange('delete');
    expect(describeRule(deleted).above).toEqual([{ kind: 'placement', change: deleted }]);
    const updated = { ...testChange('update'), objective: OBJECTIVE };
    expect(describeRule(updated).above.map((n) => n.kind)).toEqual(['objective', 'placement']);
    expect(describeRule(testChange('noop')).above).toEqual([]);
  });

  it('says what an update overwrites that was edited outside git, and nothing when nothing was', () => {
    const edit = [{ path: 'severity', before: 'LOW', after: 'HIGH' }];
    expect(describeRule(testChange('update', { outsideEdit: edit })).below).toEqual([
      { kind: 'outside-edit', fields: edit },
    ]);
    expect(describeRule(testChange('update', { outsideEdit: [] })).below).toEqual([]);
  });

  it('gives its own JSON keys: the cluster always, the objective and the outside edit when there', () => {
    expect(ruleJson(testChange('delete', { clusterId: 'c-9' }))).toEqual({ clusterId: 'c-9' });
    const edit = [{ path: 'severity', before: 'LOW', after: 'HIGH' }];
    const updated = {
      ...testChange('update', { clusterId: 'c-9', outsideEdit: edit }),
      objective: OBJECTIVE,
    };
    expect(ruleJson(updated)).toEqual({
      clusterId: 'c-9',
      objective: { name: 'checkout-availability', pair: '1h-5m', urgency: 'page' },
      outsideEdit: edit,
    });
  });
});

describe("an alert receiver's description", () => {
  const sent: ReceiverCreate['secrets'] = [{ field: 'auth_password', env: 'SMTP_PASSWORD' }];
  const created = { ...receiverUpdate, action: 'create', id: null, secrets: sent } as ReceiverCreate;

  it('names a receiver by its noun, with its type, and says a delete removes an alert receiver', () => {
    const own = describeReceiver(receiverUpdate);
    expect(own).toMatchObject({
      verb: null,
      noun: 'alert receiver',
      extra: 'EMAIL',
      removes: 'alert receiver',
    });
    expect(kindNamed('AlertReceiver').label('pager')).toBe('alert receiver pager');
  });

  it('says whether each write sends the secrets, and why, or keeps them', () => {
    const secrets = (c: ReceiverChange) => describeReceiver(c).below;
    expect(secrets(created)).toEqual([{ kind: 'secrets', why: 'create', sent: sent }]);
    expect(secrets(receiverUpdate)).toEqual([{ kind: 'secrets', why: 'kept', sent: [] }]);
    const rotated = { ...receiverUpdate, secrets: sent } as ReceiverChange;
    expect(secrets(rotated)).toEqual([{ kind: 'secrets', why: 'rotation', sent: sent }]);
    const retyped = { ...rotated, secretsWhy: 'type changed' } as ReceiverChange;
    expect(secrets(retyped)).toEqual([{ kind: 'secrets', why: 'type changed', sent: sent }]);
    expect(secrets({ ...receiverUpdate, action: 'delete' } as ReceiverChange)).toEqual([]);
    expect(secrets({ ...receiverUpdate, action: 'noop' } as ReceiverChange)).toEqual([]);
  });

  it('names an update that changes no field by what it does: it sends the secret again', () => {
    const rotation = { ...receiverUpdate, diff: [], secrets: sent } as ReceiverChange;
    expect(describeReceiver(rotation).verb).toBe('rotate the secret of');
  });

  it('gives its own JSON keys: its type, whether a write sends the secrets and from where, never a value', () => {
    expect(receiverJson(created)).toEqual({
      type: 'EMAIL',
      secrets: 'sent',
      secretsFrom: ['SMTP_PASSWORD'],
      secretCompared: false,
    });
    expect(receiverJson(receiverUpdate)).toMatchObject({ secrets: 'kept', secretsFrom: [] });
    expect(receiverJson({ ...receiverUpdate, action: 'delete' } as ReceiverChange)).toEqual({
      type: 'EMAIL',
      secretCompared: false,
    });
  });
});

describe('the registry', () => {
  it('finds each kind by a change or by its name, the lead kind (rules) first', () => {
    expect(kindOf(receiverUpdate)).toBe(kindNamed('AlertReceiver'));
    expect(allKinds().map((k) => [k.kind, k.plural])).toEqual([
      ['AlertRule', 'rules'],
      ['AlertReceiver', 'alert receivers'],
    ]);
    expect(allKinds().map((k) => k.uncompared !== undefined)).toEqual([false, true]);
  });
});
