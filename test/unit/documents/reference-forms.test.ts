import { describe, expect, it } from 'vitest';
import { parseText, VALID_COMPONENT } from './helpers.js';

/** A rule whose cluster and target lines are `references` (line 2 on). */
const rule = (...references: string[]) =>
  [
    'kind: AlertRule',
    ...references,
    'name: api-down',
    'condition: {kind: CUSTOM, promql: up == 0}',
    'for_duration: PT5M',
    'severity: LOW',
    'alert_receivers: [slack-oncall]',
    '',
  ].join('\n');

const found = (text: string) => parseText(text).diagnostics.map((d) => [d.line, d.column, d.code, d.message]);

describe('names or ids in a document: the forms, checked without a request', () => {
  it('accepts every name form, the mapping form, and the id forms', () => {
    for (const text of [
      rule('cluster: prod-eu', 'target: {service: shop/production/api}'),
      rule('cluster: prod-eu', 'target: {service: shop/production/api, target_type: APPLICATION}'),
      rule('cluster: prod-eu', 'target: {service: {project: a/b, environment: production, service: api}}'),
      rule('cluster: prod-eu', 'target: {environment: shop/production}'),
      rule('cluster: prod-eu', 'target: {environment: {project: shop, environment: production}}'),
      rule('cluster: prod-eu', 'target: {cluster: prod-eu, target_type: CLUSTER}'),
      rule(
        'cluster_id: c1a5e7e0-0000-4000-8000-000000000101',
        'target: {target_type: APPLICATION, target_id: a1a1a1a1-0000-4000-8000-000000000301}',
      ),
    ]) {
      expect(found(text)).toEqual([]);
    }
  });

  it('a name and an id of one reference is an error at the name', () => {
    expect(found(rule('cluster: prod-eu', 'cluster_id: c1a5e7e0-0000-4000-8000-000000000101'))).toEqual([
      [
        2,
        1,
        'document.name-and-id',
        'both `cluster` (a name) and `cluster_id` are written: keep one (`cluster_id` where the name is ambiguous).',
      ],
    ]);
    const target = rule(
      'cluster: prod-eu',
      'target:',
      '  target_type: APPLICATION',
      '  target_id: a1a1a1a1-0000-4000-8000-000000000301',
      '  service: shop/production/api',
    );
    expect(found(target).map((f) => f.slice(0, 3))).toEqual([[6, 3, 'document.name-and-id']]);
  });

  it('a target in no form, in two, or an id without its type', () => {
    expect(found(rule('cluster: prod-eu', 'target: {}')).map((f) => f.slice(0, 3))).toEqual([
      [3, 1, 'document.target-form'],
    ]);
    expect(
      found(rule('cluster: prod-eu', 'target: {service: shop/production/api, cluster: prod-eu}')).map((f) =>
        f.slice(0, 3),
      ),
    ).toEqual([[3, 40, 'document.target-form']]);
    expect(
      found(rule('cluster: prod-eu', 'target: {target_id: a1a1a1a1-0000-4000-8000-000000000301}'))[0]?.[3],
    ).toBe('`target.target_id` needs its `target_type`.');
  });

  it('a path of the wrong shape names the expected one and the mapping form', () => {
    expect(found(rule('cluster: prod-eu', 'target: {service: shop/api}'))).toEqual([
      [
        3,
        10,
        'name.bad-reference',
        '"shop/api" has 2 parts, expected 3 (project/environment/service). Write it as project/environment/service, ' +
          'or in the mapping form {project: …, environment: …, service: …} when a name holds "/".',
      ],
    ]);
  });

  it('a stated target_type that an environment or cluster target cannot have', () => {
    expect(
      found(rule('cluster: prod-eu', 'target:', '  environment: shop/production', '  target_type: CLUSTER')),
    ).toEqual([
      [
        5,
        3,
        'document.target-type',
        '`target.target_type` is CLUSTER, but a `environment` target is ENVIRONMENT: remove `target_type` or write ENVIRONMENT.',
      ],
    ]);
    expect(
      found(
        rule('cluster: prod-eu', 'target: {service: shop/production/api, target_type: ENVIRONMENT}'),
      )[0]?.[2],
    ).toBe('document.target-type');
  });

  it('a rule needs an id, a cluster name or a cluster id', () => {
    expect(found(rule('target: {service: shop/production/api}'))[0]?.[3]).toBe(
      'needs at least one of `id` or `cluster` or `cluster_id`',
    );
  });

  it("a PlatformComponent's cluster by name, not with its id", () => {
    expect(found(VALID_COMPONENT.replace('provider: AWS}', 'provider: AWS, name: prod-eu}'))).toEqual([]);
    const both = VALID_COMPONENT.replace(
      'provider: AWS}',
      'provider: AWS, name: prod-eu, id: c1a5e7e0-0000-4000-8000-000000000101}',
    );
    expect(found(both).map((f) => f[2])).toEqual(['document.name-and-id']);
  });

  it('two new rules on one cluster by name (under the match rule) with one name are duplicates', () => {
    const text = `${rule('cluster: prod-eu', 'target: {cluster: prod-eu}')}---\n${rule('cluster: " PROD-eu"', 'target: {cluster: prod-eu}')}`;
    expect(parseText(text).diagnostics.map((d) => d.code)).toEqual([
      'document.duplicate-name',
      'document.duplicate-name',
    ]);
  });
});
