import { describe, expect, it } from 'vitest';
import { declaredAtPrevious, outsideEdits, outsideEditsSince } from '../../../src/evidence/outside-edit.js';
import { indexLive } from '../../../src/kinds/alert-rule/identity.js';
import { docs, live, ORG, OTHER_ORG, RULE_1, ruleYaml } from '../plan/fixtures.js';

const LIVE = new Map([[ORG, indexLive([live()])]]);

describe('which live rule each previous document declared', () => {
  it('takes the first document of a rule, and skips those of no organization or of one not read', () => {
    // Loaded one by one: together, the loader would refuse the repeated id.
    const previous = [
      ...docs({ 'a.yaml': ruleYaml({ tag: 'first' }) }),
      ...docs({ 'b.yaml': ruleYaml({ tag: 'second' }) }),
      ...docs({ 'c.yaml': ruleYaml({ organization_id: null }) }),
      ...docs({ 'd.yaml': ruleYaml({ organization_id: OTHER_ORG }) }),
    ];
    const declared = declaredAtPrevious(previous, null, LIVE);
    expect([...declared.keys()]).toEqual([RULE_1]);
    expect(declared.get(RULE_1)?.file).toBe('a.yaml');
  });
});

describe('outside edits', () => {
  it('are the fields where the live rule differs from what the previous revision declared', () => {
    const [declared] = docs({ 'a.yaml': ruleYaml({ severity: 'LOW' }) });
    expect(outsideEdits(live(), declared, null)).toEqual([
      { path: 'severity', before: 'LOW', after: 'HIGH' },
    ]);
    expect(outsideEdits(live(), docs({ 'a.yaml': ruleYaml() })[0], null)).toEqual([]);
  });

  it('are not known when no previous document declared the rule, or its receivers cannot be resolved', () => {
    expect(outsideEdits(live(), undefined, null)).toBeUndefined();
    const [byName] = docs({
      'a.yaml': ruleYaml({ alert_receiver_ids: null, alert_receivers: '\n  - slack' }),
    });
    expect(outsideEdits(live(), byName, null)).toBeUndefined();
  });

  it('are told to planning per live rule, from the documents matched to the index the plan made', () => {
    const previous = docs({ 'a.yaml': ruleYaml({ severity: 'LOW' }) });
    const of = outsideEditsSince(previous, null, null)(LIVE);
    expect(of(live(), ORG)).toEqual([{ path: 'severity', before: 'LOW', after: 'HIGH' }]);
    expect(of(live({ id: 'a2a2a2a2-0000-4000-8000-000000000599' }), ORG)).toBeUndefined();
  });
});
