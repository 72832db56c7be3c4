/**
 * The first field where a saved plan's change and the change made again part, and a value as the refusal
 * shows it (src/plan/saved-plan-check.ts, for a change of every kind).
 */
import { isPlainObject } from '../core/plain-object.js';

/** The first field (depth first, the file's fields first) whose values differ; null when equal. */
export function firstFieldDifference(
  saved: unknown,
  given: unknown,
  path: string,
): { field: string; saved: unknown; given: unknown } | null {
  if (isPlainObject(saved) && isPlainObject(given)) {
    for (const key of new Set([...Object.keys(saved), ...Object.keys(given)])) {
      // A key of the file's own is shown as JSON unless it is a plain name.
      const segment = /^[A-Za-z0-9_]+$/.test(key) ? key : JSON.stringify(key);
      const inner = firstFieldDifference(saved[key], given[key], path ? `${path}.${segment}` : segment);
      if (inner) return inner;
    }
    return null;
  }
  if (Array.isArray(saved) && Array.isArray(given) && saved.length === given.length) {
    for (const [i, item] of saved.entries()) {
      const inner = firstFieldDifference(item, given[i], `${path}[${i}]`);
      if (inner) return inner;
    }
    return null;
  }
  return Object.is(saved, given) ? null : { field: path, saved, given };
}

/** A value as the sentence shows it: its JSON, cut short. */
export function shown(value: unknown): string {
  const json = JSON.stringify(value);
  return json.length > 80 ? `${json.slice(0, 77)}…` : json;
}
