import { describe, expect, it } from 'vitest';
import {
  compareTimeKeys,
  displayTimestamp,
  formatTimeKey,
  parseTimestamp,
} from '../../../src/logs/timestamp.js';

describe('parseTimestamp', () => {
  it('keeps nanoseconds that Date would lose', () => {
    const a = parseTimestamp('2022-06-22T14:20:17.733084815Z')!;
    const b = parseTimestamp('2022-06-22T14:20:17.733084816Z')!;
    expect(Date.parse('2022-06-22T14:20:17.733084815Z')).toBe(Date.parse('2022-06-22T14:20:17.733084816Z'));
    expect(compareTimeKeys(a, b)).toBeLessThan(0);
    expect(a.nanos).toBe(733_084_815);
  });

  it('agrees with Date on whole seconds', () => {
    const key = parseTimestamp('2026-11-21T01:02:03Z')!;
    expect(key.seconds * 1000).toBe(Date.parse('2026-11-21T01:02:03Z'));
    expect(parseTimestamp('1969-12-31T23:59:59Z')!.seconds).toBe(-1);
    expect(parseTimestamp('0099-03-01T00:00:00Z')!.seconds * 1000).toBe(Date.parse('0099-03-01T00:00:00Z'));
  });

  it('honours offsets, so the same instant compares equal', () => {
    const utc = parseTimestamp('2022-06-22T14:20:17.5Z')!;
    const paris = parseTimestamp('2022-06-22T16:20:17.500000000+02:00')!;
    const newYork = parseTimestamp('2022-06-22T10:20:17.5-0400')!;
    expect(compareTimeKeys(utc, paris)).toBe(0);
    expect(compareTimeKeys(utc, newYork)).toBe(0);
  });

  it('orders a short fraction by value, not by text', () => {
    const tenth = parseTimestamp('2022-06-22T14:20:17.1Z')!;
    const ninetyNanos = parseTimestamp('2022-06-22T14:20:17.000000090Z')!;
    expect(compareTimeKeys(ninetyNanos, tenth)).toBeLessThan(0);
  });

  it('accepts a space separator and lower case, and truncates fractions beyond nanoseconds', () => {
    expect(parseTimestamp('2022-06-22 14:20:17.1234567891z')).toMatchObject({ nanos: 123_456_789 });
    expect(parseTimestamp('2022-06-22t14:20:17z')).not.toBeNull();
  });

  it('rejects what is not a date-time', () => {
    for (const bad of [
      undefined,
      null,
      '',
      'yesterday',
      '2022-13-01T00:00:00Z',
      '2022-06-22T25:00:00Z',
      '1655907617',
    ]) {
      expect(parseTimestamp(bad)).toBeNull();
    }
  });
});

describe('display', () => {
  it('shows UTC with the fraction as written', () => {
    expect(formatTimeKey(parseTimestamp('2022-06-22T16:20:17.733084815+02:00')!)).toBe(
      '2022-06-22 14:20:17.733084815Z',
    );
    expect(displayTimestamp('2024-02-29T23:59:59-01:00')).toBe('2024-03-01 00:59:59Z');
    expect(displayTimestamp('not a time')).toBe('not a time');
    expect(displayTimestamp(undefined)).toBe('');
  });
});
