import { describe, expect, it } from 'vitest';
import { firingHistory, mergeIntervals, seriesFiring } from '../../../src/backtest/episodes.js';
import type { MetricSeries } from '../../../src/backtest/types.js';

/** Samples every `step` seconds from `from` to `to`, both included, each with value 1. */
function samples(from: number, to: number, step = 60): [number, number][] {
  const out: [number, number][] = [];
  for (let t = from; t <= to; t += step) out.push([t, 1]);
  return out;
}
const HOUR = { start: 0, end: 3600, stepSeconds: 60 };
const series = (values: [number, number][], name = 'a'): MetricSeries => ({ metric: { name }, values });

describe('one series, by hand', () => {
  it('fires from its first sample without for_duration, and one step past its last', () => {
    // 11 samples 600…1200: firing [600, 1260).
    expect(seriesFiring(samples(600, 1200), 0, HOUR)).toEqual([{ start: 600, end: 1260 }]);
  });

  it('is pending for for_duration first', () => {
    // Active from 600; 900 − 600 = 300 s: fires at 900, until 1260.
    expect(seriesFiring(samples(600, 1200), 300, HOUR)).toEqual([{ start: 900, end: 1260 }]);
  });

  it('ends at a gap and starts again after it, pending anew', () => {
    const gapped = [...samples(600, 900), ...samples(1020, 1200)]; // 960 missing
    expect(seriesFiring(gapped, 0, HOUR)).toEqual([
      { start: 600, end: 960 },
      { start: 1020, end: 1260 },
    ]);
    // for 240 s: the first fires at 840 (until the gap at 960); the second is active 1020…1200, 180 s < 240 s.
    expect(seriesFiring(gapped, 240, HOUR)).toEqual([{ start: 840, end: 960 }]);
  });

  it('never fires when for_duration is longer than the episode', () => {
    // Active 600…780 (4 samples, 180 s since the first): never 300 s.
    expect(seriesFiring(samples(600, 780), 300, HOUR)).toEqual([]);
  });

  it('with a step coarser than for_duration, fires at the second sample and keeps the step as its unit', () => {
    const window = { start: 0, end: 3600, stepSeconds: 600 };
    // Active at 0, 600, 1200; absent at 1800; active at 2400 only.
    const values: [number, number][] = [
      [0, 1],
      [600, 1],
      [1200, 1],
      [2400, 1],
    ];
    // 600 − 0 ≥ 300: fires at 600; the gap closes it one step after 1200. The lone sample at 2400 is pending only.
    expect(seriesFiring(values, 300, window)).toEqual([{ start: 600, end: 1800 }]);
    // Without for_duration the lone sample is one step of firing.
    expect(seriesFiring(values, 0, window)).toEqual([
      { start: 0, end: 1800 },
      { start: 2400, end: 3000 },
    ]);
  });

  it('counts samples before the window as pending time, never as firing', () => {
    const window = { start: 600, end: 3600, stepSeconds: 60 };
    // Active since 300: 600 − 300 = 300 s, so it fires from the window's start.
    expect(seriesFiring(samples(300, 900), 300, window)).toEqual([{ start: 600, end: 960 }]);
    // Active since 420: fires at 720.
    expect(seriesFiring(samples(420, 900), 300, window)).toEqual([{ start: 720, end: 960 }]);
  });

  it('clips an episode still firing to the window end', () => {
    expect(seriesFiring(samples(3000, 3540), 0, HOUR)).toEqual([{ start: 3000, end: 3600 }]);
  });

  it('tolerates float timestamps a step apart', () => {
    const values: [number, number][] = [
      [600, 1],
      [659.999, 1],
      [720.001, 1],
    ];
    expect(seriesFiring(values, 0, HOUR)).toEqual([{ start: 600, end: 780.001 }]);
  });
});

describe('several series', () => {
  it('counts each series, and the alert as the merged time at least one fires', () => {
    const a = series(samples(600, 900), 'a'); // [600, 960)
    const b = series(samples(840, 1200), 'b'); // [840, 1260)
    const c = series(samples(1800, 1860), 'c'); // [1800, 1920)
    const history = firingHistory([a, b, c], 0, HOUR);
    expect(history.perSeries.map((s) => s.figures)).toEqual([
      { fired: 1, firingSeconds: 360, longestSeconds: 360 },
      { fired: 1, firingSeconds: 420, longestSeconds: 420 },
      { fired: 1, firingSeconds: 120, longestSeconds: 120 },
    ]);
    expect(history.overall).toEqual([
      { start: 600, end: 1260 },
      { start: 1800, end: 1920 },
    ]);
    expect(history.figures).toEqual({ fired: 2, firingSeconds: 780, longestSeconds: 660 });
  });

  it('joins one series taking over from another, and counts a series with no sample as none', () => {
    expect(
      mergeIntervals([
        { start: 960, end: 1200 },
        { start: 600, end: 960 },
      ]),
    ).toEqual([{ start: 600, end: 1200 }]);
    expect(firingHistory([series([])], 0, HOUR).figures).toEqual({
      fired: 0,
      firingSeconds: 0,
      longestSeconds: 0,
    });
  });
});
