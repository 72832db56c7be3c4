/**
 * "Did you mean …": the known name nearest to what was written, when it is near enough to be a typo. Case is
 * ignored. Shared by document checks (field and kind names), receivers and component catalog lookups.
 */
export function nearestName(written: string, known: readonly string[]): string | null {
  const lower = written.toLowerCase();
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // A third of the length (at least 2) separates typos from a different word altogether.
  const limit = Math.max(2, Math.floor(written.length / 3));
  return best !== null && bestDistance <= limit ? best : null;
}

/** Levenshtein distance with adjacent transpositions counted as one edit (the most common typo). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = value;
    }
  }
  return d[a.length]![b.length]!;
}
