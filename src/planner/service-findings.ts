/**
 * What the service said, as the run's findings: a failed request becomes an error finding that says what
 * could not be done (never a thrown error that ends the run), and the notices and deprecations the
 * client collected become a notice and a warning each.
 */
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { PLAN_CODES } from '../model/codes.js';
import { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';
import { unknownOrganizationFinding, unreadableOrganization } from '../service/unknown-organization.js';

/** The organization an organization list was asked for: the segment after `/organization/`. */
function organizationOf(error: ApiError): string {
  const segment = /^\/organization\/([^/?]+)/.exec(error.path)?.[1];
  return segment === undefined ? error.path : decodeURIComponent(segment);
}

export function serviceError(what: string, error: ApiError): Diagnostic {
  // An organization the run cannot read (unknown, or closed to the token) is said once for the run, in the
  // same words everywhere.
  const unreadable = unreadableOrganization(error);
  if (unreadable !== null) return unknownOrganizationFinding(organizationOf(error), unreadable);
  // Some messages already open with what happened ("Nothing was written: …"): said once.
  const message = error.message.startsWith(what) ? error.message : `${what}: ${error.message}`;
  return diagnostic('error', '', FILE_START, PLAN_CODES.serviceRequestFailed, message);
}

export type Read<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly diagnostic: Diagnostic; readonly error: ApiError };

/** One read: its answer, or the error finding that says what could not be read. */
export async function readOrFind<T>(request: Promise<T>, what: string): Promise<Read<T>> {
  try {
    return { ok: true, value: await request };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, diagnostic: serviceError(what, error), error };
  }
}

/** The client's notices and deprecation warnings, as findings about the run as a whole. */
export function serviceNotices(client: ServiceClient | null): Diagnostic[] {
  return [
    ...(client?.notices() ?? []).map((notice) =>
      diagnostic('notice', '', FILE_START, PLAN_CODES.serviceNotice, notice),
    ),
    ...(client?.deprecations() ?? []).map((warning) =>
      diagnostic('warning', '', FILE_START, PLAN_CODES.serviceDeprecated, warning),
    ),
  ];
}
