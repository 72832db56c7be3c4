/**
 * When a rule fired over the window, as a reviewer sees it at a glance: minutes of firing per hour (a
 * window of two days or less) or per day, and the same as a Unicode sparkline for where no chart is drawn
 * (the terminal, a Markdown renderer without Mermaid).
 */
import type { BacktestWindow, FiringInterval } from './types.js';

const HOUR = 3_600;
const DAY = 86_400;

/** The length of one bar: an hour for a window of two days or less, a day beyond. */
export function bucketSeconds(windowSeconds: number): number {
  return windowSeconds <= 2 * DAY ? HOUR : DAY;
}

/**
 * Where the chart's first bar starts: the UTC hour or day the window starts in, so that a bar labelled
 * "Nov 20" is Nov 20 (the first and last bars may hold only part of theirs).
 */
export function firstBucketStart(window: Pick<BacktestWindow, 'start' | 'end'>): number {
  const size = bucketSeconds(window.end - window.start);
  return Math.floor(window.start / size) * size;
}

/** Minutes of firing in each UTC hour or day the window touches, the first from firstBucketStart. */
export function firingMinutesPerBucket(
  intervals: readonly FiringInterval[],
  window: Pick<BacktestWindow, 'start' | 'end'>,
): number[] {
  const size = bucketSeconds(window.end - window.start);
  const origin = firstBucketStart(window);
  const count = Math.max(1, Math.ceil((window.end - origin) / size));
  const minutes = new Array<number>(count).fill(0);
  for (const { start, end } of intervals) {
    for (let i = Math.max(0, Math.floor((start - origin) / size)); i < count; i++) {
      const from = origin + i * size;
      const to = from + size;
      if (from >= end) break;
      const overlap = Math.min(end, to) - Math.max(start, from);
      if (overlap > 0) minutes[i]! += overlap / 60;
    }
  }
  return minutes.map((m) => Math.round(m));
}

const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/**
 * One character per bucket: `▁` for none, then up to `█` for `max` (shared by the proposed and live
 * lines, so that the two compare). Any firing at all shows above the floor.
 */
export function sparkline(values: readonly number[], max = Math.max(0, ...values)): string {
  return values
    .map((v) => {
      if (v <= 0 || max <= 0) return BARS[0];
      return BARS[Math.max(1, Math.min(BARS.length - 1, Math.round((v / max) * (BARS.length - 1))))];
    })
    .join('');
}
