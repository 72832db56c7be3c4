import { describe, expect, it } from 'vitest';
import { removedDocuments } from '../../../src/model/removed.js';
import { docs, ORG, RULE_2, ruleYaml } from './fixtures.js';

describe('removedDocuments', () => {
  const base = docs({
    'a.yaml': `${ruleYaml()}---\n${ruleYaml({ id: RULE_2, name: 'b' })}---\n${ruleYaml({ id: null, name: 'c' })}`,
  });

  it('keeps documents that moved or changed, by id or by cluster and name', () => {
    const head = docs({
      'moved.yaml': ruleYaml({ severity: 'LOW' }),
      'other.yaml': `${ruleYaml({ id: RULE_2, name: 'b-renamed' })}---\n${ruleYaml({ id: null, name: 'c', tag: 'x' })}`,
    });
    expect(removedDocuments(base, head, null)).toEqual([]);
  });

  it('returns what no head document declares any more', () => {
    const head = docs({ 'a.yaml': `${ruleYaml()}---\n${ruleYaml({ id: null, name: 'c-renamed' })}` });
    expect(removedDocuments(base, head, null).map((d) => [d.value.id ?? null, d.value.name])).toEqual([
      [RULE_2, 'b'],
      [null, 'c'],
    ]);
  });

  it('tells organizations apart, with the default for documents that name none', () => {
    const head = docs({ 'a.yaml': ruleYaml({ id: null, organization_id: null, name: 'c' }) });
    const withoutId = base.filter((d) => d.value.id === undefined);
    expect(removedDocuments(withoutId, head, ORG)).toEqual([]);
    expect(removedDocuments(withoutId, head, '7f1b2c3d-0000-4000-8000-000000000002')).toHaveLength(1);
  });

  it('keeps a document that names its cluster, under the match rule of names', () => {
    const named = (cluster: string) =>
      ruleYaml({ id: null, name: 'd' }).replace(/cluster_id: \S+/, `cluster: ${cluster}`);
    const before = docs({ 'n.yaml': named('prod-eu') });
    expect(removedDocuments(before, docs({ 'm.yaml': named('" Prod-EU"') }), ORG)).toEqual([]);
    expect(removedDocuments(before, docs({ 'm.yaml': named('staging-eu') }), ORG)).toHaveLength(1);
  });
});
