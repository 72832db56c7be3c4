import type { Sample } from './instant-value.js';
import { derivedLabels, type Labels, labelsKey, withoutName } from './series-data.js';

/**
 * histogram_quantile over classic buckets, as Prometheus's bucketQuantile (promql/quantile.go): buckets
 * sorted by upper bound, the same bound merged, counts made monotonic, linear interpolation inside the
 * bucket that holds the rank; NaN without a +Inf bucket, with fewer than two buckets or no observations.
 */
export interface Bucket {
  readonly upperBound: number;
  readonly count: number;
}

export function bucketQuantile(q: number, input: readonly Bucket[]): number {
  if (Number.isNaN(q)) return Number.NaN;
  if (q < 0) return Number.NEGATIVE_INFINITY;
  if (q > 1) return Number.POSITIVE_INFINITY;
  const sorted = [...input].sort((a, b) => a.upperBound - b.upperBound);
  if (sorted.length === 0 || sorted[sorted.length - 1]!.upperBound !== Number.POSITIVE_INFINITY) {
    return Number.NaN;
  }
  const buckets: { upperBound: number; count: number }[] = [];
  for (const bucket of sorted) {
    const previous = buckets[buckets.length - 1];
    if (previous && previous.upperBound === bucket.upperBound) previous.count += bucket.count;
    else buckets.push({ ...bucket });
  }
  // Counts must not decrease with the bound (scrapes of different buckets at slightly different times).
  for (let i = 1; i < buckets.length; i++) {
    if (buckets[i]!.count < buckets[i - 1]!.count) buckets[i]!.count = buckets[i - 1]!.count;
  }
  if (buckets.length < 2) return Number.NaN;
  const observations = buckets[buckets.length - 1]!.count;
  if (observations === 0) return Number.NaN;
  let rank = q * observations;
  let b = buckets.findIndex((bucket) => bucket.count >= rank);
  if (b === -1) b = buckets.length - 1;
  if (b === buckets.length - 1) return buckets[buckets.length - 2]!.upperBound;
  if (b === 0 && buckets[0]!.upperBound <= 0) return buckets[0]!.upperBound;
  let bucketStart = 0;
  const bucketEnd = buckets[b]!.upperBound;
  let count = buckets[b]!.count;
  if (b > 0) {
    bucketStart = buckets[b - 1]!.upperBound;
    count -= buckets[b - 1]!.count;
    rank -= buckets[b - 1]!.count;
  }
  return bucketStart + (bucketEnd - bucketStart) * (rank / count);
}

/** One histogram's buckets per label set without `le`; series whose `le` is not a number are left out. */
export function histogramQuantile(q: number, samples: readonly Sample[]): Sample[] {
  const groups = new Map<string, { labels: Labels; buckets: { upperBound: number; count: number }[] }>();
  for (const sample of samples) {
    const le = sample.labels.le;
    const upperBound = le === undefined ? Number.NaN : parseBound(le);
    if (Number.isNaN(upperBound)) continue;
    const rest = derivedLabels(withoutName(sample.labels), 'without-le', ({ le: _, ...others }) => others);
    const key = labelsKey(rest);
    const group = groups.get(key) ?? { labels: rest, buckets: [] };
    group.buckets.push({ upperBound, count: sample.value });
    groups.set(key, group);
  }
  return [...groups.values()].map(({ labels, buckets }) => ({ labels, value: bucketQuantile(q, buckets) }));
}

function parseBound(text: string): number {
  if (/^\+?inf$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf$/i.test(text)) return Number.NEGATIVE_INFINITY;
  return text.trim() === '' ? Number.NaN : Number(text);
}
