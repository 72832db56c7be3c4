/**
 * The organization an alert rule or receiver document belongs to: its own `organization_id`, else the
 * run's default. Neither: an error on the document that says both ways to name one.
 */
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { AlertReceiverDocument, AlertRuleDocument } from '../documents/types.js';
import { PLAN_CODES } from './codes.js';

export type DocumentOrganization = { readonly organizationId: string } | { readonly error: Diagnostic };

export function organizationOfDocument(
  doc: AlertRuleDocument | AlertReceiverDocument,
  defaultOrganizationId: string | null,
): DocumentOrganization {
  const organizationId = doc.value.organization_id ?? defaultOrganizationId;
  if (organizationId !== null) return { organizationId };
  const subject = doc.kind === 'AlertRule' ? 'Alert rule' : 'Alert receiver';
  return {
    error: diagnostic(
      'error',
      doc.file,
      doc.locate([]),
      PLAN_CODES.noOrganization,
      `${subject} "${doc.value.name}" names no organization: add \`organization_id\` to the document, or ` +
        'set a default organization (`--org ID` on the command line, the `organization-id` input in the action).',
    ),
  };
}
