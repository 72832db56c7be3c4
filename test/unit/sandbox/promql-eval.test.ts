import { describe, expect, it } from 'vitest';
import { EvaluationError, Evaluator, type InstantValue } from '../../../src/sandbox/promql-eval/evaluate.js';
import { bucketQuantile } from '../../../src/sandbox/promql-eval/histogram-quantile.js';
import { sampleValue } from '../../../src/sandbox/promql-eval/prometheus-json.js';
import {
  parseDuration,
  parseTime,
  queryInstant,
  queryRange,
  TOO_MANY_POINTS,
} from '../../../src/sandbox/promql-eval/query-api.js';
import type { QueryNode } from '../../../src/sandbox/promql-eval/query-tree.js';
import { readQuery, UnsupportedQuery } from '../../../src/sandbox/promql-eval/read-query.js';
import { listSource, type StoredSeries } from '../../../src/sandbox/promql-eval/series-data.js';

/** Samples every minute from t = 0 s, as [seconds, value] pairs; `null` is a missing sample. */
function series(
  labels: Record<string, string>,
  values: readonly (number | null)[],
  stepS = 60,
): StoredSeries {
  const times: number[] = [];
  const kept: number[] = [];
  values.forEach((value, i) => {
    if (value === null) return;
    times.push(i * stepS * 1000);
    kept.push(value);
  });
  return { labels, times, values: kept };
}

/** A counter that restarts once: 0, 60, 120, then 30 (reset), 90. */
const counter = series({ __name__: 'jobs_total', job: 'worker' }, [0, 60, 120, 30, 90]);
/** The same, starting at 100: the extrapolation towards the window's start is not cut at zero. */
const offsetCounter = series({ __name__: 'jobs_total', job: 'late' }, [100, 160, 220, 130, 190]);
const gauges = [
  series({ __name__: 'queue', job: 'x', instance: '1' }, [1, 1, 1, 1, 1]),
  series({ __name__: 'queue', job: 'x', instance: '2' }, [2, 2, 2, 2, 2]),
  series({ __name__: 'queue', job: 'y', instance: '3' }, [4, 4, 4, 4, 4]),
];
const limits = [
  series({ __name__: 'limit', job: 'x', instance: '1' }, [10, 10, 10, 10, 10]),
  series({ __name__: 'limit', job: 'x', instance: '2' }, [4, 4, 4, 4, 4]),
];
/** Samples at 0 s and 60 s, then nothing until 600 s. */
const gappy = series({ __name__: 'gappy' }, [5, 6, null, null, null, null, null, null, null, null, 7]);
const buckets = [
  series({ __name__: 'lat_bucket', le: '0.1' }, [10]),
  series({ __name__: 'lat_bucket', le: '0.5' }, [30]),
  series({ __name__: 'lat_bucket', le: '+Inf' }, [40]),
];
const source = listSource([counter, offsetCounter, ...gauges, ...limits, gappy, ...buckets]);

function at(query: string, seconds: number): InstantValue {
  return new Evaluator(source).at(readQuery(query), seconds * 1000);
}

function values(query: string, seconds: number): Record<string, number> {
  const value = at(query, seconds);
  if (value.kind === 'scalar') return { scalar: value.value };
  return Object.fromEntries(value.samples.map((s) => [JSON.stringify(s.labels), s.value]));
}

