import type { StoredSeries } from './promql-eval/series-data.js';

/**
 * Seeded time series, described compactly (fixtures/sandbox/metrics.yaml) and drawn as samples on demand:
 * a base value, a daily wave, spikes and gaps at given times of given days, counter resets. Every value is
 * a function of the sample's time and of "now" (days are counted from the UTC day of now), so the same
 * clock gives the same series, and a week at one-minute resolution is never written out.
 */
export interface ClusterMetrics {
  readonly cluster_id: string;
  /** Scrape interval in ms: samples lie on its multiples. */
  readonly intervalMs: number;
  /** How far back from now the series go, in ms. */
  readonly historyMs: number;
  readonly series: readonly MetricDefinition[];
}

export type MetricDefinition =
  | {
      readonly kind: 'gauge' | 'counter';
      readonly labels: Readonly<Record<string, string>>;
      /** A gauge's value; a counter's increase per second. */
      readonly value: Wave;
      readonly gaps: readonly Interval[];
      /** Counters only: the counter restarts from zero at these times. */
      readonly resets: readonly TimeOfDay[];
    }
  | {
      readonly kind: 'histogram';
      /** The histogram's name: series `<name>_bucket` (one per `le`), `<name>_count` and `<name>_sum`. */
      readonly name: string;
      readonly labels: Readonly<Record<string, string>>;
      readonly buckets: readonly number[];
      /** Observations per second. */
      readonly requests: Wave;
      /** Mean observed value; observations are spread exponentially around it. */
      readonly latency: Wave;
      readonly gaps: readonly Interval[];
    };

/** A value over time: base, plus a daily wave peaking at `peakMinute` (UTC), plus spikes, plus noise. */
export interface Wave {
  readonly base: number;
  readonly amplitude: number;
  readonly peakMinute: number;
  /** Largest deterministic jitter added to each sample, either way. */
  readonly noise: number;
  readonly spikes: readonly (Interval & { readonly value: number })[];
}

/** A time on a day counted from the day of now (0 today, −1 yesterday), UTC. */
export interface TimeOfDay {
  readonly day: number;
  readonly minute: number;
}

export interface Interval extends TimeOfDay {
  readonly minutes: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Every series a cluster's definitions describe, with samples from now − history to now. */
export function drawClusterSeries(metrics: ClusterMetrics, nowMs: number): StoredSeries[] {
  const times: number[] = [];
  const first = Math.ceil((nowMs - metrics.historyMs) / metrics.intervalMs) * metrics.intervalMs;
  for (let t = first; t <= nowMs; t += metrics.intervalMs) times.push(t);
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return metrics.series.flatMap((definition) => {
    const salt = labelsSalt(definition);
    return definition.kind === 'histogram'
      ? drawHistogram(definition, times, today, salt, metrics.intervalMs)
      : [drawSimple(definition, times, today, salt, metrics.intervalMs)];
  });
}

/** The label sets a cluster's definitions give, without drawing any sample (to select before drawing). */
export function seriesLabels(definition: MetricDefinition): Readonly<Record<string, string>>[] {
  if (definition.kind !== 'histogram') return [definition.labels];
  return [
    ...[...definition.buckets.map(String), '+Inf'].map((le) => ({
      ...definition.labels,
      __name__: `${definition.name}_bucket`,
      le,
    })),
    { ...definition.labels, __name__: `${definition.name}_count` },
    { ...definition.labels, __name__: `${definition.name}_sum` },
  ];
}

function drawSimple(
  definition: Extract<MetricDefinition, { kind: 'gauge' | 'counter' }>,
  times: readonly number[],
  today: number,
  salt: number,
  intervalMs: number,
): StoredSeries {
  const resets = new Set(definition.resets.map((r) => alignedTime(r, today, intervalMs)));
  const kept: number[] = [];
  const values: number[] = [];
  let total = 0;
  for (const t of times) {
    const value = waveAt(definition.value, t, today, salt);
    if (definition.kind === 'counter') {
      total = resets.has(t) ? 0 : total + Math.max(0, value) * (intervalMs / 1000);
    }
    if (inAny(definition.gaps, t, today)) continue;
    kept.push(t);
    values.push(definition.kind === 'counter' ? total : value);
  }
  return { labels: definition.labels, times: kept, values };
}

function drawHistogram(
  definition: Extract<MetricDefinition, { kind: 'histogram' }>,
  times: readonly number[],
  today: number,
  salt: number,
  intervalMs: number,
): StoredSeries[] {
  const bounds = [...definition.buckets, Number.POSITIVE_INFINITY];
  const labels = seriesLabels(definition);
  const columns = labels.map(() => [] as number[]);
  const totals = labels.map(() => 0);
  const kept: number[] = [];
  for (const t of times) {
    const observations = Math.max(0, waveAt(definition.requests, t, today, salt)) * (intervalMs / 1000);
    const mean = Math.max(1e-9, waveAt(definition.latency, t, today, salt + 1));
    bounds.forEach((le, i) => {
      totals[i]! += observations * (le === Number.POSITIVE_INFINITY ? 1 : 1 - Math.exp(-le / mean));
    });
    totals[bounds.length]! += observations;
    totals[bounds.length + 1]! += observations * mean;
    if (inAny(definition.gaps, t, today)) continue;
    kept.push(t);
    for (const [i, total] of totals.entries()) columns[i]!.push(total);
  }
  return labels.map((set, i) => ({ labels: set, times: kept, values: columns[i]! }));
}

function waveAt(wave: Wave, t: number, today: number, salt: number): number {
  const minuteOfDay = (((t % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS;
  let value = wave.base + wave.amplitude * Math.cos((2 * Math.PI * (minuteOfDay - wave.peakMinute)) / 1440);
  for (const spike of wave.spikes) if (within(spike, t, today)) value += spike.value;
  if (wave.noise > 0) value += wave.noise * (2 * unitHash(t / MINUTE_MS, salt) - 1);
  return value;
}

function startOf(at: TimeOfDay, today: number): number {
  return today + at.day * DAY_MS + at.minute * MINUTE_MS;
}

function alignedTime(at: TimeOfDay, today: number, intervalMs: number): number {
  return Math.ceil(startOf(at, today) / intervalMs) * intervalMs;
}

function within(interval: Interval, t: number, today: number): boolean {
  const start = startOf(interval, today);
  return t >= start && t < start + interval.minutes * MINUTE_MS;
}

function inAny(intervals: readonly Interval[], t: number, today: number): boolean {
  return intervals.some((interval) => within(interval, t, today));
}

/** A number of the definition's own labels, so that two series never jitter alike, whatever else is drawn. */
function labelsSalt(definition: MetricDefinition): number {
  const text = JSON.stringify([definition.kind === 'histogram' ? definition.name : '', definition.labels]);
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) >>> 0;
  return h;
}

/** A deterministic number in [0, 1) from a sample's minute and the series' salt (a small integer hash). */
function unitHash(minute: number, salt: number): number {
  let h = (Math.floor(minute) ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
