/**
 * The answers of the live series queries (live-queries.ts) into what they say about each metric. Pure; the
 * answers are already read by the service's Prometheus decoder. A row without the label a query groups by
 * is left out, never guessed.
 */

import type { PrometheusSeries } from '../service/types/cluster-metrics.js';
import { NAME_COPY } from './live-queries.js';
import type { LabelRow } from './types.js';

/** Metric → its combinations of the used labels now (the name itself removed from each row). */
export function readNow(series: readonly PrometheusSeries[]): Map<string, LabelRow[]> {
  const now = new Map<string, LabelRow[]>();
  for (const { metric } of series) {
    const { __name__: name, ...labels } = metric;
    if (name === undefined) continue;
    const rows = now.get(name) ?? [];
    rows.push(labels);
    now.set(name, rows);
  }
  return now;
}

/** Metric → the last time it was seen (Unix seconds), from the value of each row. */
export function readLastSeen(series: readonly PrometheusSeries[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const { metric, values } of series) {
    const name = metric[NAME_COPY];
    const time = values.at(-1)?.[1];
    if (name === undefined || time === undefined || !Number.isFinite(time)) continue;
    seen.set(name, Math.max(time, seen.get(name) ?? Number.NEGATIVE_INFINITY));
  }
  return seen;
}

/** Metric → the label names of the series the query returned for it, sorted. */
export function readCarried(series: readonly PrometheusSeries[]): Map<string, string[]> {
  const carried = new Map<string, Set<string>>();
  for (const { metric } of series) {
    const name = metric.__name__;
    if (name === undefined) continue;
    const labels = carried.get(name) ?? new Set<string>();
    for (const label of Object.keys(metric)) if (label !== '__name__') labels.add(label);
    carried.set(name, labels);
  }
  return new Map([...carried].map(([name, labels]) => [name, [...labels].sort()]));
}
