/** Stable codes of findings about history (the base revision a run compares with). */
export const HISTORY_CODES = {
  /** error (warning where the run falls back): the base revision cannot be read. */
  baseUnreadable: 'history.base-unreadable',
  /** error: prune was asked for without a base revision to find removed documents in. */
  pruneWithoutBase: 'history.prune-without-base',
} as const;
