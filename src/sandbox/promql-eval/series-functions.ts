/**
 * The functions of the sandbox's subset that work on whole series rather than values (docs/reference/sandbox.md):
 * `label_replace`, `topk`, and a subquery's steps gathered into series for a range function. As
 * Prometheus's promql/functions.go and engine.go compute them.
 */

import type { Sample } from './instant-value.js';
import { BadRegex, type Labels, labelsKey } from './series-data.js';

/** label_replace(v, dst, replacement, src, regex): `dst` set from `src` where the anchored regex matches. */
export function labelReplace(
  samples: readonly Sample[],
  dst: string,
  replacement: string,
  src: string,
  regex: string,
): Sample[] {
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${regex})$`, 'su');
  } catch (error) {
    throw new BadRegex(`invalid regular expression in label_replace(): ${(error as Error).message}`);
  }
  return samples.map((sample) => {
    const match = re.exec(sample.labels[src] ?? '');
    if (match === null) return sample;
    // Go's Expand: $1 and ${1}; a group that did not take part expands to nothing.
    const value = replacement.replace(
      /\$(?:\{(\w+)\}|(\d+))/g,
      (_, braced, bare) => match[Number(braced ?? bare)] ?? '',
    );
    const labels: Record<string, string> = { ...sample.labels };
    if (value === '') delete labels[dst];
    else labels[dst] = value;
    return { labels, value: sample.value };
  });
}

/** topk: the k largest samples of each group (NaN last), with their labels whole. */
export function topk(k: number, samples: readonly Sample[], groupOf: (labels: Labels) => string): Sample[] {
  const count = Math.floor(k);
  if (!(count >= 1)) return [];
  const groups = new Map<string, Sample[]>();
  for (const sample of samples) {
    const key = groupOf(sample.labels);
    const group = groups.get(key) ?? [];
    group.push(sample);
    groups.set(key, group);
  }
  const larger = (a: Sample, b: Sample) =>
    Number.isNaN(a.value) ? 1 : Number.isNaN(b.value) ? -1 : b.value - a.value;
  return [...groups.values()].flatMap((group) => [...group].sort(larger).slice(0, count));
}

/** A subquery's results as series: one per label set, samples oldest first (the shape range functions read). */
export function subquerySeries(
  steps: readonly { readonly timeMs: number; readonly samples: readonly Sample[] }[],
): { labels: Labels; times: number[]; values: number[] }[] {
  const series = new Map<string, { labels: Labels; times: number[]; values: number[] }>();
  for (const { timeMs, samples } of steps) {
    for (const sample of samples) {
      const key = labelsKey(sample.labels);
      const entry = series.get(key) ?? { labels: sample.labels, times: [], values: [] };
      entry.times.push(timeMs);
      entry.values.push(sample.value);
      series.set(key, entry);
    }
  }
  return [...series.values()];
}
