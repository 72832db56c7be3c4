/** Failures where no retry can help within a run: nothing listens, or the name does not resolve. */
const NO_RETRY_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

/** The system code of a network failure anywhere in an error's cause chain, or null. */
export function networkCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NO_RETRY_CODES.has(code)) return code;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors)) {
      const inner = errors.map(networkCode).find((c) => c !== null);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

interface HookedOctokit {
  hook: {
    error(name: 'request', hook: (error: Error, options: { method: string; url: string }) => unknown): void;
  };
}

/**
 * An octokit plugin, listed before the retry plugin so that its hook runs first: a connection refusal or
 * a name that does not resolve is rethrown as a request failure the retry plugin does not retry (no retry
 * settings attached), so that an unreachable GitHub costs milliseconds, not a minute of back-off. 5xx
 * answers and rate limits keep their retries.
 */
export function failFastWhenUnreachable(octokit: HookedOctokit): void {
  octokit.hook.error('request', (error, options) => {
    const code = networkCode(error);
    if (code === null) throw error;
    const reason = code === 'ECONNREFUSED' ? 'connection refused' : `${code} (name or network unreachable)`;
    // Shaped like octokit's own failure without an answer (status 500, no response), minus the retry
    // settings (`request.request`) the retry plugin needs to schedule another attempt.
    throw Object.assign(new Error(`${reason} (${options.method} ${options.url})`, { cause: error }), {
      name: 'HttpError',
      status: 500,
      request: { method: options.method, url: options.url, headers: {} },
    });
  });
}
