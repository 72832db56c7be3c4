/**
 * Aggregation operators (sum, avg, count, max, min) and the `by` / `without` grouping they share with
 * topk and with vector matching.
 */
import { NO_LABELS, type Sample } from './instant-value.js';
import type { AggregateName, Grouping } from './query-tree.js';
import { derivedLabels, type Labels, labelsKey } from './series-data.js';

export function groupLabels(labels: Labels, grouping: Grouping | null): Labels {
  if (grouping === null) return NO_LABELS;
  return derivedLabels(labels, groupingKey(grouping), (set) => pickLabels(set, grouping));
}

function groupingKey(grouping: Grouping): string {
  return `${grouping.include ? 'by' : 'without'}:${JSON.stringify(grouping.labels)}`;
}

function pickLabels(labels: Labels, grouping: Grouping): Labels {
  const out: Record<string, string> = {};
  if (grouping.include) {
    for (const name of grouping.labels) if (labels[name] !== undefined) out[name] = labels[name]!;
    return out;
  }
  for (const [name, value] of Object.entries(labels)) {
    if (name !== '__name__' && !grouping.labels.includes(name)) out[name] = value;
  }
  return out;
}

export function aggregate(
  op: Exclude<AggregateName, 'topk'>,
  grouping: Grouping | null,
  samples: readonly Sample[],
): Sample[] {
  const groups = new Map<string, { labels: Labels; values: number[] }>();
  for (const sample of samples) {
    const labels = groupLabels(sample.labels, grouping);
    const key = labelsKey(labels);
    const group = groups.get(key) ?? { labels, values: [] };
    group.values.push(sample.value);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ labels, values }) => ({ labels, value: REDUCERS[op](values) }));
}

const sumOf = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** max and min as Prometheus's: a NaN is replaced by any number that follows. */
const REDUCERS: Readonly<Record<Exclude<AggregateName, 'topk'>, (values: readonly number[]) => number>> = {
  sum: sumOf,
  avg: (values) => sumOf(values) / values.length,
  count: (values) => values.length,
  max: (values) => values.reduce((a, b) => (b > a || Number.isNaN(a) ? b : a)),
  min: (values) => values.reduce((a, b) => (b < a || Number.isNaN(a) ? b : a)),
};
