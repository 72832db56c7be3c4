import { describe, expect, it } from 'vitest';
import { type ClusterMetrics, drawClusterSeries, type Wave } from '../../../src/sandbox/synthetic-series.js';

/** 2026-11-20T00:10:00Z: ten minutes into "today". */
const NOW = Date.UTC(2026, 10, 20, 0, 10);
const MINUTE = 60_000;
const flat = (base: number, extra: Partial<Wave> = {}): Wave => ({
  base,
  amplitude: 0,
  peakMinute: 0,
  noise: 0,
  spikes: [],
  ...extra,
});

function draw(series: ClusterMetrics['series'], historyMinutes = 20): ReturnType<typeof drawClusterSeries> {
  return drawClusterSeries(
    { cluster_id: 'c', intervalMs: MINUTE, historyMs: historyMinutes * MINUTE, series },
    NOW,
  );
}

describe('drawClusterSeries', () => {
  it('samples on the interval from now − history to now, with spikes and gaps at their times of day', () => {
    const [gauge] = draw([
      {
        kind: 'gauge',
        labels: { __name__: 'g' },
        value: flat(1, { spikes: [{ day: 0, minute: 2, minutes: 3, value: 10 }] }),
        gaps: [{ day: -1, minute: 23 * 60 + 55, minutes: 2 }],
        resets: [],
      },
    ]);
    const minute = (t: number) => (t - NOW) / MINUTE;
    expect(gauge!.times.map(minute)).toEqual([
      -20, -19, -18, -17, -16, -13, -12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0,
    ]);
    // The spike from 00:02 to 00:05 (exclusive): minutes −8, −7, −6 from now (00:10).
    expect(gauge!.values.map((v, i) => [minute(gauge!.times[i]!), v]).filter(([, v]) => v! > 1)).toEqual([
      [-8, 11],
      [-7, 11],
      [-6, 11],
    ]);
  });

  it('a counter accumulates its rate per second and restarts at a reset; a gap hides samples, not counts', () => {
    const [counter] = draw(
      [
        {
          kind: 'counter',
          labels: { __name__: 'c_total' },
          value: flat(0.5),
          gaps: [{ day: 0, minute: 6, minutes: 2 }],
          resets: [{ day: 0, minute: 4 }],
        },
      ],
      8,
    );
    // 00:02 … 00:10; 30 per minute; the reset at 00:04; 00:06 and 00:07 missing.
    expect(counter!.values).toEqual([30, 60, 0, 30, 120, 150, 180]);
  });

  it('the daily wave peaks at its time, and the jitter stays within its bound, the same every time', () => {
    const wave = flat(100, { amplitude: 50, peakMinute: 10, noise: 5 });
    const draw1 = draw([{ kind: 'gauge', labels: { __name__: 'w' }, value: wave, gaps: [], resets: [] }]);
    const draw2 = draw([{ kind: 'gauge', labels: { __name__: 'w' }, value: wave, gaps: [], resets: [] }]);
    expect(draw1).toEqual(draw2);
    const last = draw1[0]!.values.at(-1)!;
    expect(Math.abs(last - 150)).toBeLessThanOrEqual(5);
    expect(new Set(draw1[0]!.values.map((v) => Math.round(v))).size).toBeGreaterThan(3);
  });

  it('a histogram gives cumulative buckets, +Inf, _count and _sum', () => {
    const series = draw(
      [
        {
          kind: 'histogram',
          name: 'lat',
          labels: { app: 'a' },
          buckets: [0.1, 1],
          requests: flat(1),
          latency: flat(0.1),
          gaps: [],
        },
      ],
      1,
    );
    expect(series.map((s) => s.labels)).toEqual([
      { app: 'a', __name__: 'lat_bucket', le: '0.1' },
      { app: 'a', __name__: 'lat_bucket', le: '1' },
      { app: 'a', __name__: 'lat_bucket', le: '+Inf' },
      { app: 'a', __name__: 'lat_count' },
      { app: 'a', __name__: 'lat_sum' },
    ]);
    // Two samples of 60 observations each, exponential with mean 0.1 s: 1 − e^−1 of them under 0.1 s.
    const [below, underOne, all, count, sum] = series.map((s) => s.values.at(-1)!);
    expect(below).toBeCloseTo(120 * (1 - Math.exp(-1)), 9);
    expect(underOne).toBeCloseTo(120 * (1 - Math.exp(-10)), 9);
    expect([all, count]).toEqual([120, 120]);
    expect(sum).toBeCloseTo(12, 9);
  });
});
