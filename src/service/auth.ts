/**
 * The Authorization header for a token. The service takes machine tokens as `Token …` and console/OIDC JWTs
 * as `Bearer …`. A JWT is recognised by its first dot-separated segment decoding (base64url) to a JSON
 * object; anything else is a machine token.
 */
export function authorizationHeader(token: string): string {
  const trimmed = token.trim();
  return isJwt(trimmed) ? `Bearer ${trimmed}` : `Token ${trimmed}`;
}

function isJwt(token: string): boolean {
  const [header, payload] = token.split('.');
  if (!header || payload === undefined || !/^[A-Za-z0-9_-]+={0,2}$/.test(header)) return false;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    return typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded);
  } catch {
    return false;
  }
}

/**
 * Longer than any token the service gives (a machine token is under 100 characters, a console JWT a few
 * thousand): servers refuse a header that long (Node's own at 16 KB of headers, many proxies at 8 KB) with
 * HTTP 431, which names neither the token nor its source.
 */
export const MAX_TOKEN_LENGTH = 8192;

/**
 * Why a token cannot be sent, or null: a header value holds printable ASCII and spaces only, and undici
 * refuses anything else with an error that names no input (UND_ERR_INVALID_ARG). A line break (a token
 * copied with the line after it), a control character or a character outside ASCII (a no-break space, a
 * typographic quote) is a pasting mistake. `name` is where the token came from; the value is never shown,
 * only what is wrong with it and where.
 */
export function tokenProblem(token: string, name: string): string | null {
  if (token.length > MAX_TOKEN_LENGTH) {
    return `${name} is ${token.length} characters long, longer than any token (at most ${MAX_TOKEN_LENGTH}), which a server refuses in an HTTP header (HTTP 431): something else was copied with it (a file, the token several times). Copy the token again without it (the value is not shown).`;
  }
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    if (code >= 0x20 && code <= 0x7e) continue;
    const what =
      code === 0x0a || code === 0x0d
        ? 'a line break'
        : code === 0x09
          ? 'a tab'
          : code < 0x20 || (code >= 0x7f && code <= 0x9f)
            ? 'a control character'
            : 'a character outside ASCII';
    const unit = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    return `${name} holds ${what} (${unit}) at character ${i + 1} of ${token.length}, which cannot be sent in an HTTP header: a token is one line of printable ASCII characters. Copy the token again without it (the value is not shown).`;
  }
  return null;
}
