import { describe, expect, it } from 'vitest';
import { durationSeconds, sameDuration } from '../../../src/plan/duration.js';

describe('durations', () => {
  it('reads weeks, days, hours, minutes and seconds', () => {
    expect(durationSeconds('PT5M')).toBe(300);
    expect(durationSeconds('PT300S')).toBe(300);
    expect(durationSeconds('P1DT1H')).toBe(90_000);
    expect(durationSeconds('P1W')).toBe(604_800);
    expect(durationSeconds('PT1.5M')).toBe(90);
    expect(durationSeconds('pt30s')).toBe(30);
  });

  it('refuses what is not a fixed length of time', () => {
    for (const text of ['P', 'PT', 'P1DT', '5m', 'P1M', 'P1Y', '', 'PT-5M'])
      expect(durationSeconds(text)).toBeNull();
  });

  it('compares by length, and unreadable texts only by identity', () => {
    expect(sameDuration('PT5M', 'PT300S')).toBe(true);
    expect(sameDuration('PT1H', 'PT60M')).toBe(true);
    expect(sameDuration('PT5M', 'PT6M')).toBe(false);
    expect(sameDuration('P1M', 'P1M')).toBe(true);
    expect(sameDuration('P1M', 'PT43200M')).toBe(false);
  });
});
