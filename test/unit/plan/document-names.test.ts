import { describe, expect, it } from 'vitest';
import type { AlertRuleDocument } from '../../../src/documents/types.js';
import { describeTarget, nameBook } from '../../../src/model/name-book.js';
import type { ClusterEntry, ServiceEntry } from '../../../src/names/types.js';
import { NEEDS_NOTHING, namesNeeded, resolveRuleNames } from '../../../src/plan/document-names.js';
import { parseText } from '../documents/helpers.js';

const CLUSTERS: ClusterEntry[] = [{ id: 'c1', name: 'prod-eu' }];
const SERVICES: ServiceEntry[] = [
  {
    id: 's1',
    name: 'api',
    type: 'APPLICATION',
    projectId: 'p1',
    projectName: 'shop',
    environmentId: 'e1',
    environmentName: 'production',
    clusterId: 'c1',
  },
];

function ruleDocument(...references: string[]): AlertRuleDocument {
  const text = [
    'kind: AlertRule',
    ...references,
    'name: api-down',
    'condition: {kind: CUSTOM, promql: up == 0}',
    'for_duration: PT5M',
    'severity: LOW',
    'alert_receivers: [slack-oncall]',
  ].join('\n');
  const loaded = parseText(text);
  expect(loaded.diagnostics).toEqual([]);
  return loaded.documents[0] as AlertRuleDocument;
}

describe('which lists a document needs', () => {
  it('none for ids alone; clusters, services, or the named project for names', () => {
    const ids = ruleDocument(
      'cluster_id: c1a5e7e0-0000-4000-8000-000000000101',
      'target: {target_type: CLUSTER, target_id: c1a5e7e0-0000-4000-8000-000000000101}',
    );
    expect(namesNeeded(ids)).toBe(NEEDS_NOTHING);
    expect(namesNeeded(ruleDocument('cluster: prod-eu', 'target: {service: shop/production/api}'))).toEqual({
      clusters: true,
      services: true,
      projects: [],
    });
    expect(
      namesNeeded(
        ruleDocument(
          'cluster_id: c1a5e7e0-0000-4000-8000-000000000101',
          'target: {environment: " Shop /staging"}',
        ),
      ),
    ).toEqual({ clusters: false, services: false, projects: ['Shop'] });
  });
});

describe('resolveRuleNames', () => {
  it('pins the ids and keeps the written form beside them', () => {
    const resolved = resolveRuleNames(
      ruleDocument('cluster: PROD-EU ', 'target: {service: shop/production/api}'),
      {
        clusters: CLUSTERS,
        services: SERVICES,
      },
    );
    expect(resolved.kind).toBe('resolved');
    const value = resolved.kind === 'resolved' ? resolved.document.value : null;
    expect(value?.cluster_id).toBe('c1');
    expect(value?.target).toEqual({
      service: 'shop/production/api',
      target_type: 'APPLICATION',
      target_id: 's1',
    });
  });

  it('is unread, with nothing to say, when a list it needs was not read', () => {
    const doc = ruleDocument('cluster: prod-eu', 'target: {service: shop/production/api}');
    expect(resolveRuleNames(doc, { clusters: CLUSTERS, services: null })).toEqual({ kind: 'unread' });
  });

  it('says every name that fails, each at its key', () => {
    const doc = ruleDocument('cluster: prod-us', 'target: {service: shop/production/apx}');
    const failed = resolveRuleNames(doc, { clusters: CLUSTERS, services: SERVICES });
    expect(failed.kind === 'failed' ? failed.diagnostics.map((d) => [d.line, d.code]) : null).toEqual([
      [2, 'name.unknown'],
      [3, 'name.unknown'],
    ]);
  });
});

describe('nameBook', () => {
  it('names what the lists hold and nothing else', () => {
    const book = nameBook({
      clusters: CLUSTERS,
      services: SERVICES,
      projects: [],
      environments: [],
      receivers: [],
    });
    expect(describeTarget(book.target({ target_type: 'APPLICATION', target_id: 'S1' }))).toBe(
      '"api" in shop/production · APPLICATION (S1)',
    );
    expect(book.target({ target_type: 'ENVIRONMENT', target_id: 'e1' })).toEqual({
      id: 'e1',
      type: 'ENVIRONMENT',
      name: 'production',
      within: 'shop',
    });
    expect(book.cluster('c9')).toEqual({ id: 'c9', name: null });
    expect(describeTarget(book.target({ target_type: 'JOB', target_id: 'j9' }))).toBe('JOB j9');
  });
});
