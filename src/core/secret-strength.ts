/**
 * Whether a secret can be hidden without hiding everything else. The redactor replaces a secret wherever
 * its characters occur: a secret that is also a word of the run's text (`latency`, in `api-p99-latency`)
 * would turn every rule name holding it into `api-p99-***`, in text and JSON alike. Such a value is refused
 * where a document takes it from the environment, before it is registered or sent
 * (docs/decisions/secrets-from-the-environment.md):
 *
 * - fewer than MIN_SECRET_CHARS characters, or
 * - fewer than MIN_PLAIN_SECRET_CHARS characters made only of letters, or only of digits (word separators
 *   ` `, `-`, `_` and `.` between them): one or a few words, or a number, which names and ids hold too.
 *
 * A webhook address, a generated password or a token mixes letters with digits or other signs and passes.
 */
export const MIN_SECRET_CHARS = 8;
export const MIN_PLAIN_SECRET_CHARS = 16;

/** The rule, as the finding that refuses a value states it. */
export const SECRET_RULE =
  `at least ${MIN_SECRET_CHARS} characters, and at least ${MIN_PLAIN_SECRET_CHARS} when made only of ` +
  'letters or only of digits';

const WORDS = /^[\p{L}\p{M} ._-]+$/u;
const DIGITS = /^[\d ._-]+$/;

/** Why the value cannot be hidden safely, in words that never quote it; null when it can. */
export function tooWeakToHide(value: string): string | null {
  const trimmed = value.trim();
  const chars = [...trimmed].length;
  if (chars < MIN_SECRET_CHARS) return `it is shorter than ${MIN_SECRET_CHARS} characters`;
  if (chars >= MIN_PLAIN_SECRET_CHARS) return null;
  if (WORDS.test(trimmed)) {
    return `it is made only of letters and shorter than ${MIN_PLAIN_SECRET_CHARS} characters, as a word is`;
  }
  if (DIGITS.test(trimmed)) {
    return `it is made only of digits and shorter than ${MIN_PLAIN_SECRET_CHARS} characters, as a number is`;
  }
  return null;
}