describe('range functions over a counter with a reset', () => {
  it('increase adds the value before the reset, extrapolated as Prometheus does', () => {
    // 90 − 0 + 120 (the reset) = 210 over 240 s sampled; the window (−60 s, 240 s] starts 60 s before the
    // first sample, but a counter starting at 0 is not extrapolated back past zero: factor 1.
    expect(values('increase(jobs_total{job="worker"}[5m])', 240)).toEqual({ '{"job":"worker"}': 210 });
    expect(values('rate(jobs_total{job="worker"}[5m])', 240)['{"job":"worker"}']).toBeCloseTo(0.7, 12);
  });

  it('extrapolates to the window start when the counter would not reach zero there', () => {
    // 190 − 100 + 220 = 310; zero would be 240·100/310 ≈ 77 s back, beyond the 60 s to the start:
    // (240 + 60) / 240 = 1.25, so 387.5, and 387.5 / 300 s for the rate.
    expect(values('increase(jobs_total{job="late"}[5m])', 240)).toEqual({ '{"job":"late"}': 387.5 });
    expect(values('rate(jobs_total{job="late"}[5m])', 240)['{"job":"late"}']).toBeCloseTo(387.5 / 300, 12);
  });

  it('leaves the sample on the window start out (left-open), and cuts at zero', () => {
    // (120 s, 240 s] holds 30 and 90: 60 over 60 s; zero lies 30 s before 30, nearer than the 60 s to the
    // start: (60 + 30) / 60 = 1.5, so 90.
    expect(values('increase(jobs_total{job="worker"}[2m])', 240)).toEqual({ '{"job":"worker"}': 90 });
  });

  it('gives nothing with fewer than two samples in the window', () => {
    expect(values('rate(jobs_total{job="worker"}[1m])', 240)).toEqual({});
  });

  it('irate reads the last two samples; delta does not correct resets', () => {
    expect(values('irate(jobs_total{job="worker"}[5m])', 240)).toEqual({ '{"job":"worker"}': 1 });
    // 90 − 0 = 90 over 240 s sampled, extrapolated by the 60 s to the start (< 1.1 × 60 s): 90 · 300 / 240.
    expect(values('delta(jobs_total{job="worker"}[5m])', 240)).toEqual({ '{"job":"worker"}': 112.5 });
  });

  it('the *_over_time functions read the window', () => {
    const q = (fn: string) => values(`${fn}(jobs_total{job="worker"}[3m])`, 240)['{"job":"worker"}'];
    // (60 s, 240 s]: 120, 30, 90.
    expect(q('avg_over_time')).toBe(80);
    expect(q('max_over_time')).toBe(120);
    expect(q('min_over_time')).toBe(30);
    expect(q('sum_over_time')).toBe(240);
    expect(q('count_over_time')).toBe(3);
    expect(values('last_over_time(jobs_total{job="worker"}[3m])', 240)).toEqual({
      '{"__name__":"jobs_total","job":"worker"}': 90,
    });
  });
});

describe('instant selectors and the 5-minute lookback', () => {
  it('finds the latest sample up to 5 minutes old, and not one exactly 5 minutes old', () => {
    expect(values('gappy', 60)).toEqual({ '{"__name__":"gappy"}': 6 });
    expect(values('gappy', 359)).toEqual({ '{"__name__":"gappy"}': 6 });
    expect(values('gappy', 360)).toEqual({});
    expect(values('gappy', 600)).toEqual({ '{"__name__":"gappy"}': 7 });
  });

  it('applies every kind of matcher, an absent label reading as empty', () => {
    expect(Object.keys(values('queue{job="x"}', 0))).toHaveLength(2);
    expect(Object.keys(values('queue{job!="x"}', 0))).toHaveLength(1);
    expect(Object.keys(values('queue{instance=~"1|3"}', 0))).toHaveLength(2);
    expect(Object.keys(values('queue{instance!~"[12]"}', 0))).toHaveLength(1);
    // Anchored: "1" does not match "1|3"'s parts partially.
    expect(Object.keys(values('queue{instance=~"."}', 0))).toHaveLength(3);
    expect(Object.keys(values('queue{missing=""}', 0))).toHaveLength(3);
    expect(Object.keys(values('{__name__=~"queue|limit", instance="1"}', 0))).toHaveLength(2);
  });
});

describe('aggregations', () => {
  it('sum, avg, min, max and count, by and without labels', () => {
    expect(values('sum by (job) (queue)', 0)).toEqual({ '{"job":"x"}': 3, '{"job":"y"}': 4 });
    expect(values('sum without (instance) (queue)', 0)).toEqual({ '{"job":"x"}': 3, '{"job":"y"}': 4 });
    expect(values('avg by (job) (queue)', 0)).toEqual({ '{"job":"x"}': 1.5, '{"job":"y"}': 4 });
    expect(values('max(queue)', 0)).toEqual({ '{}': 4 });
    expect(values('min(queue)', 0)).toEqual({ '{}': 1 });
    expect(values('count(queue)', 0)).toEqual({ '{}': 3 });
    expect(values('sum(rate(jobs_total[5m]))', 240)['{}']).toBeCloseTo(0.7 + 387.5 / 300, 12);
  });
});

