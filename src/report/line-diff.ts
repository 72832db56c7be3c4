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
 * Past this many edits (lines removed plus lines added, once the shared head and tail are set aside) the
 * changed middle is not searched for shared lines: the search's memory grows with the square of the edits
 * (4 M numbers, 16 MB, at the bound), and so many edits read better as the old text then the new one.
 */
export const MAX_EDITS = 2_000;

/**
 * The lines both texts start and end with are context as they are; the changed middle between them gets a
 * shortest edit script (Myers' O(ND) diff, as the `diff` package's diffLines), which keeps a longest common
 * subsequence as context, or, past MAX_EDITS, is shown as removed then added. Its time and memory grow with
 * the lines and the edits, never with their product: one changed line in a 30,000-line value (a log pasted
 * into a description), or two changed lines 30,000 apart, is a few milliseconds and shows as those lines.
 * The lines always rebuild both sides.
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
  const middle = shortestEdits(removed, added, MAX_EDITS);
  if (middle !== null) ops.push(...middle);
  else {
    for (const line of removed) ops.push({ op: '-', line });
    for (const line of added) ops.push({ op: '+', line });
  }
  for (let i = endA; i < a.length; i++) ops.push({ op: ' ', line: a[i]! });
  return ops;
}

/**
 * Myers' greedy search for the fewest lines removed and added that turn `a` into `b`, or null past
 * `maxEdits`. Step d keeps, for each diagonal k = x - y in [-d, d], the furthest x reached with d edits;
 * only that band is kept per step (memory d² in all), and the path is read back from the last step.
 */
function shortestEdits(a: readonly string[], b: readonly string[], maxEdits: number): LineDiffOp[] | null {
  const [n, m] = [a.length, b.length];
  const limit = Math.min(n + m, maxEdits);
  const offset = limit + 1;
  const furthest = new Int32Array(2 * limit + 3);
  const steps: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      // From the diagonal above (a line of b added) or the one to the left (a line of a removed).
      const down = k === -d || (k !== d && furthest[offset + k - 1]! < furthest[offset + k + 1]!);
      let x = down ? furthest[offset + k + 1]! : furthest[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      furthest[offset + k] = x;
      if (x >= n && y >= m) {
        steps.push(furthest.slice(offset - d, offset + d + 1));
        return editPath(a, b, steps);
      }
    }
    steps.push(furthest.slice(offset - d, offset + d + 1));
  }
  return null;
}

/** The edits of the search's steps, read back from the end (steps[d][k + d] is the furthest x of diagonal k). */
function editPath(a: readonly string[], b: readonly string[], steps: readonly Int32Array[]): LineDiffOp[] {
  const reversed: LineDiffOp[] = [];
  let [x, y] = [a.length, b.length];
  for (let d = steps.length - 1; d > 0; d--) {
    const before = steps[d - 1]!;
    const at = (k: number) => before[k + d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const fromK = down ? k + 1 : k - 1;
    const fromX = at(fromK);
    const fromY = fromX - fromK;
    // The shared lines after the edit, then the edit itself.
    while (x > (down ? fromX : fromX + 1) && y > (down ? fromY + 1 : fromY)) {
      reversed.push({ op: ' ', line: a[--x]! });
      y--;
    }
    if (down) reversed.push({ op: '+', line: b[--y]! });
    else reversed.push({ op: '-', line: a[--x]! });
  }
  while (x > 0 && y > 0) {
    reversed.push({ op: ' ', line: a[--x]! });
    y--;
  }
  return reversed.reverse();
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
