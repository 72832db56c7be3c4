/**
 * An organization the run cannot read: the service does not know it, or the token cannot see it. The
 * service answers 404 (unknown, or hidden from this token) or 403 (known, and this token may not access it)
 * to the organization's own lists (its alert rules, receivers, templates, clusters, services, projects).
 * That is one fact about the organization, said once, not a failure of each document or part of the run in
 * it ("not in the catalog", "access denied" for every component, beside the rules' "could not be read").
 */
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { ApiError } from './errors.js';
import type { OperationId } from './types/client-interface.js';

const ORGANIZATION_UNKNOWN = 'service.organization-unknown';
const ORGANIZATION_DENIED = 'service.organization-denied';

/** The lists addressed by the organization alone: a 404 or 403 from one of them is about the organization. */
const ORGANIZATION_LISTS: ReadonlySet<OperationId> = new Set<OperationId>([
  'getAlertRules',
  'getAlertReceivers',
  'listPlatformTemplates',
  'listOrganizationCluster',
  'listServicesByOrganizationId',
  'listProject',
]);

/** Why an organization cannot be read: unknown to the service (404), or closed to the token (403). */
export type UnreadableOrganization = 404 | 403;

/** The status of an organization list's answer that makes the organization unreadable, else null. */
export function unreadableOrganization(error: unknown): UnreadableOrganization | null {
  if (!(error instanceof ApiError) || !ORGANIZATION_LISTS.has(error.operation)) return null;
  return error.status === 404 || error.status === 403 ? error.status : null;
}

/**
 * The one finding about the organization. The same text from every part of a run (its rules, its
 * components), so that the run keeps one of them.
 */
export function unknownOrganizationFinding(
  organizationId: string,
  status: UnreadableOrganization = 404,
): Diagnostic {
  if (status === 403) {
    return diagnostic(
      'error',
      '',
      FILE_START,
      ORGANIZATION_DENIED,
      `Organization ${organizationId} cannot be read with this token (HTTP 403): the token is not one of that organization, or may not read it. ` +
        'Check organization_id in the documents (or --org, the organization-id input), and that the token (QOVERY_API_TOKEN, the api-token input) is one of that organization.',
    );
  }
  return diagnostic(
    'error',
    '',
    FILE_START,
    ORGANIZATION_UNKNOWN,
    `Organization ${organizationId} was not found: the service does not know it, or the token cannot see it (HTTP 404). ` +
      'Check organization_id in the documents (or --org, the organization-id input), and that the token is one of that organization.',
  );
}
