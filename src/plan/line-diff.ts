/**
 * A line diff for long texts in a plan (PromQL, descriptions): the lines both sides share stay as
 * context, so a reviewer sees the one changed line rather than two walls of text. Shared by every
 * renderer of a plan (terminal, comment, summary).
 */
export type LineDiffOp = { readonly op: ' ' | '-' | '+'; readonly line: string };

/** Texts longer than this, or with several lines, are shown as a line diff rather than `before → after`. */
export const LONG_TEXT = 60;

export function isLongText(value: unknown, limit: number = LONG_TEXT): value is string {
  return typeof value === 'string' && (value.length > limit || value.includes('\n'));
}

/**
 * Past this many cells (lines removed × lines added, once the shared head and tail are set aside) the
 * longest-common-subsequence table is not built: 4 MB of it, a few milliseconds.
 */
export const MAX_TABLE_CELLS = 1_000_000;

/**
 * The lines both texts start and end with are context as they are; the changed middle between them gets a
 * longest-common-subsequence diff, or, when it is too large for the table, is shown as removed then added.
 * So one changed line in a 30,000-line value (a log pasted into a description) costs linear time and memory,
 * and the lines always rebuild both sides.
 */
export function lineDiff(before: string, after: string): LineDiffOp[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let endA = a.length;
  let endB = b.length;
  while (endA > head && endB > head && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops: LineDiffOp[] = [];
  for (let i = 0; i < head; i++) ops.push({ op: ' ', line: a[i]! });
  const removed = a.slice(head, endA);
  const added = b.slice(head, endB);
  if (removed.length * added.length <= MAX_TABLE_CELLS) ops.push(...middleDiff(removed, added));
  else {
    for (const line of removed) ops.push({ op: '-', line });
    for (const line of added) ops.push({ op: '+', line });
  }
  for (let i = endA; i < a.length; i++) ops.push({ op: ' ', line: a[i]! });
  return ops;
}

/** Longest-common-subsequence diff of the changed middle, bounded by MAX_TABLE_CELLS. */
function middleDiff(a: readonly string[], b: readonly string[]): LineDiffOp[] {
  const cols = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * cols + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * cols + j + 1]! + 1
          : Math.max(lcs[(i + 1) * cols + j]!, lcs[i * cols + j + 1]!);
    }
  }
  const ops: LineDiffOp[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      ops.push({ op: ' ', line: a[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * cols + j]! >= lcs[i * cols + j + 1]!) {
      ops.push({ op: '-', line: a[i++]! });
    } else {
      ops.push({ op: '+', line: b[j++]! });
    }
  }
  while (i < a.length) ops.push({ op: '-', line: a[i++]! });
  while (j < b.length) ops.push({ op: '+', line: b[j++]! });
  return ops;
}

function splitLines(text: string): string[] {
  return text === '' ? [] : text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
}

/**
 * Where `after` differs from `before` (one changed line of a long PromQL): the common prefix and suffix
 * are skipped, so a renderer can underline the few characters that changed in a 200-character line.
 */
export function changedSpan(before: string, after: string): { readonly start: number; readonly end: number } {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let suffix = 0;
  while (
    suffix < shorter - start &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  ) {
    suffix++;
  }
  return { start, end: Math.max(start, after.length - suffix) };
}
