/**
 * `for_duration` comparison: two texts that mean the same time (PT5M, PT300S) must not show up as a
 * change, so they are compared by their length in seconds. The grammar is the project's one
 * (src/core/duration.ts); texts outside it, or with years or months, are equal only when identical.
 */
import { durationSeconds } from '../../core/duration.js';

export { durationSeconds };

export function sameDuration(a: string, b: string): boolean {
  if (a === b) return true;
  const left = durationSeconds(a);
  const right = durationSeconds(b);
  return left !== null && right !== null && left === right;
}
