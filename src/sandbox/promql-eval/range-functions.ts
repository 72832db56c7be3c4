/**
 * The functions of a range vector, as Prometheus computes them (promql/functions.go) over one series'
 * samples in the window (t − range, t] (left-open, as in Prometheus 3). Each returns null where
 * Prometheus gives no sample: too few samples in the window.
 */

/** The samples of one series inside one window, oldest first; times in ms. */
export interface Window {
  readonly times: readonly number[];
  readonly values: readonly number[];
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
  const { times, values } = window;
  const n = times.length;
  if (n < 2) return null;
  const first = values[0]!;
  const last = values[n - 1]!;
  let result = last - first;
  if (isCounter) {
    for (let i = 1; i < n; i++) {
      if (values[i]! < values[i - 1]!) result += values[i - 1]!;
    }
  }
  const rangeSeconds = (window.endMs - window.startMs) / 1000;
  const sampled = (times[n - 1]! - times[0]!) / 1000;
  const average = sampled / (n - 1);
  const threshold = average * 1.1;
  let toStart = (times[0]! - window.startMs) / 1000;
  let toEnd = (window.endMs - times[n - 1]!) / 1000;
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
  const { times, values } = window;
  const n = times.length;
  if (n < 2) return null;
  const last = values[n - 1]!;
  const previous = values[n - 2]!;
  const change = last < previous ? last : last - previous;
  const seconds = (times[n - 1]! - times[n - 2]!) / 1000;
  return seconds === 0 ? null : change / seconds;
}

function overTime(reduce: (values: readonly number[]) => number): RangeFunction {
  return (window) => (window.values.length === 0 ? null : reduce(window.values));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** max and min as Prometheus's: NaN only when every value is NaN. */
function extreme(pick: (a: number, b: number) => boolean) {
  return (values: readonly number[]) => {
    let out = values[0]!;
    for (const value of values.slice(1)) {
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
  avg_over_time: overTime((values) => sum(values) / values.length),
  max_over_time: overTime(extreme((a, b) => a > b)),
  min_over_time: overTime(extreme((a, b) => a < b)),
  sum_over_time: overTime(sum),
  count_over_time: overTime((values) => values.length),
  last_over_time: overTime((values) => values[values.length - 1]!),
};
