import { parseDuration } from '../promql-eval/query-api.js';
import type { ClusterMetrics, Interval, MetricDefinition, TimeOfDay, Wave } from '../synthetic-series.js';
import type { SeedReader } from './seed-reader.js';

const DEFAULT_INTERVAL = '60s';
const DEFAULT_HISTORY = '8d';
const LABEL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const METRIC_NAME = /^[A-Za-z_:][A-Za-z0-9_:]*$/;

/** One `metrics` entry: a cluster's seeded series (src/sandbox/synthetic-series.ts says how they are drawn). */
export function readClusterMetrics(item: SeedReader): ClusterMetrics {
  const intervalMs = duration(item, 'interval', DEFAULT_INTERVAL);
  const historyMs = duration(item, 'history', DEFAULT_HISTORY);
  if (historyMs < intervalMs) item.field('history').fail('must be at least one interval');
  return {
    cluster_id: item.field('cluster_id').uuid(),
    intervalMs,
    historyMs,
    series: item.field('series').items().map(readDefinition),
  };
}

function readDefinition(item: SeedReader): MetricDefinition {
  const labels = readLabels(item.field('labels'));
  const gaps = item.field('gaps').optionalItems().map(readInterval);
  if (item.has('histogram')) {
    const name = item.field('histogram').string();
    if (!METRIC_NAME.test(name)) item.field('histogram').fail(`"${name}" is not a metric name`);
    const buckets = item
      .field('buckets')
      .items()
      .map((b) => number(b));
    if (buckets.length === 0) item.field('buckets').fail('a histogram needs at least one bucket bound');
    return {
      kind: 'histogram',
      name,
      labels,
      buckets,
      requests: readWave(item.field('requests')),
      latency: readWave(item.field('latency')),
      gaps,
    };
  }
  if (typeof labels.__name__ !== 'string' || !METRIC_NAME.test(labels.__name__)) {
    item.field('labels').fail('a series needs a metric name in __name__ (or `histogram:` for a histogram)');
  }
  const kind = item.has('type') ? item.field('type').oneOf(['gauge', 'counter'] as const) : 'gauge';
  const resets = item.field('resets').optionalItems().map(readTimeOfDay);
  if (kind === 'gauge' && resets.length > 0) item.field('resets').fail('only a counter resets');
  return { kind, labels, value: readWave(item.field('value')), gaps, resets };
}

function readLabels(item: SeedReader): Record<string, string> {
  if (item.value === undefined) return {};
  const labels: Record<string, string> = {};
  for (const [name, value] of Object.entries(item.object())) {
    if (!LABEL_NAME.test(name)) item.field(name).fail(`"${name}" is not a label name`);
    labels[name] = typeof value === 'number' ? String(value) : item.field(name).string();
  }
  return labels;
}

/** A number, or a mapping `{base, daily: {amplitude, peak}, noise, spikes}`. */
function readWave(item: SeedReader): Wave {
  if (typeof item.value === 'number')
    return { base: item.value, amplitude: 0, peakMinute: 0, noise: 0, spikes: [] };
  item.object();
  const daily = item.has('daily') ? item.field('daily') : null;
  return {
    base: number(item.field('base')),
    amplitude: daily ? number(daily.field('amplitude')) : 0,
    peakMinute: daily ? minuteOfDay(daily.field('peak')) : 0,
    noise: item.has('noise') ? number(item.field('noise')) : 0,
    spikes: item
      .field('spikes')
      .optionalItems()
      .map((spike) => ({ ...readInterval(spike), value: number(spike.field('value')) })),
  };
}

function readTimeOfDay(item: SeedReader): TimeOfDay {
  const day = number(item.field('day'));
  if (!Number.isInteger(day) || day > 0)
    item.field('day').fail('expected 0 (today) or a negative whole number of days');
  return { day, minute: minuteOfDay(item.field('at')) };
}

function readInterval(item: SeedReader): Interval {
  const minutes = number(item.field('minutes'));
  if (!(minutes > 0)) item.field('minutes').fail('expected a positive number of minutes');
  return { ...readTimeOfDay(item), minutes };
}

/** `HH:MM`, UTC. */
function minuteOfDay(item: SeedReader): number {
  const text = item.string();
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match) item.fail(`expected a time of day such as 03:30 (UTC), found "${text}"`);
  return Number(match![1]) * 60 + Number(match![2]);
}

/** A duration as Prometheus's API reads one (`60s`, `8d`, or seconds); the sandbox reads its seed alike. */
function duration(item: SeedReader, key: string, fallback: string): number {
  const text = item.has(key) ? item.field(key).string() : fallback;
  const ms = parseDuration(text, key);
  if (typeof ms === 'string' || ms <= 0) {
    item.field(key).fail(`expected a Prometheus duration such as 60s or 8d, found "${text}"`);
  }
  return ms as number;
}

function number(item: SeedReader): number {
  if (typeof item.value !== 'number' || !Number.isFinite(item.value)) {
    item.fail(`expected a number, found ${JSON.stringify(item.value) ?? 'nothing'}`);
  }
  return item.value as number;
}