describe('binary operations', () => {
  it('compares with a scalar by filtering, keeping the vector sample whichever side it stands', () => {
    expect(values('queue > 1', 0)).toEqual({
      '{"__name__":"queue","job":"x","instance":"2"}': 2,
      '{"__name__":"queue","job":"y","instance":"3"}': 4,
    });
    expect(values('2 < queue', 0)).toEqual({ '{"__name__":"queue","job":"y","instance":"3"}': 4 });
    expect(values('queue > bool 1', 0)).toEqual({
      '{"job":"x","instance":"1"}': 0,
      '{"job":"x","instance":"2"}': 1,
      '{"job":"y","instance":"3"}': 1,
    });
    expect(values('sum(queue) >= 7', 0)).toEqual({ '{}': 7 });
    expect(values('sum(queue) >= 8', 0)).toEqual({});
  });

  it('computes with scalars and between vectors of the same labels', () => {
    expect(values('sum(queue) * 60 - 20', 0)).toEqual({ '{}': 400 });
    expect(values('queue / limit', 0)).toEqual({
      '{"job":"x","instance":"1"}': 0.1,
      '{"job":"x","instance":"2"}': 0.5,
    });
    expect(values('sum(queue) / max(limit)', 0)).toEqual({ '{}': 0.7 });
    expect(values('queue / on (instance) limit', 0)).toEqual({
      '{"instance":"1"}': 0.1,
      '{"instance":"2"}': 0.5,
    });
    expect(values('queue > limit', 0)).toEqual({});
    expect(values('1 - queue{instance="2"} / limit', 0)).toEqual({ '{"job":"x","instance":"2"}': 0.5 });
    expect(values('-(2 ^ 3) % 5 + (time() - 60) / 60', 120)).toEqual({ scalar: -3 + 1 });
  });

  it('abs, clamp_min, clamp_max and clamp', () => {
    expect(values('abs(queue{instance="1"} - 3)', 0)).toEqual({ '{"job":"x","instance":"1"}': 2 });
    expect(values('clamp_min(queue{job="y"}, 5)', 0)).toEqual({ '{"job":"y","instance":"3"}': 5 });
    expect(values('clamp_max(queue{job="y"}, 3)', 0)).toEqual({ '{"job":"y","instance":"3"}': 3 });
    expect(values('clamp(queue{job="y"}, 0, 1)', 0)).toEqual({ '{"job":"y","instance":"3"}': 1 });
  });

  it('functions of each value, round, absent, scalar and vector', () => {
    const y = '{"job":"y","instance":"3"}';
    const of = (fn: string) => values(`${fn}(queue{job="y"})`, 0)[y];
    expect([of('sqrt'), of('log2'), of('log10'), of('ln'), of('exp'), of('sgn')]).toEqual([
      2,
      2,
      Math.log10(4),
      Math.log(4),
      Math.exp(4),
      1,
    ]);
    expect(values('ceil(queue{job="y"} / 3)', 0)[y]).toBe(2);
    expect(values('floor(queue{job="y"} / 3)', 0)[y]).toBe(1);
    expect(values('round(queue{job="y"} / 8)', 0)[y]).toBe(1);
    expect(values('round(queue{job="y"} / 3, 0.5)', 0)[y]).toBe(1.5);
    expect(values('absent(queue)', 0)).toEqual({});
    expect(values('absent(nothing{job="x", env="a", env="b", zone=~"z"})', 0)).toEqual({ '{"job":"x"}': 1 });
    expect(values('absent(sum(nothing))', 0)).toEqual({ '{}': 1 });
    expect(values('scalar(max(queue))', 0)).toEqual({ scalar: 4 });
    expect(values('scalar(queue)', 0)).toEqual({ scalar: Number.NaN });
    expect(values('vector(time())', 60)).toEqual({ '{}': 60 });
  });

  it('histogram_quantile interpolates in the bucket holding the rank', () => {
    // rank 20 of 40 lies in (0.1, 0.5], 10 of its 20: 0.1 + 0.4 · 0.5.
    expect(values('histogram_quantile(0.5, lat_bucket)', 0)['{}']).toBeCloseTo(0.3, 12);
    // rank 36 lies in the +Inf bucket: the largest finite bound.
    expect(values('histogram_quantile(0.9, sum by (le) (lat_bucket))', 0)).toEqual({ '{}': 0.5 });
    expect(bucketQuantile(0.5, [{ upperBound: 1, count: 3 }])).toBeNaN();
  });
});

