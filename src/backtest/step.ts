/**
 * The step of a backtest's range query. Prometheus refuses a range query of more than 11,000 points per
 * series; the step is the finest of a few round steps that keeps the whole range (the window and the
 * `for_duration` asked for before it) within that, and never finer than a minute, the service's
 * evaluation interval being no finer. Every figure of the backtest is a multiple of it, and the output
 * says so.
 */

/** Prometheus's limit (`exceeded maximum resolution of 11,000 points per timeseries`). */
export const MAX_POINTS_PER_SERIES = 11_000;

/** Round steps, seconds: a figure reads "at a 5 min resolution", not "at 3 min 47 s". */
const STEPS = [60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400] as const;

/** Points a range query from `start` to `end` at `step` returns per series (both ends included). */
export function pointsOf(rangeSeconds: number, stepSeconds: number): number {
  return Math.floor(rangeSeconds / stepSeconds) + 1;
}

/** The finest round step keeping `rangeSeconds` within the limit; null past a range of 30 years at a day. */
export function chooseStep(rangeSeconds: number): number | null {
  for (const step of STEPS) {
    if (pointsOf(rangeSeconds, step) <= MAX_POINTS_PER_SERIES) return step;
  }
  return null;
}
