import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import type { AlertRuleDocument, Document, PathSegment, PlatformComponentDocument } from './types.js';

/**
 * Checks that need more than one document: two documents that would manage one thing. Both get the
 * error, each naming the other, because either may be the one to fix.
 */
export function crossDocumentDiagnostics(documents: readonly Document[]): Diagnostic[] {
  const rules = documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
  const components = documents.filter((d): d is PlatformComponentDocument => d.kind === 'PlatformComponent');
  return [
    ...duplicates(
      rules,
      (d) => (d.value.id === undefined ? null : d.value.id.toLowerCase()),
      ['id'],
      CODES.duplicateId,
      (d) => `alert rule id ${d.value.id ?? ''} is also claimed`,
    ),
    ...duplicates(
      rules,
      (d) => (d.value.cluster_id === undefined ? null : [d.value.cluster_id.toLowerCase(), d.value.name]),
      ['name'],
      CODES.duplicateName,
      (d) => `alert rule \`${d.value.name}\` on cluster ${d.value.cluster_id ?? ''} is also defined`,
    ),
    // Without a cluster id, two configurations of one component may well be for two clusters.
    ...duplicates(
      components,
      (d) =>
        d.value.cluster.id === undefined
          ? null
          : [d.value.cluster.id.toLowerCase(), d.value.template.key, d.value.component],
      ['component'],
      CODES.duplicateComponent,
      (d) => `component \`${d.value.component}\` of cluster ${d.value.cluster.id ?? ''} is also configured`,
    ),
  ];
}

function duplicates<D extends Document>(
  documents: readonly D[],
  identity: (d: D) => string | readonly string[] | null,
  at: readonly PathSegment[],
  code: string,
  describe: (d: D) => string,
): Diagnostic[] {
  const groups = new Map<string, D[]>();
  for (const document of documents) {
    const parts = identity(document);
    if (parts === null) continue;
    const key = JSON.stringify(parts);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [document]);
    else group.push(document);
  }
  const findings: Diagnostic[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const document of group) {
      const others = group
        .filter((other) => other !== document)
        .map((other) => `${other.file}:${other.locate(at).line}`)
        .join(', ');
      findings.push(
        diagnostic('error', document.file, document.locate(at), code, `${describe(document)} by ${others}`),
      );
    }
  }
  return findings;
}
