import { describe, expect, it } from 'vitest';
import { checkQuery, queryError } from '../../../src/promql/check-query.js';

const codes = (query: string, operator = 'ABOVE') => checkQuery(query, { operator }).map((f) => f.code);

describe('checkQuery', () => {
  it('reports an operator between range vectors at each operand, as Prometheus does, and not the sum around', () => {
    const findings = checkQuery('sum(x[5m] + y[5m])', { operator: 'ABOVE' });
    expect(findings.map(({ code, from, to }) => ({ code, from, to }))).toEqual([
      { code: 'promql.type', from: 4, to: 9 },
      { code: 'promql.type', from: 12, to: 17 },
    ]);
  });

  it('stays silent where the library and Prometheus disagree: several __name__ matchers inside braces', () => {
    expect(codes('{__name__=~"pg_settings_.*",__name__!="pg_settings_x"} > 0', 'NONE')).toEqual([]);
    // Outside and inside the braces, Prometheus refuses it too.
    expect(codes('foo{__name__="bar"}')).toEqual(['promql.type']);
  });

  it('refuses a metric name set twice by a quoted name, however the braces are written', () => {
    for (const query of [
      'foo{"bar"}',
      'foo{job="x", "bar"}',
      'foo{ # the name\n "bar"}',
      "sum(foo{'bar'})",
    ]) {
      expect(checkQuery(query)[0]?.message, query).toMatch(/^metric name must not be set twice/);
    }
    expect(codes('foo{job="x"}')).toEqual([]);
  });

  it('warns of a regular expression without special characters in every way it can be written', () => {
    for (const query of [
      'up{job=~"api"}',
      "up{job!~'api'}",
      'up{job=~`api`}',
      'up{job=~ # the job\n "api"}',
    ]) {
      expect(codes(query), query).toEqual(['promql.plain-regex']);
    }
    expect(codes('up{job=~"api|web"} or up{env=~"prod.*"}')).toEqual([]);
  });

  it('warns of no comparison with operator NONE only where nothing compares or filters', () => {
    expect(codes('sum(rate(x[5m]))', 'NONE')).toEqual(['promql.no-comparison']);
    expect(codes('(sum(rate(x[5m])) > 1)', 'NONE')).toEqual([]);
    expect(codes('sum(rate(x[5m]) > 1)', 'NONE')).toEqual([]);
  });

  it('type-checks a query that starts with a comment', () => {
    expect(checkQuery('# per second\nrate(x)')[0]?.message).toMatch(
      /expected type matrix in call to function "rate"/,
    );
    expect(codes('# c\nfoo{__name__="bar"}')).toEqual(['promql.type']);
    expect(codes('# per second\nrate(x[5m]) # of x')).toEqual([]);
  });

  it('gives one syntax finding, however much follows the first error', () => {
    expect(codes('sum bye (job) (rate(x)) + ) (')).toEqual(['promql.syntax']);
  });

  it.each([
    ['absent(up{job="api"})', 'NONE'],
    ['up unless on(job) up{env="prod"}', 'NONE'],
    ['x > bool 1', 'ABOVE'],
    ['sum(x{a=~""})', 'ABOVE'],
    ['sum(x{a=~"api|web"})', 'ABOVE'],
    ['rate(x[5m])[30m:1m] @ end() offset 1h', 'NONE'],
  ])('has no lint finding for %j with operator %s', (query, operator) => {
    expect(codes(query, operator).filter((c) => c !== 'promql.result-type')).toEqual([]);
  });

  it('names the function an unknown one begins, else the nearest', () => {
    expect(checkQuery('rat(x[5m])')[0]!.message).toContain('did you mean `rate`?');
    expect(checkQuery('histogram_quantil(0.9, x)')[0]!.message).toContain('`histogram_quantile`');
  });

  it('queryError is the first error, or null for a query that parses (warnings included)', () => {
    expect(queryError('up{job=~"api"}')).toBeNull();
    expect(queryError('up ==')).toMatch(/ends after `==`/);
  });

  it.each([
    'up{job=~"api"}',
    'up',
    'sum(rate(x[5m])) > 0',
    'up ==',
    'sum bye (job) (x)',
    'sum(x[5m] + y[5m])',
    'rate(x)',
    'x[5m]',
    '"text"',
    'foo{__name__="bar"}',
    '{__name__=~"a.*", __name__!="ab"} > 0',
    '(a + b)[5m]',
  ])('queryError of %j is the message of checkQuery’s first error, whatever the operator', (query) => {
    for (const operator of ['NONE', 'ABOVE']) {
      const first = checkQuery(query, { operator }).find((f) => f.severity === 'error');
      expect(queryError(query)).toBe(first?.message ?? null);
    }
  });
});
