/**
 * An organization the service does not know, or the token cannot see: the service answers 404 to the
 * organization's own lists (its alert rules, receivers, templates, clusters, services, projects). That is one fact about the
 * organization, said once, not a failure of each document in it ("not in the catalog" for every component).
 */
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { ApiError } from './errors.js';
import type { OperationId } from './types/client-interface.js';

const ORGANIZATION_UNKNOWN = 'service.organization-unknown';

/** The lists addressed by the organization alone: a 404 from one of them is about the organization. */
const ORGANIZATION_LISTS: ReadonlySet<OperationId> = new Set<OperationId>([
  'getAlertRules',
  'getAlertReceivers',
  'listPlatformTemplates',
  'listOrganizationCluster',
  'listServicesByOrganizationId',
  'listProject',
]);

export function isUnknownOrganization(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && ORGANIZATION_LISTS.has(error.operation);
}

/**
 * The one finding about the organization. The same text from every part of a run (its rules, its
 * components), so that the run keeps one of them.
 */
export function unknownOrganizationFinding(organizationId: string): Diagnostic {
  return diagnostic(
    'error',
    '',
    FILE_START,
    ORGANIZATION_UNKNOWN,
    `Organization ${organizationId} was not found: the service does not know it, or the token cannot see it (HTTP 404). ` +
      'Check organization_id in the documents (or --org, the organization-id input), and that the token is one of that organization.',
  );
}
