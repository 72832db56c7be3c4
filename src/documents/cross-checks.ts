import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import type { AlertRuleDocument, Document, PathSegment } from './types.js';

/**
 * Checks that need more than one document: two documents that would manage one rule. Both get the error,
 * each naming the other, because either may be the one to fix.
 */
export function crossDocumentDiagnostics(documents: readonly Document[]): Diagnostic[] {
  const rules = documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
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
      (d) =>
        d.value.cluster_id === undefined ? null : `${d.value.cluster_id.toLowerCase()}\u0000${d.value.name}`,
      ['name'],
      CODES.duplicateName,
      (d) => `alert rule \`${d.value.name}\` on cluster ${d.value.cluster_id ?? ''} is also defined`,
    ),
  ];
}

function duplicates(
  rules: readonly AlertRuleDocument[],
  identity: (d: AlertRuleDocument) => string | null,
  at: readonly PathSegment[],
  code: string,
  describe: (d: AlertRuleDocument) => string,
): Diagnostic[] {
  const groups = new Map<string, AlertRuleDocument[]>();
  for (const rule of rules) {
    const key = identity(rule);
    if (key === null) continue;
    groups.set(key, [...(groups.get(key) ?? []), rule]);
  }
  const findings: Diagnostic[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const rule of group) {
      const others = group
        .filter((other) => other !== rule)
        .map((other) => `${other.file}:${other.locate(at).line}`)
        .join(', ');
      findings.push(diagnostic('error', rule.file, rule.locate(at), code, `${describe(rule)} by ${others}`));
    }
  }
  return findings;
}
