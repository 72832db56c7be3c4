import { describe, expect, it } from 'vitest';
import { isErrorEntry, selectEntries, sortEntries } from '../../../src/logs/select.js';
import type { ClusterLogEntry } from '../../../src/service/types.js';

const entry = (timestamp: string | undefined, text: string, type = 'info'): ClusterLogEntry => ({
  type,
  ...(timestamp === undefined ? {} : { timestamp }),
  message: { safe_message: text },
});
const texts = (entries: readonly ClusterLogEntry[]) => entries.map((e) => e.message?.safe_message);

describe('sortEntries', () => {
  it('orders by nanoseconds and offsets, whatever order the service sent', () => {
    const sorted = sortEntries([
      entry('2022-06-22T14:20:17.733084816Z', 'third'),
      entry('2022-06-22T16:20:17.733084815+02:00', 'second'),
      entry('2022-06-22T14:20:17.7Z', 'first'),
      entry('2022-06-22T14:20:18Z', 'fourth'),
    ]);
    expect(texts(sorted)).toEqual(['first', 'second', 'third', 'fourth']);
  });

  it('keeps the order received for equal timestamps', () => {
    const t = '2022-06-22T14:20:17.000000001Z';
    expect(texts(sortEntries([entry(t, 'a'), entry(t, 'b'), entry(t, 'c')]))).toEqual(['a', 'b', 'c']);
  });

  it('puts entries without a usable timestamp first, in the order received', () => {
    const sorted = sortEntries([
      entry('2022-06-22T14:20:17Z', 'timed'),
      entry(undefined, 'untimed-1'),
      entry('garbage', 'untimed-2'),
    ]);
    expect(texts(sorted)).toEqual(['untimed-1', 'untimed-2', 'timed']);
  });
});

describe('selectEntries', () => {
  it('keeps the newest N in time order and counts the rest', () => {
    const entries = [5, 1, 4, 2, 3].map((s) => entry(`2022-06-22T14:20:0${s}Z`, `s${s}`));
    const selection = selectEntries(entries, 3, 10);
    expect(texts(selection.entries)).toEqual(['s3', 's4', 's5']);
    expect(selection.totalEntries).toBe(5);
  });

  it('finds errors among all entries, not only the newest shown', () => {
    const entries = [
      { ...entry('2022-06-22T14:20:01Z', 'boom', 'error'), error: { tag: 'HELM_FAILED' } },
      entry('2022-06-22T14:20:02Z', 'cleanup 1'),
      entry('2022-06-22T14:20:03Z', 'cleanup 2'),
    ];
    const selection = selectEntries(entries, 2, 10);
    expect(texts(selection.entries)).toEqual(['cleanup 1', 'cleanup 2']);
    expect(selection.errors.map((e) => e.error?.tag)).toEqual(['HELM_FAILED']);
    expect(selection.totalErrors).toBe(1);
  });

  it('treats an entry with error details or the error level as an error', () => {
    expect(isErrorEntry({ type: 'ERROR' })).toBe(true);
    expect(isErrorEntry({ type: 'info', error: {} })).toBe(true);
    expect(isErrorEntry({ type: 'warning' })).toBe(false);
  });

  it('handles 50 000 entries with colliding milliseconds exactly', () => {
    const entries: ClusterLogEntry[] = [];
    for (let i = 0; i < 50_000; i++) {
      // Reverse order, 37 ns apart: many share a millisecond, none share a nanosecond.
      const nanos = String((50_000 - i) * 37).padStart(9, '0');
      entries.push(
        entry(`2022-06-22T14:20:17.${nanos}Z`, `n${50_000 - i}`, i % 1000 === 0 ? 'error' : 'info'),
      );
    }
    const selection = selectEntries(entries, 50, 10);
    expect(selection.entries).toHaveLength(50);
    expect(texts(selection.entries)).toEqual(Array.from({ length: 50 }, (_, k) => `n${49_951 + k}`));
    expect(selection.errors).toHaveLength(10);
    expect(selection.totalErrors).toBe(50);
  });
});