describe('the query API', () => {
  it('query_range evaluates at every step, start and end included', () => {
    const answer = queryRange(source, { query: 'sum(queue) > bool 6', start: '0', end: '240', step: '60' });
    expect(answer).toEqual({
      status: 'success',
      data: {
        resultType: 'matrix',
        result: [{ metric: {}, values: [0, 60, 120, 180, 240].map((t) => [t, '1']) }],
      },
    });
  });

  it('a series appears only at the steps where it has a value', () => {
    const answer = queryRange(source, { query: 'gappy', start: '0', end: '600', step: '120' });
    expect(answer.status === 'success' && answer.data.result).toEqual([
      {
        metric: { __name__: 'gappy' },
        values: [
          [0, '5'],
          [120, '6'],
          [240, '6'],
          [600, '7'],
        ],
      },
    ]);
  });

  it('refuses more than 11,000 points per series, with Prometheus words', () => {
    const ok = queryRange(source, { query: 'queue', start: '0', end: String(11_000 * 60), step: '60' });
    expect(ok.status).toBe('success');
    const refused = queryRange(source, { query: 'queue', start: '0', end: String(11_001 * 60), step: '1m' });
    expect(refused).toEqual({ status: 'error', errorType: 'bad_data', error: TOO_MANY_POINTS });
  });

  it('answers bad_data for parameters Prometheus refuses', () => {
    const refuse = (params: Record<string, string>) =>
      queryRange(source, { query: 'queue', start: '0', end: '60', step: '60', ...params });
    expect(refuse({ start: 'yesterday' })).toMatchObject({
      errorType: 'bad_data',
      error: 'invalid parameter "start": cannot parse "yesterday" to a valid timestamp',
    });
    expect(refuse({ end: '-60' })).toMatchObject({ error: 'end timestamp must not be before start time' });
    expect(refuse({ step: '0' })).toMatchObject({
      error: 'zero or negative query resolution step widths are not accepted. Try a positive integer',
    });
    expect(refuse({ step: 'often' })).toMatchObject({
      error: 'invalid parameter "step": cannot parse "often" to a valid duration',
    });
  });

  it('answers bad_data naming what the sandbox does not evaluate, and Prometheus syntax errors', () => {
    const error = (query: string) => {
      const answer = queryInstant(source, { query }, 0);
      return answer.status === 'error' ? `${answer.errorType}: ${answer.error}` : 'success';
    };
    expect(error('predict_linear(queue[5m], 60)')).toMatch(
      /^bad_data: the function predict_linear\(\) .* not supported/,
    );
    expect(error('absent_over_time(queue[5m])')).toMatch(
      /^bad_data: the function absent_over_time\(\) .* not supported/,
    );
    expect(error('bottomk(1, queue)')).toMatch(/^bad_data: the aggregation bottomk .* not supported/);
    expect(error('rate(queue[5m:])')).toMatch(
      /^bad_data: a subquery without a plain range and step .* not supported/,
    );
    expect(error('label_replace(queue, "a", "$1", "job", "(")')).toMatch(
      /^bad_data: invalid regular expression in label_replace\(\)/,
    );
    expect(error('sum(queue')).toMatch(/^bad_data: invalid parameter "query": /);
    expect(error('queue / on (job) limit')).toMatch(/^execution: .*many-to-many/);
    expect(error('queue{job=~"("}')).toMatch(/^bad_data: /);
  });

  it('evaluates what the live series check asks: topk, label_replace, timestamp and subqueries', () => {
    const vector = (query: string, time = '240') => {
      const answer = queryInstant(source, { query, time }, 0);
      if (answer.status !== 'success' || answer.data.resultType !== 'vector')
        throw new Error(JSON.stringify(answer));
      return answer.data.result.map((r) => ({ ...r.metric, value: r.value[1] }));
    };
    // topk keeps each group's largest sample with its labels whole; NaN last; k below 1 keeps nothing.
    expect(vector('topk by (job) (1, queue)')).toEqual([
      { __name__: 'queue', job: 'x', instance: '2', value: '2' },
      { __name__: 'queue', job: 'y', instance: '3', value: '4' },
    ]);
    expect(vector('topk(0, queue)')).toEqual([]);
    // label_replace: $1 and ${1}; no match leaves the sample; an empty result removes the label.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: label_replace's own ${1}, not a template
    expect(vector('label_replace(queue{instance="3"}, "copy", "${1}-$1", "job", "(.)")')).toEqual([
      { __name__: 'queue', job: 'y', instance: '3', copy: 'y-y', value: '4' },
    ]);
    expect(vector('label_replace(queue{instance="3"}, "job", "", "instance", "3")')).toEqual([
      { __name__: 'queue', instance: '3', value: '4' },
    ]);
    expect(vector('label_replace(queue{instance="3"}, "job", "z", "instance", "9")')[0]).toMatchObject({
      job: 'y',
    });
    // timestamp: a selector's own sample time; anything else, the evaluation time.
    expect(vector('timestamp(queue{instance="1"})', '270')).toEqual([
      { job: 'x', instance: '1', value: '240' },
    ]);
    expect(vector('timestamp(sum(queue))', '270')).toEqual([{ value: '270' }]);
    // A subquery: steps on multiples of 1m in (t − 3m, t]: 480, 540, 600. The last sample (240 s) is
    // within the 5-minute lookback at 480 only: the last step at which each job had a series.
    expect(vector('max_over_time(timestamp(count by (job) (queue))[3m:1m])', '600')).toEqual([
      { job: 'x', value: '480' },
      { job: 'y', value: '480' },
    ]);
  });

  it('query answers a vector at the given time, or a scalar', () => {
    expect(queryInstant(source, { query: 'max(queue)', time: '60' }, 0)).toEqual({
      status: 'success',
      data: { resultType: 'vector', result: [{ metric: {}, value: [60, '4'] }] },
    });
    expect(queryInstant(source, { query: '1 + 1' }, 120_000)).toEqual({
      status: 'success',
      data: { resultType: 'scalar', result: [120, '2'] },
    });
  });

  it('reads times and durations as Prometheus does, and writes values as Go does', () => {
    expect(parseTime('1700000000.5', 'start')).toBe(1_700_000_000_500);
    expect(parseTime('2026-11-20T12:00:00Z', 'start')).toBe(Date.UTC(2026, 10, 20, 12));
    expect(parseDuration('1m30s', 'step')).toBe(90_000);
    expect(parseDuration('15', 'step')).toBe(15_000);
    expect(
      [1e-7, 1e21, -2.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY].map(sampleValue),
    ).toEqual(['0.0000001', '1000000000000000000000', '-2.5', 'NaN', '+Inf', '-Inf']);
  });
});

