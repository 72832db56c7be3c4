/** The documents a run plans, by kind, and the organizations they name. */
import { conflictingComponents } from '../documents/index.js';
import type { AlertRuleDocument, Document, PlatformComponentDocument } from '../documents/types.js';

export function alertRules(documents: readonly Document[]): AlertRuleDocument[] {
  return documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
}

/** The component documents to resolve: not those in conflict with another (they carry an error). */
export function platformComponents(documents: readonly Document[]): PlatformComponentDocument[] {
  const conflicting = conflictingComponents(documents);
  return documents.filter(
    (d): d is PlatformComponentDocument => d.kind === 'PlatformComponent' && !conflicting.has(d),
  );
}

/** Each organization the rules name (the default one for a rule that names none), once, in their order. */
export function organizationsOf(
  rules: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
): string[] {
  const organizations = new Set<string>();
  for (const doc of rules) {
    const org = doc.value.organization_id ?? defaultOrganizationId;
    if (org !== null) organizations.add(org);
  }
  return [...organizations];
}
