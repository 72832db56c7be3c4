/**
 * ISO-8601 durations as the service's `for_duration` uses them. Two texts that mean the same time
 * (PT5M, PT300S) must not show up as a change: they are compared by their length in seconds.
 */

// Years and months have no fixed length; a rule's pending period is minutes to days, so they are refused
// (compared as text) rather than guessed.
const DURATION =
  /^P(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;

const UNIT_SECONDS = [7 * 86_400, 86_400, 3_600, 60, 1] as const;

/** Length in seconds, or null when the text is not a duration of weeks, days, hours, minutes and seconds. */
export function durationSeconds(text: string): number | null {
  const trimmed = text.trim();
  const match = DURATION.exec(trimmed);
  // "P" and "PT" alone match the pattern but are not durations.
  if (!match || /^PT?$/i.test(trimmed) || /T$/i.test(trimmed)) return null;
  let seconds = 0;
  for (let i = 0; i < UNIT_SECONDS.length; i++) {
    const part = match[i + 1];
    if (part !== undefined) seconds += Number(part.replace(',', '.')) * UNIT_SECONDS[i]!;
  }
  return seconds;
}

/** Equal when both texts are the same duration; texts we cannot read are equal only when identical. */
export function sameDuration(a: string, b: string): boolean {
  if (a === b) return true;
  const left = durationSeconds(a);
  const right = durationSeconds(b);
  return left !== null && right !== null && Math.abs(left - right) < 1e-9;
}
