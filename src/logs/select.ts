import type { ClusterLogEntry } from '../service/types.js';
import { compareTimeKeys, parseTimestamp, type TimeKey } from './timestamp.js';

interface Keyed {
  readonly entry: ClusterLogEntry;
  readonly key: TimeKey | null;
  /** Position in the service's answer: the tie-break that keeps the sort stable and deterministic. */
  readonly index: number;
}

/**
 * Entries without a usable timestamp count as older than every timestamped one, in the order received:
 * one rule everywhere, so that they are the first to go when only the newest are kept and never jump
 * between runs.
 */
function compareKeyed(a: Keyed, b: Keyed): number {
  if (a.key && b.key) return compareTimeKeys(a.key, b.key) || a.index - b.index;
  if (a.key) return 1;
  if (b.key) return -1;
  return a.index - b.index;
}

/** All entries, oldest first (each timestamp parsed once, so 50 000 entries sort in milliseconds). */
export function sortEntries(entries: readonly ClusterLogEntry[]): ClusterLogEntry[] {
  const keyed: Keyed[] = entries.map((entry, index) => ({
    entry,
    key: parseTimestamp(entry.timestamp),
    index,
  }));
  keyed.sort(compareKeyed);
  return keyed.map((k) => k.entry);
}

/** An entry is an error when the service says so by level or attaches error details. */
export function isErrorEntry(entry: ClusterLogEntry): boolean {
  return entry.type?.toLowerCase() === 'error' || entry.error !== undefined;
}

export interface Selection {
  /** The newest `count` entries, oldest first. */
  readonly entries: ClusterLogEntry[];
  /** The newest `maxErrors` error entries among all, oldest first. */
  readonly errors: ClusterLogEntry[];
  readonly totalEntries: number;
  readonly totalErrors: number;
}

/** The newest entries to show and the errors to put first, from everything the service returned. */
export function selectEntries(
  entries: readonly ClusterLogEntry[],
  count: number,
  maxErrors: number,
): Selection {
  const sorted = sortEntries(entries);
  const errors = sorted.filter(isErrorEntry);
  return {
    entries: count > 0 ? sorted.slice(-count) : [],
    errors: maxErrors > 0 ? errors.slice(-maxErrors) : [],
    totalEntries: entries.length,
    totalErrors: errors.length,
  };
}
