import { describe, expect, it } from 'vitest';
import { formatAge } from '../../../src/core/age.js';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => formatAge(NOW, NOW - ms);

describe('formatAge', () => {
  it('names the largest whole unit, rounded down', () => {
    expect(ago(0)).toBe('just now');
    expect(ago(999)).toBe('just now');
    expect(ago(1_000)).toBe('1 s ago');
    expect(ago(59_999)).toBe('59 s ago');
    expect(ago(60_000)).toBe('1 min ago');
    expect(ago(4 * 60_000 + 59_000)).toBe('4 min ago');
    expect(ago(3_600_000 - 1)).toBe('59 min ago');
    expect(ago(3_600_000)).toBe('1 h ago');
    expect(ago(23 * 3_600_000 + 3_599_000)).toBe('23 h ago');
    expect(ago(86_400_000)).toBe('1 day ago');
    expect(ago(3 * 86_400_000 + 5_000)).toBe('3 days ago');
    expect(ago(400 * 86_400_000)).toBe('400 days ago');
  });

  it('reads a time slightly ahead as now, and one far ahead as ahead', () => {
    expect(ago(-30_000)).toBe('just now');
    expect(ago(-5 * 60_000)).toBe('in 5 min');
    expect(ago(-2 * 86_400_000)).toBe('in 2 days');
  });
});
