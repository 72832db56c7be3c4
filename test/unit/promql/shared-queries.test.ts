import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runValidate } from '../../../src/commands/validate.js';
import type { Diagnostic } from '../../../src/core/diagnostic.js';
import { offlineContext } from '../../helpers/offline-context.js';

/**
 * A query is checked once however many rules share it: each rule still gets the findings of its own
 * operator, at its own place.
 */
function ruleDocument(name: string, promql: string, operator: string): string {
  return [
    'kind: AlertRule',
    'cluster_id: c1a5e7e0-0000-4000-8000-000000000101',
    'target:',
    '  target_type: CLUSTER',
    '  target_id: c1a5e7e0-0000-4000-8000-000000000101',
    `name: ${name}`,
    'condition:',
    '  kind: CUSTOM',
    `  promql: ${promql}`,
    `  operator: ${operator}`,
    '  threshold: 1',
    'for_duration: PT5M',
    'severity: HIGH',
    'alert_receiver_ids:',
    '  - 5e1ec7ed-0000-4000-8000-000000000201',
    '',
  ].join('\n');
}

const COMPARISON = 'sum(rate(http_requests_total{code=~"5.."}[5m])) > 1';
/** Where the query's `>` is written: after `  promql: `. */
const COLUMN = '  promql: '.length + COMPARISON.indexOf('>') + 1;

let dir: string;
let diagnostics: readonly Diagnostic[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'promql-shared-'));
  const documents = [
    ruleDocument('above', COMPARISON, 'ABOVE'),
    ruleDocument('none', COMPARISON, 'NONE'),
    ruleDocument('above-again', COMPARISON, 'ABOVE'),
  ];
  await writeFile(join(dir, 'rules.yaml'), documents.join('---\n'));
  await writeFile(
    join(dir, 'more.yaml'),
    `# moved down a line\n${ruleDocument('elsewhere', COMPARISON, 'ABOVE')}`,
  );
  diagnostics = (await runValidate(offlineContext(dir))).diagnostics;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('rules that share a query', () => {
  it('each get the findings of their own operator, at their own line', () => {
    const found = diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`).sort();
    // The rule with `operator: NONE` compares in its query: nothing to say. The others compare twice.
    expect(found).toEqual([
      `more.yaml:10:${COLUMN} promql.comparison-with-operator`,
      `rules.yaml:41:${COLUMN} promql.comparison-with-operator`,
      `rules.yaml:9:${COLUMN} promql.comparison-with-operator`,
    ]);
  });
});
