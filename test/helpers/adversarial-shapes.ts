/**
 * Shapes of hostile input that once made validation quadratic. Shared by the fixtures' tests (outcomes
 * asserted) and `npm run bench` (times printed at 1×, 2× and 4× the size).
 */

const RULE_ID = 'a2a2a2a2-0000-4000-8000-0000000009d1';

/** `count` alert rules, all claiming one `id` (the size of one is about 170 bytes). */
export function duplicateIdDocuments(count: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    parts.push(
      [
        'kind: AlertRule',
        `id: ${RULE_ID}`,
        `name: r${i}`,
        'condition: {kind: CUSTOM, promql: up}',
        'alert_receivers: [oncall]',
        'for_duration: PT5M',
        'severity: LOW',
      ].join('\n'),
    );
  }
  return `${parts.join('\n---\n')}\n`;
}

/** One flow mapping of `count` distinct keys with no values (about 6 bytes each), as an alert rule's `condition`. */
export function manyKeysDocument(count: number): string {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) keys.push(`k${i.toString(36)}`);
  return `kind: AlertRule\nname: many-keys\ncondition: {${keys.join(', ')}}\n`;
}

/** The sizes the issue reported: 4,931 documents in 1 MB; 143,000 keys in 857 KB. */
export const ISSUE_SIZES = { duplicateIds: 4931, manyKeys: 143_000 } as const;
