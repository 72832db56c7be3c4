/**
 * The alert-rule documents a change removed: declared at the base revision, declared by no document at
 * the head. A document that moved to another file, or was edited, still declares its rule and is not
 * removed; the plan makes the final check against the live rules (see prune.ts).
 */
import type { AlertRuleDocument } from '../documents/types.js';
import { normalizeName } from '../names/name-match.js';

export function removedDocuments(
  base: readonly AlertRuleDocument[],
  head: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
): AlertRuleDocument[] {
  const keys = (doc: AlertRuleDocument): string[] => {
    const org = (doc.value.organization_id ?? defaultOrganizationId ?? '').toLowerCase();
    const out: string[] = [];
    if (doc.value.id !== undefined) out.push(`id:${doc.value.id.toLowerCase()}`);
    if (doc.value.cluster_id !== undefined) {
      out.push(`name:${org}:${doc.value.cluster_id.toLowerCase()}:${doc.value.name}`);
    }
    // A cluster by name, under the match rule of names: the same document at both revisions is not removed.
    if (doc.value.cluster !== undefined) {
      out.push(`cluster:${org}:${normalizeName(doc.value.cluster)}:${doc.value.name}`);
    }
    return out;
  };
  const declared = new Set(head.flatMap(keys));
  return base.filter((doc) => !keys(doc).some((key) => declared.has(key)));
}
