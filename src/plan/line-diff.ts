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

/** Longest-common-subsequence diff; texts in a plan are a few dozen lines, so O(n·m) is fine. */
export function lineDiff(before: string, after: string): LineDiffOp[] {
  const a = splitLines(before);
  const b = splitLines(after);
  const rows = a.length + 1;
  const cols = b.length + 1;
  const lcs = new Uint32Array(rows * cols);
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
