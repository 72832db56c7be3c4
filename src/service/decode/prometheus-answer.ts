import { isPlainObject } from '../../core/plain-object.js';
import type { PrometheusReading, PrometheusSeries } from '../types.js';

/**
 * The Prometheus query API's JSON answer, as get-cluster-metrics carries it in `metrics`, read without
 * trusting it: any shape other than Prometheus's documented one gives a reason ("unknown shape: …"), an
 * error answer gives "Prometheus error: …"; nothing here throws. Sample values are Prometheus's strings
 * ("1.5", "NaN", "+Inf"); native histogram samples are not read (a series with only those has no values).
 */
export function parsePrometheusMatrix(text: string): PrometheusReading {
  return parsePrometheusAnswer(text, ['matrix']);
}

/** An instant query's answer: a vector, or a scalar (read as one series without labels). */
export function parsePrometheusVector(text: string): PrometheusReading {
  return parsePrometheusAnswer(text, ['vector', 'scalar']);
}

/** Longest piece of the answer quoted in a reason: the reason is shown to a person, the answer may be huge. */
const QUOTE_MAX = 120;

type ResultType = 'matrix' | 'vector' | 'scalar';

function parsePrometheusAnswer(text: string, expected: readonly ResultType[]): PrometheusReading {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return unknown(`not JSON (${describeText(text)})`);
  }
  if (!isPlainObject(answer)) return unknown('not a JSON object');
  if (answer.status === 'error') {
    const type = typeof answer.errorType === 'string' ? `${clip(answer.errorType)}: ` : '';
    const message = typeof answer.error === 'string' ? clip(answer.error) : 'no message';
    return { ok: false, reason: `Prometheus error: ${type}${message}` };
  }
  if (answer.status !== 'success') return unknown(`status is ${describeValue(answer.status)}`);
  const data = answer.data;
  if (!isPlainObject(data)) return unknown('no data object');
  const resultType = data.resultType;
  if (typeof resultType !== 'string' || !(expected as readonly string[]).includes(resultType)) {
    return unknown(`resultType is ${describeValue(resultType)}, expected ${expected.join(' or ')}`);
  }
  if (resultType === 'scalar') {
    const sample = readSample(data.result);
    if (sample === null) return unknown('a scalar result that is not [time, "value"]');
    return { ok: true, resultType: 'vector', series: [{ metric: {}, values: [sample] }] };
  }
  if (!Array.isArray(data.result)) return unknown('data.result is not a list');
  const series: PrometheusSeries[] = [];
  for (const [index, item] of data.result.entries()) {
    const read = resultType === 'matrix' ? readRangeSeries(item) : readInstantSeries(item);
    if (typeof read === 'string') return unknown(`data.result[${index}]: ${read}`);
    series.push(read);
  }
  return { ok: true, resultType: resultType as 'matrix' | 'vector', series };
}

function readRangeSeries(item: unknown): PrometheusSeries | string {
  if (!isPlainObject(item)) return 'not an object';
  const metric = readLabels(item.metric);
  if (metric === null) return 'metric is not an object of strings';
  if (item.values === undefined && item.histograms !== undefined) return { metric, values: [] };
  if (!Array.isArray(item.values)) return 'values is not a list';
  const values: (readonly [number, number])[] = [];
  for (const raw of item.values) {
    const sample = readSample(raw);
    if (sample === null) return 'a sample that is not [time, "value"]';
    values.push(sample);
  }
  return { metric, values };
}

function readInstantSeries(item: unknown): PrometheusSeries | string {
  if (!isPlainObject(item)) return 'not an object';
  const metric = readLabels(item.metric);
  if (metric === null) return 'metric is not an object of strings';
  if (item.value === undefined && item.histogram !== undefined) return { metric, values: [] };
  const sample = readSample(item.value);
  if (sample === null) return 'value is not [time, "value"]';
  return { metric, values: [sample] };
}

function readLabels(value: unknown): Record<string, string> | null {
  if (value === undefined) return {};
  if (!isPlainObject(value)) return null;
  const labels: Record<string, string> = {};
  for (const [name, label] of Object.entries(value)) {
    if (typeof label !== 'string') return null;
    labels[name] = label;
  }
  return labels;
}

/** `[1700000000.123, "42"]`: Unix seconds and the value as Prometheus writes it. */
function readSample(value: unknown): readonly [number, number] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [time, text] = value as [unknown, unknown];
  if (typeof time !== 'number' || !Number.isFinite(time)) return null;
  const number = sampleValue(text);
  return number === null ? null : [time, number];
}

/** Prometheus writes values as Go's FormatFloat: plain numbers, "NaN", "+Inf", "-Inf". */
function sampleValue(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  if (text === 'NaN') return Number.NaN;
  if (text === '+Inf' || text === 'Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  if (text.trim() === '') return null;
  const number = Number(text);
  return Number.isNaN(number) ? null : number;
}

function unknown(why: string): PrometheusReading {
  return { ok: false, reason: `unknown shape of the metrics answer: ${why}` };
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  // What JSON.parse gives is always JSON again.
  return clip(JSON.stringify(value));
}

function describeText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  return `starts with ${JSON.stringify(clip(trimmed.replace(/\s+/g, ' ')))}`;
}

function clip(text: string): string {
  return text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
}
