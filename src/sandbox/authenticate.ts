import { HttpError } from './http-error.js';
import type { TokenGrant } from './model.js';

/**
 * The service accepts `Token <api token>` and `Bearer <jwt>`. A seeded token may be bound to one scheme
 * (the JWT-shaped one to Bearer, as a console token is), so that a client choosing the wrong one fails
 * here as it would against the service; unbound tokens work with either.
 */
export function authenticate(header: string | null, grants: ReadonlyMap<string, TokenGrant>): TokenGrant {
  if (!header) throw new HttpError(401, 'Access token is missing');
  const match = /^(Token|Bearer)\s+(\S+)\s*$/i.exec(header);
  if (!match)
    throw new HttpError(401, 'Access token is invalid: expected "Token <token>" or "Bearer <token>"');
  const grant = grants.get(match[2]!);
  if (!grant) throw new HttpError(401, 'Access token is invalid');
  if (grant.scheme !== null && grant.scheme.toLowerCase() !== match[1]!.toLowerCase()) {
    throw new HttpError(
      401,
      `Access token is invalid: this token is accepted only as "${grant.scheme} <token>"`,
    );
  }
  return grant;
}

export function canAccess(grant: TokenGrant, organizationId: string): boolean {
  return grant.organizations.includes(organizationId.toLowerCase());
}
