import { HttpError } from './http-error.js';
import type { TokenGrant } from './model.js';

/**
 * The service accepts `Token <api token>` and `Bearer <jwt>`; the sandbox accepts either scheme for any
 * seeded token, so that clients can be tested with both.
 */
export function authenticate(header: string | null, grants: ReadonlyMap<string, TokenGrant>): TokenGrant {
  if (!header) throw new HttpError(401, 'Access token is missing');
  const match = /^(Token|Bearer)\s+(\S+)\s*$/i.exec(header);
  if (!match)
    throw new HttpError(401, 'Access token is invalid: expected "Token <token>" or "Bearer <token>"');
  const grant = grants.get(match[2]!);
  if (!grant) throw new HttpError(401, 'Access token is invalid');
  return grant;
}

export function canAccess(grant: TokenGrant, organizationId: string): boolean {
  return grant.organizations.includes(organizationId.toLowerCase());
}
