import { EvaluationError, Evaluator, type InstantValue, type Sample } from './evaluate.js';
import { type PrometheusApiAnswer, prometheusError, sampleTime, sampleValue } from './prometheus-json.js';
import { InvalidQuery, readQuery, UnsupportedQuery } from './read-query.js';
import { BadRegex, type Labels, labelsKey, type SeriesSource } from './series-data.js';

/** Prometheus refuses a range query of more points per series than this (web/api/v1/api.go). */
export const MAX_POINTS_PER_SERIES = 11_000;

/** Prometheus's words for it, kept exactly: clients may recognise them. */
export const TOO_MANY_POINTS =
  'exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)';

/**
 * Prometheus's `api/v1/query_range`: the expression at start, start + step, …, end, as a matrix. The
 * parameters are read as Prometheus reads them; what it refuses, and what the sandbox does not evaluate,
 * is answered with its error shape (bad_data).
 */
export function queryRange(
  source: SeriesSource,
  params: { readonly query: string; readonly start?: string; readonly end?: string; readonly step?: string },
): PrometheusApiAnswer {
  const start = parseTime(params.start, 'start');
  if (typeof start === 'string') return prometheusError('bad_data', start);
  const end = parseTime(params.end, 'end');
  if (typeof end === 'string') return prometheusError('bad_data', end);
  if (end < start) return prometheusError('bad_data', 'end timestamp must not be before start time');
  const step = parseDuration(params.step, 'step');
  if (typeof step === 'string') return prometheusError('bad_data', step);
  if (step <= 0) {
    return prometheusError(
      'bad_data',
      'zero or negative query resolution step widths are not accepted. Try a positive integer',
    );
  }
  // Go divides the durations as integers (nanoseconds): the same as flooring here.
  if (Math.floor((end - start) / step) > MAX_POINTS_PER_SERIES)
    return prometheusError('bad_data', TOO_MANY_POINTS);
  return withQuery(source, params.query, (evaluate) => {
    const series = new Map<string, { metric: Labels; values: [number, string][] }>();
    for (let t = start; t <= end; t += step) {
      for (const sample of samplesOf(evaluate(t))) {
        const key = labelsKey(sample.labels);
        let entry = series.get(key);
        if (!entry) {
          entry = { metric: sample.labels, values: [] };
          series.set(key, entry);
        }
        entry.values.push([sampleTime(t), sampleValue(sample.value)]);
      }
    }
    const result = [...series.entries()].sort(([a], [b]) => compareKeys(a, b)).map(([, s]) => s);
    return { status: 'success', data: { resultType: 'matrix', result } };
  });
}

/** Prometheus's `api/v1/query`: the expression at `time` (default: now), as a vector or a scalar. */
export function queryInstant(
  source: SeriesSource,
  params: { readonly query: string; readonly time?: string },
  nowMs: number,
): PrometheusApiAnswer {
  const time = params.time === undefined || params.time === '' ? nowMs : parseTime(params.time, 'time');
  if (typeof time === 'string') return prometheusError('bad_data', time);
  return withQuery(source, params.query, (evaluate) => {
    const value = evaluate(time);
    if (value.kind === 'scalar') {
      return {
        status: 'success',
        data: { resultType: 'scalar', result: [sampleTime(time), sampleValue(value.value)] },
      };
    }
    const result = [...value.samples]
      .sort((a, b) => compareKeys(labelsKey(a.labels), labelsKey(b.labels)))
      .map((s) => ({ metric: s.labels, value: [sampleTime(time), sampleValue(s.value)] as const }));
    return { status: 'success', data: { resultType: 'vector', result } };
  });
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function withQuery(
  source: SeriesSource,
  query: string,
  answer: (evaluate: (timeMs: number) => InstantValue) => PrometheusApiAnswer,
): PrometheusApiAnswer {
  try {
    const tree = readQuery(query);
    const evaluator = new Evaluator(source);
    return answer((timeMs) => evaluator.at(tree, timeMs));
  } catch (error) {
    if (error instanceof InvalidQuery)
      return prometheusError('bad_data', `invalid parameter "query": ${error.message}`);
    if (error instanceof UnsupportedQuery || error instanceof BadRegex)
      return prometheusError('bad_data', error.message);
    if (error instanceof EvaluationError) return prometheusError('execution', error.message);
    throw error;
  }
}

/** A scalar result in a range query is one series without labels, as in Prometheus. */
function samplesOf(value: InstantValue): readonly Sample[] {
  return value.kind === 'scalar' ? [{ labels: {}, value: value.value }] : value.samples;
}

/**
 * A time parameter as Prometheus reads it (parseTime): Unix seconds, possibly fractional, or RFC 3339.
 * Milliseconds, or the error message.
 */
export function parseTime(text: string | undefined, name: string): number | string {
  const raw = text ?? '';
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw)) {
    const seconds = Number(raw);
    if (Number.isFinite(seconds)) return Math.round(seconds * 1000);
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(raw)) {
    const ms = Date.parse(raw);
    if (!Number.isNaN(ms)) return ms;
  }
  return `invalid parameter "${name}": cannot parse "${raw}" to a valid timestamp`;
}

/** A duration parameter as Prometheus reads it (parseDuration): seconds, or a duration such as `1m30s`. */
export function parseDuration(text: string | undefined, name: string): number | string {
  const raw = text ?? '';
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw)) {
    const seconds = Number(raw);
    if (Number.isFinite(seconds)) return Math.round(seconds * 1000);
  }
  const match = /^(?:(\d+)y)?(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/.exec(raw);
  if (match && raw !== '') {
    const units = [365 * 86_400_000, 7 * 86_400_000, 86_400_000, 3_600_000, 60_000, 1_000, 1];
    return units.reduce((sum, unit, i) => sum + Number(match[i + 1] ?? 0) * unit, 0);
  }
  return `invalid parameter "${name}": cannot parse "${raw}" to a valid duration`;
}
