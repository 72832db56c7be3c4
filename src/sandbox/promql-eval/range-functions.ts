/**
 * The functions of a range vector, as Prometheus computes them (promql/functions.go) over one series'
 * samples in the window (t − range, t] (left-open, as in Prometheus 3). Each returns null where
 * Prometheus gives no sample: too few samples in the window.
 */

/**
 * The samples of one series inside one window: indexes `first` to `last` (both included) of the series'
 * own arrays, oldest first, times in ms. Read in place: a long range at many steps copies nothing.
 */
export interface Window {
  readonly times: readonly number[];
  readonly values: readonly number[];
  readonly first: number;
  readonly last: number;
  /** The window's bounds in ms: (startMs, endMs]. */
  readonly startMs: number;
  readonly endMs: number;
}

export type RangeFunction = (window: Window) => number | null;

/**
 * rate, increase and delta: the change over the samples, corrected for counter resets (counters only),
 * then extrapolated towards the window's edges as Prometheus's extrapolatedRate does: to an edge when the
 * first or last sample lies within 1.1 average sample intervals of it, else by half an interval; and a
 * counter never back past the time it would have been zero.
 */
function extrapolatedRate(window: Window, isCounter: boolean, isRate: boolean): number | null {
  const { times, values, first: i0, last: i1 } = window;
  const intervals = i1 - i0;
  if (intervals < 1) return null;
  const first = values[i0]!;
  let result = values[i1]! - first;
  if (isCounter) {
    for (let i = i0 + 1; i <= i1; i++) {
      if (values[i]! < values[i - 1]!) result += values[i - 1]!;
    }
  }
  const rangeSeconds = (window.endMs - window.startMs) / 1000;
  const sampled = (times[i1]! - times[i0]!) / 1000;
  const average = sampled / intervals;
  const threshold = average * 1.1;
  let toStart = (times[i0]! - window.startMs) / 1000;
  let toEnd = (window.endMs - times[i1]!) / 1000;
  if (toStart >= threshold) toStart = average / 2;
  if (isCounter && result > 0 && first >= 0) {
    const toZero = sampled * (first / result);
    if (toZero < toStart) toStart = toZero;
  }
  if (toEnd >= threshold) toEnd = average / 2;
  let factor = (sampled + toStart + toEnd) / sampled;
  if (isRate) factor /= rangeSeconds;
  return result * factor;
}

/** irate: the last two samples, a reset read as a restart from zero. */
function instantRate(window: Window): number | null {
  const { times, values, first, last } = window;
  if (last - first < 1) return null;
  const latest = values[last]!;
  const previous = values[last - 1]!;
  const change = latest < previous ? latest : latest - previous;
  // Two samples of one series never share a time: the interval is never zero.
  return change / ((times[last]! - times[last - 1]!) / 1000);
}

/** A reduction of the window's values; the window always holds at least one sample (evaluate.ts). */
function overTime(reduce: (values: readonly number[], first: number, last: number) => number): RangeFunction {
  return (window) => reduce(window.values, window.first, window.last);
}

function sum(values: readonly number[], first: number, last: number): number {
  let total = 0;
  for (let i = first; i <= last; i++) total += values[i]!;
  return total;
}

/** max and min as Prometheus's: NaN only when every value is NaN. */
function extreme(pick: (a: number, b: number) => boolean) {
  return (values: readonly number[], first: number, last: number) => {
    let out = values[first]!;
    for (let i = first + 1; i <= last; i++) {
      const value = values[i]!;
      if (pick(value, out) || Number.isNaN(out)) out = value;
    }
    return out;
  };
}

export const RANGE_FUNCTION_BODIES: Readonly<Record<string, RangeFunction>> = {
  rate: (w) => extrapolatedRate(w, true, true),
  increase: (w) => extrapolatedRate(w, true, false),
  delta: (w) => extrapolatedRate(w, false, false),
  irate: instantRate,
  avg_over_time: overTime((values, first, last) => sum(values, first, last) / (last - first + 1)),
  max_over_time: overTime(extreme((a, b) => a > b)),
  min_over_time: overTime(extreme((a, b) => a < b)),
  sum_over_time: overTime(sum),
  count_over_time: overTime((_, first, last) => last - first + 1),
  last_over_time: overTime((values, _, last) => values[last]!),
};
