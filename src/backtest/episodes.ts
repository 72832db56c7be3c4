/**
 * When an alert would have fired, from a range query of its expression (docs/decisions/backtest.md).
 *
 * The model is Prometheus's rule evaluation, at the query's step instead of the evaluation interval: at
 * each sample time a series is active when the expression returned a sample for it (the comparison with
 * the threshold already applied). A series that becomes active is pending; once it has been active
 * without a break for `for_duration` it fires, and it stops firing at the first sample time it is absent.
 * An active sample stands for one step: a series firing at its last sample fires until one step later.
 * Pure: no clock, no I/O.
 */
import type { BacktestWindow, FiringFigures, FiringInterval, MetricSeries } from './types.js';

/**
 * Two samples further apart than this many steps leave a gap: the series was absent in between. Not 1
 * exactly: Prometheus's timestamps are floats, and a step of 60 s may read 59.999.
 */
const GAP_STEPS = 1.5;

/**
 * The firing intervals of one series, clipped to the window. Samples before the window start count
 * towards the pending time (the runner asks for `for_duration` before the window), never as firing.
 */
export function seriesFiring(
  values: MetricSeries['values'],
  forSeconds: number,
  window: BacktestWindow,
): FiringInterval[] {
  const step = window.stepSeconds;
  const intervals: FiringInterval[] = [];
  let activeSince: number | null = null;
  let firingSince: number | null = null;
  let last: number | null = null;
  const close = (until: number): void => {
    if (firingSince !== null) push(intervals, firingSince, until, window);
    activeSince = null;
    firingSince = null;
  };
  for (const [time] of values) {
    if (last !== null && time - last > step * GAP_STEPS) close(last + step);
    activeSince ??= time;
    // Pending → firing at the first sample at which the series has been active for `for_duration`.
    if (firingSince === null && time - activeSince >= forSeconds) firingSince = time;
    last = time;
  }
  if (last !== null) close(last + step);
  return intervals;
}

function push(intervals: FiringInterval[], start: number, end: number, window: BacktestWindow): void {
  const from = Math.max(start, window.start);
  const to = Math.min(end, window.end);
  if (to > from) intervals.push({ start: from, end: to });
}

/**
 * The time during which at least one of the series fired: their intervals merged, touching ones joined
 * (one series taking over from another is one alert going on, as a person on call sees it).
 */
export function mergeIntervals(intervals: readonly FiringInterval[]): FiringInterval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const merged: FiringInterval[] = [];
  for (const interval of sorted) {
    const previous = merged.at(-1);
    if (previous && interval.start <= previous.end) {
      merged[merged.length - 1] = { start: previous.start, end: Math.max(previous.end, interval.end) };
    } else {
      merged.push(interval);
    }
  }
  return merged;
}

export function figuresOf(intervals: readonly FiringInterval[]): FiringFigures {
  let firingSeconds = 0;
  let longestSeconds = 0;
  for (const { start, end } of intervals) {
    firingSeconds += end - start;
    longestSeconds = Math.max(longestSeconds, end - start);
  }
  return { fired: intervals.length, firingSeconds, longestSeconds };
}

/** What each series did, and what the alert did as a whole. */
export interface FiringHistory {
  readonly perSeries: readonly { readonly metric: MetricSeries['metric']; readonly figures: FiringFigures }[];
  /** The time at least one series fired, merged. */
  readonly overall: readonly FiringInterval[];
  readonly figures: FiringFigures;
}

export function firingHistory(
  series: readonly MetricSeries[],
  forSeconds: number,
  window: BacktestWindow,
): FiringHistory {
  const all: FiringInterval[] = [];
  const perSeries = series.map((s) => {
    const intervals = seriesFiring(s.values, forSeconds, window);
    all.push(...intervals);
    return { metric: s.metric, figures: figuresOf(intervals) };
  });
  const overall = mergeIntervals(all);
  return { perSeries, overall, figures: figuresOf(overall) };
}
