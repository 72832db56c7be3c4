import { describe, expect, it } from 'vitest';
import { checkQuery } from '../../../src/promql/check-query.js';

const flags = (query: string) =>
  checkQuery(query, { operator: 'ABOVE' })
    .filter((f) => f.code === 'promql.needs-feature-flag')
    .map((f) => ({ flag: /--enable-feature=([\w-]+)/.exec(f.message)?.[1], at: query.slice(f.from, f.to) }));

describe('syntax behind a Prometheus feature flag', () => {
  it.each([
    ['limitk(2, up)', 'promql-experimental-functions', 'limitk'],
    ['limit_ratio(0.5, up)', 'promql-experimental-functions', 'limit_ratio'],
    ['sort_by_label(up, "job")', 'promql-experimental-functions', 'sort_by_label'],
    ['info(up, {k8s_cluster_name=~".+"})', 'promql-experimental-functions', 'info'],
    ['mad_over_time(up[5m])', 'promql-experimental-functions', 'mad_over_time'],
    ['min_of(3, 5)', 'promql-experimental-functions', 'min_of'],
    ['rate(up[5m] anchored)', 'promql-extended-range-selectors', 'anchored'],
    ['rate(up[5m] smoothed)', 'promql-extended-range-selectors', 'smoothed'],
    ['up + fill(0) up', 'promql-binop-fill-modifiers', 'fill(0)'],
    ['rate(up[5m + 1m])', 'promql-duration-expr', '5m + 1m'],
    ['up offset (4d / 2)', 'promql-duration-expr', '(4d / 2)'],
    ['max_over_time(up[step()])', 'promql-duration-expr', 'step()'],
  ])('%j is a warning naming %s, at %j', (query, flag, at) => {
    expect(flags(query)).toEqual([{ flag, at }]);
    expect(checkQuery(query).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it.each([
    'rate(up[5m])',
    'up offset -5m',
    'up offset 1h @ 1700000000',
    'topk(3, up)',
    'sum(rate(x[5m:1m]))',
    'rate(x[5m] @ end())',
  ])('%j needs no flag', (query) => {
    expect(flags(query)).toEqual([]);
  });

  it('names each flag once, at its first use', () => {
    expect(flags('limitk(1, up) + limitk(2, sort_by_label(up, "a"))')).toEqual([
      { flag: 'promql-experimental-functions', at: 'limitk' },
    ]);
  });
});