describe('the evaluator at its edges', () => {
  it('the remaining comparisons, a negated vector, and bool between scalars', () => {
    expect(Object.keys(values('queue == 2', 0))).toHaveLength(1);
    expect(Object.keys(values('queue != 2', 0))).toHaveLength(2);
    expect(Object.keys(values('queue <= 2', 0))).toHaveLength(2);
    expect(values('-queue{instance="3"}', 0)).toEqual({ '{"job":"y","instance":"3"}': -4 });
    expect(values('+queue{instance="3"}', 0)).toEqual({ '{"__name__":"queue","job":"y","instance":"3"}': 4 });
    expect(values('1 < bool 2', 0)).toEqual({ scalar: 1 });
    expect(values('clamp(queue{job="y"}, 5, 1)', 0)).toEqual({});
  });

  it('matches with ignoring, and refuses many-to-one matching on the left', () => {
    expect(values('queue{instance="1"} / ignoring (instance) limit{instance="1"}', 0)).toEqual({
      '{"job":"x"}': 0.1,
    });
    expect(() => at('queue / on (job) max by (job) (limit)', 0)).toThrow(
      /many-to-one matching must be explicit/,
    );
  });

  it('a range function over a window without samples gives nothing; one far from the start is extrapolated by half an interval', () => {
    expect(values('max_over_time(gappy[2m])', 400)).toEqual({});
    // gappy has samples at 0 s and 60 s only. In the window (−240 s, 60 s] the start lies 240 s before the
    // first sample, more than 1.1 intervals: extrapolated by half an interval, 30 s; the end is the last
    // sample. delta = (6 − 5) · (60 + 30 + 0) / 60.
    expect(values('delta(gappy[5m])', 60)).toEqual({ '{}': 1.5 });
    // At 120 s the end lies 60 s after the last sample (< 66 s): to the end; the start 180 s before: 30 s.
    expect(values('delta(gappy[5m])', 120)).toEqual({ '{}': (60 + 30 + 60) / 60 });
    // At 400 s in (−200 s, 400 s] both edges lie more than 1.1 intervals away: half an interval each.
    expect(values('delta(gappy[10m])', 400)).toEqual({ '{}': (60 + 30 + 30) / 60 });
  });

  it('irate reads a reset as a restart, and gives nothing with one sample', () => {
    // At 180 s the last two samples are 120 then 30: the counter restarted, 30 over 60 s.
    expect(values('irate(jobs_total{job="worker"}[5m])', 180)).toEqual({ '{"job":"worker"}': 0.5 });
    expect(values('irate(jobs_total{job="worker"}[1m])', 180)).toEqual({});
  });

  it('histogram buckets without a usable le are left out; bounds read as Prometheus writes them', () => {
    const own = listSource([
      series({ __name__: 'h_bucket', le: '-Inf' }, [0]),
      series({ __name__: 'h_bucket', le: '1' }, [5]),
      series({ __name__: 'h_bucket', le: 'Inf' }, [10]),
      series({ __name__: 'h_bucket', le: 'many' }, [10]),
      series({ __name__: 'h_bucket', le: '' }, [10]),
      series({ __name__: 'h_bucket' }, [10]),
    ]);
    const quantile = (q: number) => new Evaluator(own).at(readQuery(`histogram_quantile(${q}, h_bucket)`), 0);
    // Rank 7.5 of 10 lies in the Inf bucket: the largest finite bound, 1 (`many`, `` and none are left out).
    expect(quantile(0.75)).toEqual({ kind: 'vector', samples: [{ labels: {}, value: 1 }] });
    expect(quantile(0)).toEqual({
      kind: 'vector',
      samples: [{ labels: {}, value: Number.NEGATIVE_INFINITY }],
    });
  });

  it('bucketQuantile as Prometheus: out-of-range quantiles, no +Inf, merged bounds, monotonic counts', () => {
    const inf = Number.POSITIVE_INFINITY;
    const b = (upperBound: number, count: number) => ({ upperBound, count });
    expect(bucketQuantile(-0.1, [b(1, 1), b(inf, 2)])).toBe(Number.NEGATIVE_INFINITY);
    expect(bucketQuantile(1.1, [b(1, 1), b(inf, 2)])).toBe(inf);
    expect(bucketQuantile(Number.NaN, [b(1, 1), b(inf, 2)])).toBeNaN();
    expect(bucketQuantile(0.5, [b(1, 1), b(2, 2)])).toBeNaN();
    expect(bucketQuantile(0.5, [])).toBeNaN();
    expect(bucketQuantile(0.5, [b(1, 0), b(inf, 0)])).toBeNaN();
    // Two series of the bound 1 are one bucket (1 + 1 = 2 of 4); the 3 below it is raised to it.
    expect(bucketQuantile(0.5, [b(2, 3), b(1, 1), b(1, 1), b(inf, 4)])).toBe(1);
    // The rank in the first bucket of a bound at or below zero is that bound.
    expect(bucketQuantile(0.1, [b(-1, 2), b(1, 3), b(inf, 4)])).toBe(-1);
  });

  it('refuses trees it cannot evaluate, whoever built them', () => {
    const evaluator = new Evaluator(source);
    const selector = readQuery('queue');
    const range = { kind: 'range', selector, rangeMs: 60_000 } as QueryNode;
    expect(() => evaluator.at(range, 0)).toThrow(EvaluationError);
    expect(() => evaluator.at({ kind: 'call', name: 'rate', args: [selector] }, 0)).toThrow(
      /expects a range vector/,
    );
    expect(() =>
      evaluator.at({ kind: 'call', name: 'abs', args: [{ kind: 'number', value: 1 }] }, 0),
    ).toThrow(/expected an instant vector/);
    expect(() => evaluator.at({ kind: 'call', name: 'clamp_min', args: [selector, selector] }, 0)).toThrow(
      /expected a scalar/,
    );
    expect(() => evaluator.at({ kind: 'call', name: 'nope' as never, args: [] }, 0)).toThrow(
      /nope\(\) is not evaluated/,
    );
  });
});

