/** The documents a run plans, by kind, and the organizations they name. */
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { conflictingComponents } from '../documents/index.js';
import type {
  AlertReceiverDocument,
  AlertRuleDocument,
  Document,
  PlatformComponentDocument,
} from '../documents/types.js';
import { PLAN_CODES } from '../model/codes.js';

export function alertRules(documents: readonly Document[]): AlertRuleDocument[] {
  return documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
}

export function alertReceivers(documents: readonly Document[]): AlertReceiverDocument[] {
  return documents.filter((d): d is AlertReceiverDocument => d.kind === 'AlertReceiver');
}

/** The component documents to resolve: not those in conflict with another (they carry an error). */
export function platformComponents(documents: readonly Document[]): PlatformComponentDocument[] {
  const conflicting = conflictingComponents(documents);
  return documents.filter(
    (d): d is PlatformComponentDocument => d.kind === 'PlatformComponent' && !conflicting.has(d),
  );
}

/** Each organization the documents name (the default one for one that names none), once, in their order. */
export function organizationsOf(
  documents: readonly (AlertRuleDocument | AlertReceiverDocument)[],
  defaultOrganizationId: string | null,
): string[] {
  const organizations = new Set<string>();
  for (const doc of documents) {
    const org = doc.value.organization_id ?? defaultOrganizationId;
    if (org !== null) organizations.add(org);
  }
  return [...organizations];
}

/**
 * `--org` (the organization-id input) is the organization of the documents that name none; a document's
 * own organization_id wins. When the documents name another one, that is said, naming both, once per
 * organization at its first document: a run given one organization never acts on another unsaid.
 */
export function organizationsDiffering(
  documents: readonly (AlertRuleDocument | PlatformComponentDocument)[],
  defaultOrganizationId: string | null,
): Diagnostic[] {
  if (defaultOrganizationId === null) return [];
  const named = new Map<string, (AlertRuleDocument | PlatformComponentDocument)[]>();
  for (const doc of documents) {
    const org = doc.value.organization_id;
    if (org === undefined || org.toLowerCase() === defaultOrganizationId.toLowerCase()) continue;
    named.set(org, [...(named.get(org) ?? []), doc]);
  }
  return [...named].map(([org, docs]) => {
    const first = docs[0]!;
    const others = docs.length - 1;
    return diagnostic(
      'warning',
      first.file,
      first.locate(['organization_id'], 'value'),
      PLAN_CODES.organizationDiffers,
      `This document names organization ${org}${others > 0 ? ` (as do ${others} more)` : ''}, not ${defaultOrganizationId} given by --org or the organization-id input: ` +
        `it is planned in ${org}, because a document's organization_id wins and --org applies only to documents that name none. ` +
        'Remove organization_id from the documents, or pass the organization they name.',
    );
  });
}
