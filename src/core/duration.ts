/**
 * The one ISO-8601 duration grammar of the project: the documents' schema (`format: duration`, through
 * ajv-formats), the plan's comparison and the sandbox all accept exactly these texts. Whole numbers only:
 * the service refuses fractional seconds (PT0.5S), so a document must not be able to say them.
 * This is the pattern ajv-formats gives `format: duration` (a unit test keeps the two equal).
 */
export const ISO_DURATION = /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/;

const PARTS = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const UNIT_SECONDS = [7 * 86_400, 86_400, 3_600, 60, 1] as const;

export function isIsoDuration(value: unknown): value is string {
  return typeof value === 'string' && ISO_DURATION.test(value);
}

/**
 * Length in seconds, or null when the text is not a duration of the grammar, or counts years or months
 * (no fixed length: such texts are compared as written).
 */
export function durationSeconds(text: string): number | null {
  if (!isIsoDuration(text)) return null;
  const match = PARTS.exec(text);
  if (!match) return null;
  let seconds = 0;
  for (let i = 0; i < UNIT_SECONDS.length; i++) {
    const part = match[i + 1];
    if (part !== undefined) seconds += Number(part) * UNIT_SECONDS[i]!;
  }
  return seconds;
}
