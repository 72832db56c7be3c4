/**
 * Every independent fault of a document in one run: a typo in one key does not hide a broken query, nor
 * a wrong reference form its missing threshold. A document with any error is still never planned.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocuments } from '../../../src/documents/index.js';
import { brief, VALID_RULE } from './helpers.js';

const PROMQL =
  'histogram_quantile(0.99, sum by (le) (rate(http_server_request_duration_seconds_bucket[5m])))';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'every-fault-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function load(text: string) {
  await writeFile(join(dir, 'rules.yaml'), text);
  return loadDocuments(dir, ['rules.yaml']);
}

describe('the faults of one document, reported together', () => {
  it('a key typo and a broken query: both, each on its line', async () => {
    const text = VALID_RULE.replace('severity: HIGH', 'severty: HIGH').replace(
      PROMQL,
      'rate(http_requests_total[5m]',
    );
    const loaded = await load(text);
    expect(loaded.documents).toEqual([]);
    const found = loaded.diagnostics.map(brief);
    expect(found).toContainEqual(expect.objectContaining({ code: 'schema.unknown-field', line: 13 }));
    expect(found).toContainEqual(
      expect.objectContaining({ code: 'promql.syntax', severity: 'error', line: 9 }),
    );
  });

  it('a query warning of the refused document too, weighed against its operator', async () => {
    const text = VALID_RULE.replace('severity: HIGH', 'severty: HIGH').replace(PROMQL, 'up > 1');
    const loaded = await load(text);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(['schema.unknown-field', 'promql.comparison-with-operator']),
    );
  });

  it('a reference written twice and a missing threshold: both', async () => {
    const text = VALID_RULE.replace('  threshold: 0.5\n', '').replace(
      'cluster_id: c1a5e7e0-0000-4000-8000-000000000101',
      'cluster_id: c1a5e7e0-0000-4000-8000-000000000101\ncluster: prod-eu',
    );
    const loaded = await load(text);
    expect(loaded.documents).toEqual([]);
    expect(loaded.diagnostics.map((d) => d.code).sort()).toEqual([
      'document.name-and-id',
      'document.threshold-missing',
    ]);
  });

  it('a key typo does not hide a missing threshold; a threshold of the wrong type is the schema finding alone', async () => {
    const typo = await load(
      VALID_RULE.replace('severity: HIGH', 'severty: HIGH').replace('  threshold: 0.5\n', ''),
    );
    expect(typo.diagnostics.map((d) => [d.line, d.code])).toEqual([
      [1, 'schema.required'],
      [10, 'document.threshold-missing'],
      [12, 'schema.unknown-field'],
    ]);
    const wrongType = await load(VALID_RULE.replace('threshold: 0.5', 'threshold: high'));
    expect(wrongType.diagnostics.map((d) => d.code)).toEqual(['schema.type']);
    // A misspelt threshold is one fault: the unknown field, not a missing threshold as well.
    const misspelt = await load(VALID_RULE.replace('threshold: 0.5', 'treshold: 0.5'));
    expect(misspelt.diagnostics.map((d) => d.code)).toEqual(['schema.unknown-field']);
  });

  it('no query check for a query that is not a string, or beside an operator the checks do not know', async () => {
    const notString = await load(VALID_RULE.replace(`promql: ${PROMQL}`, 'promql: [up]'));
    expect(notString.diagnostics.map((d) => d.code)).toEqual(['schema.type']);
    const badOperator = await load(
      VALID_RULE.replace('operator: ABOVE', 'operator: ABOV').replace(PROMQL, 'up > 1'),
    );
    expect(badOperator.diagnostics.map((d) => d.code)).toEqual(['schema.enum']);
  });

  it('no query check for a condition that is no mapping, or a blank query', async () => {
    const scalar = await load(VALID_RULE.replace(/condition:\n( {2}.*\n)+/, 'condition: up > 1\n'));
    expect(scalar.diagnostics.map((d) => d.code)).toEqual(['schema.type']);
    const blank = await load(VALID_RULE.replace(`promql: ${PROMQL}`, "promql: ' '"));
    expect(blank.diagnostics.map((d) => d.code)).toEqual(['schema.pattern']);
  });

  it('a refused receiver document or component is reported as before, with no query check', async () => {
    const loaded = await load('kind: PlatformComponent\ncomponent: x\n');
    expect(loaded.documents).toEqual([]);
    expect(loaded.diagnostics.every((d) => d.code.startsWith('schema.'))).toBe(true);
  });
});
