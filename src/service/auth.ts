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
