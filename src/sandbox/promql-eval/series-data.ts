import type { LabelMatcher } from './query-tree.js';

export type Labels = Readonly<Record<string, string>>;

/** One stored series: its labels (`__name__` included) and its samples, oldest first, times in ms. */
export interface StoredSeries {
  readonly labels: Labels;
  readonly times: readonly number[];
  readonly values: readonly number[];
}

/** Where the evaluator finds series: every series the matchers select. */
export interface SeriesSource {
  select(matchers: readonly LabelMatcher[]): readonly StoredSeries[];
}

/** A source over a fixed list of series (the seeded ones, or a test's own). */
export function listSource(series: readonly StoredSeries[]): SeriesSource {
  return {
    select: (matchers) => {
      const tests = matchers.map(matcherTest);
      return series.filter((s) => tests.every((test) => test(s.labels)));
    },
  };
}

/**
 * A matcher as Prometheus applies it: an absent label reads as the empty string, and regular expressions
 * are anchored at both ends. A leading `(?i)` (RE2's flag, which JavaScript spells apart) is honoured;
 * `.` matches a line break, as in Prometheus 3.
 */
export function matcherTest(matcher: LabelMatcher): (labels: Labels) => boolean {
  const value = (labels: Labels) => labels[matcher.name] ?? '';
  switch (matcher.op) {
    case '=':
      return (labels) => value(labels) === matcher.value;
    case '!=':
      return (labels) => value(labels) !== matcher.value;
    case '=~': {
      const re = anchored(matcher.value);
      return (labels) => re.test(value(labels));
    }
    case '!~': {
      const re = anchored(matcher.value);
      return (labels) => !re.test(value(labels));
    }
  }
}

/** Thrown for a regular expression JavaScript cannot read; Prometheus answers such a query bad_data. */
export class BadRegex extends Error {
  override readonly name = 'BadRegex';
}

function anchored(pattern: string): RegExp {
  const insensitive = pattern.startsWith('(?i)');
  const body = insensitive ? pattern.slice(4) : pattern;
  try {
    return new RegExp(`^(?:${body})$`, insensitive ? 'isu' : 'su');
  } catch (error) {
    throw new BadRegex(`invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`);
  }
}

/** Index of the last time at or before `t`, -1 when none. */
export function lastAtOrBefore(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/**
 * Label sets derived from a series' own (its labels without the name, grouped, matched) are computed once
 * per label set and kept: a week at one-minute steps evaluates the same few sets ten thousand times.
 */
const derived = new WeakMap<Labels, Map<string, Labels>>();

/** The label set `derive` makes of `labels`, computed once per set and purpose (`key`). */
export function derivedLabels(labels: Labels, key: string, derive: (labels: Labels) => Labels): Labels {
  let forSet = derived.get(labels);
  if (!forSet) {
    forSet = new Map();
    derived.set(labels, forSet);
  }
  let out = forSet.get(key);
  if (!out) {
    out = derive(labels);
    forSet.set(key, out);
  }
  return out;
}

const keys = new WeakMap<Labels, string>();

/** A stable key of a label set, for grouping and matching. */
export function labelsKey(labels: Labels): string {
  let key = keys.get(labels);
  if (key === undefined) {
    key = JSON.stringify(
      Object.keys(labels)
        .sort()
        .map((name) => [name, labels[name]]),
    );
    keys.set(labels, key);
  }
  return key;
}

export function withoutName(labels: Labels): Labels {
  if (!('__name__' in labels)) return labels;
  return derivedLabels(labels, 'without-name', ({ __name__: _, ...rest }) => rest);
}