describe('offset and the set operators', () => {
  it('offset moves a selector back (or forward), a range with it', () => {
    expect(values('jobs_total{job="worker"} offset 1m', 240)).toEqual({
      '{"__name__":"jobs_total","job":"worker"}': 30,
    });
    expect(values('increase(jobs_total{job="worker"}[2m] offset 1m)', 300)).toEqual({
      '{"job":"worker"}': 90,
    });
    expect(values('gappy offset -1m', 540)).toEqual({ '{"__name__":"gappy"}': 7 });
  });

  it('and, or and unless match on every label but the name, or on the ones named', () => {
    const names = (query: string) => Object.keys(values(query, 0)).sort();
    const queue = (instance: string, job = 'x') =>
      `{"__name__":"queue","job":"${job}","instance":"${instance}"}`;
    const limit = (instance: string) => `{"__name__":"limit","job":"x","instance":"${instance}"}`;
    expect(names('queue and limit')).toEqual([queue('1'), queue('2')]);
    expect(names('queue unless limit')).toEqual([queue('3', 'y')]);
    expect(names('limit or queue')).toEqual([limit('1'), limit('2'), queue('3', 'y')].sort());
    expect(names('queue and on (job) limit{instance="2"}')).toEqual([queue('1'), queue('2')]);
    expect(names('queue unless ignoring (instance) limit')).toEqual([queue('3', 'y')]);
  });
});

