/**
 * Whether an error about an input may quote its value. Any input can receive a pasted secret (a token put
 * in `organization-id`, say), and a message that quotes it would print it where only the tokens are masked:
 * a value is quoted only when it holds no token of the run and looks like none.
 */

/** Longest value quoted whole; a longer one is cut, and a cut secret is still a leak, so it must look like none. */
const MAX_QUOTED = 100;

/**
 * Token shapes: the service's (`qov_…`) and GitHub's prefixes, a JSON web token, a bearer or basic
 * credential, and a long run of base64 characters mixing lower case, upper case and digits, as a random
 * key has and no UUID (one case of hex), path (its slashes end a run), label or number has.
 */
const TOKEN_SHAPES: readonly RegExp[] = [
  /\bqov_[A-Za-z0-9_-]{4,}/,
  /\b(?:gh[pousr]_[A-Za-z0-9]{8,}|github_pat_[A-Za-z0-9_]{8,})/,
  /\beyJ[\w-]{4,}\.[\w-]{4,}/,
  /\b(?:bearer|basic|token)\s+\S{8,}/i,
];
const LONG_RUN = /[A-Za-z0-9+=_-]{32,}/g;

export function looksLikeSecret(value: string, secrets: readonly string[]): boolean {
  if (value === '') return false;
  if (secrets.some((secret) => value.includes(secret) || (value.length >= 8 && secret.includes(value))))
    return true;
  if (TOKEN_SHAPES.some((shape) => shape.test(value))) return true;
  return [...value.matchAll(LONG_RUN)].some(
    ([run]) => /[0-9]/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run),
  );
}

/** `'value'` (cut when long), or what the value is, without it. */
export function quoteInput(value: string, secrets: readonly string[]): string {
  if (looksLikeSecret(value, secrets)) {
    return `(a value of ${value.length} characters, not shown: it looks like a token or a secret, which this input does not take)`;
  }
  if (value.length <= MAX_QUOTED) return `'${value}'`;
  return `'${value.slice(0, MAX_QUOTED)}…' (${value.length} characters)`;
}
