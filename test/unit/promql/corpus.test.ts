import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isMap, isScalar, isSeq, parseDocument, type Scalar } from 'yaml';
import { checkQuery } from '../../../src/promql/check-query.js';
import { mapScalar } from '../../../src/promql/scalar-map.js';

/**
 * Real alerting queries from public rule sets (test/unit/promql/corpus, each entry with its source). A
 * query Prometheus accepts must give no error; the warnings below are the only ones, each a true hit of a
 * lint check, named with the reason it is right.
 */
const DIR = join(import.meta.dirname, 'corpus');

const EXPECTED_WARNINGS: Readonly<Record<string, readonly string[]>> = {
  // kube-prometheus renders an empty selector of its jsonnet config as `metric{}`: it selects every series
  // of the metric, which is what the warning says.
  KubeCPUOvercommit: ['promql.empty-matchers', 'promql.empty-matchers'],
  KubeMemoryOvercommit: ['promql.empty-matchers', 'promql.empty-matchers'],
  'Cilium agent failing controllers': ['promql.empty-matchers'],
  // `vector(1)`: a dead man's switch fires for as long as the series exists, on purpose.
  Watchdog: ['promql.no-comparison'],
};

interface Entry {
  readonly file: string;
  readonly source: string;
  readonly alert: string;
  readonly operator: string;
  readonly expr: string;
  readonly mapped: boolean;
}

function entriesOf(file: string): Entry[] {
  const text = readFileSync(join(DIR, file), 'utf8');
  const doc = parseDocument(text);
  expect(doc.errors).toEqual([]);
  if (!isSeq(doc.contents)) throw new Error(`${file}: not a list`);
  return doc.contents.items.map((item) => {
    if (!isMap(item)) throw new Error(`${file}: an entry is not a mapping`);
    const field = (key: string) => item.get(key, true) as Scalar | undefined;
    const expr = field('expr');
    if (!isScalar(expr) || typeof expr.value !== 'string' || !expr.range) throw new Error(`${file}: no expr`);
    const [start, end] = expr.range;
    return {
      file,
      source: String(field('source')?.value),
      alert: String(field('alert')?.value),
      operator: String(field('operator')?.value ?? 'NONE'),
      expr: expr.value,
      mapped: mapScalar(text, start, end, expr.value) !== null,
    };
  });
}

const entries = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap(entriesOf);

describe('the corpus of real alerting queries', () => {
  test('holds at least 150 queries, each with its source', () => {
    expect(entries.length).toBeGreaterThanOrEqual(150);
    for (const entry of entries)
      expect(entry.source).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{40}\//);
  });

  test('covers comments, subqueries, @, offset, bool, unless, hex and exponent numbers and escaped quotes', () => {
    const some = (pattern: RegExp) => entries.some((e) => pattern.test(e.expr));
    expect(some(/^\s*#/m)).toBe(true);
    expect(some(/\[\w+:\w*\]/)).toBe(true);
    expect(some(/@ (start\(\)|end\(\)|\d)/)).toBe(true);
    expect(some(/\boffset\b/)).toBe(true);
    expect(some(/\bbool\b/)).toBe(true);
    expect(some(/\bunless\b/)).toBe(true);
    expect(some(/0x[0-9a-f]+/i)).toBe(true);
    expect(some(/\d[eE][+-]?\d/)).toBe(true);
    const raw = entries.map((e) => readFileSync(join(DIR, e.file), 'utf8')).join('\n');
    expect(raw).toMatch(/expr: ".*\\"/);
  });

  test('gives no error, and only the warnings named here', () => {
    const found: Record<string, string[]> = {};
    for (const entry of entries) {
      const findings = checkQuery(entry.expr, { operator: entry.operator });
      const errors = findings.filter((f) => f.severity === 'error');
      expect(errors, `${entry.alert} (${entry.source}): ${entry.expr}`).toEqual([]);
      if (findings.length > 0)
        found[entry.alert] = [...(found[entry.alert] ?? []), ...findings.map((f) => f.code)];
    }
    expect(found).toEqual(EXPECTED_WARNINGS);
  });

  test('every query maps back to its characters in the file, whatever its form of scalar', () => {
    expect(entries.filter((e) => !e.mapped).map((e) => `${e.file}: ${e.alert}`)).toEqual([]);
  });
});
