import { REDACTED, type Redactor } from '../core/redact.js';

/**
 * Log messages come from cloud providers and Kubernetes: they can quote a connection string or a header.
 * The redactor hides what we registered (the token); these patterns hide what merely looks like a
 * credential. Conservative on purpose: the name of a setting stays visible, its value goes.
 */
const CREDENTIAL_PATTERNS: readonly [RegExp, (match: string, ...groups: string[]) => string][] = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g, () => REDACTED],
  [
    /\b(authorization\s*[:=]\s*)(?:(bearer|token|basic)\s+)?[^\s"',;]+/gi,
    (_m, name = '', scheme) => `${name}${scheme ? `${scheme} ` : ''}${REDACTED}`,
  ],
  [
    // The name starts where a token of [a-z0-9_-] starts, so camelCase names (grafanaAdminPassword,
    // adminPassword) are caught too; the lookbehind keeps this linear on long runs like a-a-a-…
    /(?<![a-z0-9_-])([a-z0-9_-]*(?:password|passwd|pwd|secret(?:[_-]?(?:access[_-]?)?key)?|credentials?|api[_-]?key|access[_-]?key|private[_-]?key|token)["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi,
    (_m, name = '') => `${name}${REDACTED}`,
  ],
  [/\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, () => REDACTED],
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]+/g, () => REDACTED],
  // The scheme starts where a run of scheme characters starts: with \b it would restart at every dot or
  // dash of a long run (a-a-a-…) and take seconds on one log line the service sent.
  [
    /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/)[^\s/:@]+:[^\s/@]+@/gi,
    (_m, scheme = '') => `${scheme}${REDACTED}@`,
  ],
];

/** Registered secrets first (exact values), then anything credential-shaped. */
export function scrub(text: string, redactor: Redactor): string {
  let out = redactor.redact(text);
  for (const [pattern, replace] of CREDENTIAL_PATTERNS) {
    out = out.replace(pattern, replace as (substring: string, ...args: unknown[]) => string);
  }
  return out;
}

/**
 * Every string of a JSON-able value scrubbed (keys kept): for the JSON output of a logs report, where
 * entries leave the process as they came.
 */
export function scrubDeep<T>(value: T, redactor: Redactor): T {
  const walk = (inner: unknown): unknown => {
    if (typeof inner === 'string') return scrub(inner, redactor);
    if (Array.isArray(inner)) return inner.map(walk);
    if (inner !== null && typeof inner === 'object') {
      return Object.fromEntries(Object.entries(inner).map(([key, v]) => [key, walk(v)]));
    }
    return inner;
  };
  return walk(value) as T;
}
