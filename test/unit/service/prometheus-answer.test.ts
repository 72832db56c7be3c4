import { describe, expect, it } from 'vitest';
import {
  parsePrometheusMatrix,
  parsePrometheusVector,
} from '../../../src/service/decode/prometheus-answer.js';

const success = (data: unknown) => JSON.stringify({ status: 'success', data });

describe('parsePrometheusMatrix', () => {
  it('reads series with their labels and samples, Prometheus spellings of values included', () => {
    const text = success({
      resultType: 'matrix',
      result: [
        {
          metric: { job: 'api' },
          values: [
            [1700000000, '1.5'],
            [1700000060.5, 'NaN'],
            [1700000120, '+Inf'],
          ],
        },
        { metric: {}, values: [[1700000000, '-Inf']] },
        { metric: { le: '1' }, histograms: [[1700000000, { count: '3' }]] },
      ],
    });
    const reading = parsePrometheusMatrix(text);
    expect(reading).toEqual({
      ok: true,
      resultType: 'matrix',
      series: [
        {
          metric: { job: 'api' },
          values: [
            [1700000000, 1.5],
            [1700000060.5, Number.NaN],
            [1700000120, Number.POSITIVE_INFINITY],
          ],
        },
        { metric: {}, values: [[1700000000, Number.NEGATIVE_INFINITY]] },
        { metric: { le: '1' }, values: [] },
      ],
    });
  });

  it('reads an empty result as no series', () => {
    expect(parsePrometheusMatrix(success({ resultType: 'matrix', result: [] }))).toEqual({
      ok: true,
      resultType: 'matrix',
      series: [],
    });
  });

  it('gives Prometheus errors as a reason', () => {
    const text = JSON.stringify({ status: 'error', errorType: 'bad_data', error: 'parse error' });
    expect(parsePrometheusMatrix(text)).toEqual({
      ok: false,
      reason: 'Prometheus error: bad_data: parse error',
    });
    expect(parsePrometheusMatrix('{"status":"error"}')).toEqual({
      ok: false,
      reason: 'Prometheus error: no message',
    });
  });

  it.each([
    ['<html><body>Sign in</body></html>', 'not JSON (starts with "<html><body>Sign in</body></html>")'],
    ['', 'not JSON (empty)'],
    ['[]', 'not a JSON object'],
    ['{"status":"ok"}', 'status is "ok"'],
    ['{"status":"success"}', 'no data object'],
    [success({ resultType: 'vector', result: [] }), 'resultType is "vector", expected matrix'],
    [success({ resultType: 'matrix', result: {} }), 'data.result is not a list'],
    [success({ resultType: 'matrix', result: [42] }), 'data.result[0]: not an object'],
    [
      success({ resultType: 'matrix', result: [{ metric: { a: 1 }, values: [] }] }),
      'data.result[0]: metric is not an object of strings',
    ],
    [
      success({ resultType: 'matrix', result: [{ metric: {}, values: [[1, 2]] }] }),
      'data.result[0]: a sample that is not [time, "value"]',
    ],
    [
      success({ resultType: 'matrix', result: [{ metric: {}, values: [['1', '2']] }] }),
      'data.result[0]: a sample that is not [time, "value"]',
    ],
    [
      success({ resultType: 'matrix', result: [{ metric: {}, values: [[1, 'many']] }] }),
      'data.result[0]: a sample that is not [time, "value"]',
    ],
    [success({ resultType: 'matrix', result: [{ metric: {} }] }), 'data.result[0]: values is not a list'],
  ])('refuses %s without throwing', (text, why) => {
    expect(parsePrometheusMatrix(text)).toEqual({
      ok: false,
      reason: `unknown shape of the metrics answer: ${why}`,
    });
  });

  it('keeps a reason short when the answer is long', () => {
    const reading = parsePrometheusMatrix(`<html>${'x'.repeat(10_000)}`);
    expect(!reading.ok && reading.reason.length).toBeLessThan(200);
  });
});

describe('parsePrometheusVector', () => {
  it('reads a vector, and a scalar as one series without labels', () => {
    const vector = success({
      resultType: 'vector',
      result: [{ metric: { a: 'b' }, value: [1700000000, '3'] }],
    });
    expect(parsePrometheusVector(vector)).toEqual({
      ok: true,
      resultType: 'vector',
      series: [{ metric: { a: 'b' }, values: [[1700000000, 3]] }],
    });
    expect(parsePrometheusVector(success({ resultType: 'scalar', result: [1700000000, '2'] }))).toEqual({
      ok: true,
      resultType: 'vector',
      series: [{ metric: {}, values: [[1700000000, 2]] }],
    });
  });

  it('reads a series without labels, and one of native histograms only as no samples', () => {
    const vector = success({
      resultType: 'vector',
      result: [{ value: [1, '1'] }, { metric: { h: 'x' }, histogram: [1, { count: '2' }] }],
    });
    expect(parsePrometheusVector(vector)).toEqual({
      ok: true,
      resultType: 'vector',
      series: [
        { metric: {}, values: [[1, 1]] },
        { metric: { h: 'x' }, values: [] },
      ],
    });
  });

  it.each([
    [{ resultType: 'scalar', result: ['1', '2'] }, 'a scalar result that is not [time, "value"]'],
    [{ resultType: 'vector', result: ['x'] }, 'data.result[0]: not an object'],
    [
      { resultType: 'vector', result: [{ metric: [], value: [1, '1'] }] },
      'data.result[0]: metric is not an object of strings',
    ],
    [
      { resultType: 'vector', result: [{ metric: {}, value: [1, ' '] }] },
      'data.result[0]: value is not [time, "value"]',
    ],
    [
      { resultType: 'vector', result: [{ metric: {}, value: [1, 2] }] },
      'data.result[0]: value is not [time, "value"]',
    ],
  ])('refuses %j without throwing', (data, why) => {
    expect(parsePrometheusVector(success(data))).toEqual({
      ok: false,
      reason: `unknown shape of the metrics answer: ${why}`,
    });
  });

  it('refuses a matrix and a malformed sample', () => {
    expect(parsePrometheusVector(success({ resultType: 'matrix', result: [] }))).toEqual({
      ok: false,
      reason: 'unknown shape of the metrics answer: resultType is "matrix", expected vector or scalar',
    });
    const bad = success({ resultType: 'vector', result: [{ metric: {}, value: [1] }] });
    expect(parsePrometheusVector(bad)).toEqual({
      ok: false,
      reason: 'unknown shape of the metrics answer: data.result[0]: value is not [time, "value"]',
    });
  });
});
