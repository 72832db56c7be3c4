/**
 * A rule's references by name on the plan's one list: the receivers' changes, first on that list, pass
 * through as they are (only a rule references a cluster, a target and receivers), and the rules' changes
 * get their names, whether the plan was made now or read from a saved file.
 */
import { describe, expect, it } from 'vitest';
import { referencesFrom, withReferences } from '../../../src/kinds/alert-rule/rule-references.js';
import type { ReceiverCreate } from '../../../src/model/alert-receiver-change.js';
import { nameBook } from '../../../src/model/name-book.js';
import type { Change, Plan } from '../../../src/model/types.js';
import { testChange } from '../../helpers/changes.js';
import { liveReceiver } from '../../helpers/receivers.js';
import { live, ORG, PROD, RULE_1, SLACK } from './fixtures.js';

const receiver: ReceiverCreate = {
  kind: 'AlertReceiver',
  action: 'create',
  id: null,
  name: 'pager',
  type: 'SLACK',
  organizationId: ORG,
  file: 'receivers.yaml',
  line: 1,
  diff: [],
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

const planOf = (changes: readonly Change[]): Plan => ({
  organizations: [ORG],
  changes,
  diagnostics: [],
  unmanaged: [],
  ghosts: [],
  outdated: [],
});

const names = nameBook({
  clusters: [{ id: PROD, name: 'prod-eu' }],
  services: [],
  projects: [],
  environments: [],
  receivers: [liveReceiver({ id: SLACK, name: 'slack-oncall', type: 'SLACK' })],
});

describe('withReferences', () => {
  it("names a rule's references and leaves a receiver's change as it is, in the list's order", () => {
    const rule = testChange('update', { id: RULE_1, organizationId: ORG, clusterId: PROD });
    const plan = withReferences(planOf([receiver, rule]), new Map([[ORG, [live()]]]), names);
    expect(plan.changes[0]).toBe(receiver);
    expect(plan.changes[1]).toMatchObject({
      kind: 'AlertRule',
      references: { cluster: { id: PROD, name: 'prod-eu' } },
      referencesBefore: { receivers: [{ id: SLACK, name: 'slack-oncall' }] },
    });
  });
});

describe('referencesFrom', () => {
  it("takes a rule's references from the plan made again; a receiver's create is matched with nothing", () => {
    const saved = testChange('create', { name: 'new-rule', organizationId: ORG, clusterId: PROD });
    const references = { cluster: { id: PROD, name: 'prod-eu' }, target: null, receivers: [] };
    const again = planOf([receiver, { ...saved, references }]);
    const plan = referencesFrom(planOf([receiver, saved]), again);
    expect(plan.changes[0]).toBe(receiver);
    expect(plan.changes[1]).toEqual({ ...saved, references });
  });
});
