/**
 * The alert-rule and alert-receiver documents a change removed: declared at the base revision, declared by
 * no document at the head. A document that moved to another file, or was edited, still declares its object
 * and is not removed; the plan makes the final check against the live objects (see prune.ts).
 *
 * "Declared by no document at the head" is only evidence of a removal when the head was read whole: a
 * document whose kind, syntax or identity cannot be read declares nothing, and a one-letter typo
 * (`Kind: AlertRule`) would otherwise turn into the deletion of a live rule. The files where that can be
 * are `unreadFiles`; prune holds what they declared at the base (prune.ts).
 */
import type { Diagnostic } from '../core/diagnostic.js';
import type { AlertReceiverDocument, AlertRuleDocument } from '../documents/types.js';
import { normalizeName } from '../names/name-match.js';

/**
 * The files of the head whose documents were not all read: a file with an error finding (syntax, kind,
 * schema, identity), or one discovery passed over as someone else's (`skipped`). Their base documents
 * are never taken as removed.
 */
export function unreadFiles(
  findings: readonly Diagnostic[],
  skipped: readonly string[] = [],
): ReadonlySet<string> {
  const files = new Set(skipped);
  for (const finding of findings)
    if (finding.severity === 'error' && finding.file !== '') files.add(finding.file);
  return files;
}

export function removedDocuments(
  base: readonly AlertRuleDocument[],
  head: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
): AlertRuleDocument[] {
  return declaredByNone(base, head, (doc) => {
    const org = organizationKey(doc, defaultOrganizationId);
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
  });
}

/** The receiver documents a change removed: a receiver is declared by its id, or its name in its organization. */
export function removedReceiverDocuments(
  base: readonly AlertReceiverDocument[],
  head: readonly AlertReceiverDocument[],
  defaultOrganizationId: string | null,
): AlertReceiverDocument[] {
  return declaredByNone(base, head, (doc) => {
    const out = [`name:${organizationKey(doc, defaultOrganizationId)}:${doc.value.name}`];
    if (doc.value.id !== undefined) out.push(`id:${doc.value.id.toLowerCase()}`);
    return out;
  });
}

/** The base documents none of whose keys a head document has. */
function declaredByNone<D>(base: readonly D[], head: readonly D[], keys: (doc: D) => string[]): D[] {
  const declared = new Set(head.flatMap(keys));
  return base.filter((doc) => !keys(doc).some((key) => declared.has(key)));
}

function organizationKey(
  doc: AlertRuleDocument | AlertReceiverDocument,
  defaultOrganizationId: string | null,
): string {
  return (doc.value.organization_id ?? defaultOrganizationId ?? '').toLowerCase();
}