describe('the query tree', () => {
  it('reads quoted names, comments and durations written in other units', () => {
    expect(readQuery('{"queue", job="x"} # the queue\n')).toMatchObject({
      kind: 'selector',
      matchers: [
        { name: '__name__', op: '=', value: 'queue' },
        { name: 'job', op: '=', value: 'x' },
      ],
    });
    expect(readQuery('sum(\n  queue # all of it\n)')).toMatchObject({ kind: 'aggregate', op: 'sum' });
    expect(readQuery('{"queue", "job"="x"}')).toMatchObject({ matchers: [{}, { name: 'job', value: 'x' }] });
    expect(readQuery('rate(queue[1h30m])')).toMatchObject({ args: [{ rangeMs: 5_400_000 }] });
  });

  it.each([
    ['queue @ 100', 'the @ modifier'],
    ['max_over_time(queue[5m+1m])', 'a range that is not a plain duration'],
    ['queue + fill(0) limit', 'the modifier fill(0)'],
    ['queue + on (job) group_left limit', 'group_left / group_right'],
    ['rate(queue[5m] anchored)', 'the expression AnchoredExpr'],
  ])('names what it does not evaluate: %s', (query, named) => {
    expect(() => readQuery(query)).toThrow(UnsupportedQuery);
    expect(() => readQuery(query)).toThrow(named);
  });

  it('a regular expression RE2 reads and JavaScript does not is bad_data', () => {
    const answer = queryInstant(source, { query: 'queue{job=~"(?P<name>x)"}' }, 0);
    expect(answer).toMatchObject({ status: 'error', errorType: 'bad_data' });
  });

  it('answers bad_data for an instant query at a time it cannot read, and passes other failures on', () => {
    expect(queryInstant(source, { query: 'queue', time: 'noon' }, 0)).toMatchObject({
      error: 'invalid parameter "time": cannot parse "noon" to a valid timestamp',
    });
    expect(queryRange(source, { query: 'queue', end: '60', step: '60' })).toMatchObject({
      error: 'invalid parameter "start": cannot parse "" to a valid timestamp',
    });
    const broken = {
      select: () => {
        throw new TypeError('broken source');
      },
    };
    expect(() => queryInstant(broken, { query: 'queue' }, 0)).toThrow('broken source');
  });
});
