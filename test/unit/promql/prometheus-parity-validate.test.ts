import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runValidate } from '../../../src/commands/validate.js';
import type { Diagnostic } from '../../../src/core/diagnostic.js';
import { offlineContext } from '../../helpers/offline-context.js';

/**
 * Queries where the checks used to disagree with Prometheus's parser, each run through `validate` as a
 * rule's `condition.promql` in several forms of YAML scalar, with the finding's line and column checked.
 */
interface Form {
  readonly name: string;
  /** The scalar as written after `promql: `, and how the query's text is written inside it. */
  readonly write: (query: string) => string;
  readonly escape: (text: string) => string;
  /** Lines and columns from the `promql:` line to where the query's first character is written. */
  readonly shift: { readonly lines: number; readonly column: number };
}

const KEY_COLUMN = 3; // `  promql: ` starts in column 3
const FORMS: readonly Form[] = [
  {
    name: 'plain',
    write: (q) => q,
    escape: (t) => t,
    shift: { lines: 0, column: KEY_COLUMN + 'promql: '.length },
  },
  {
    name: 'double-quoted',
    write: (q) => `"${q.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
    escape: (t) => t.replaceAll('\\', '\\\\').replaceAll('"', '\\"'),
    shift: { lines: 0, column: KEY_COLUMN + 'promql: "'.length },
  },
  {
    name: 'literal block',
    write: (q) => `|-\n    ${q}`,
    escape: (t) => t,
    shift: { lines: 1, column: 5 },
  },
];

/** A YAML plain scalar cannot start with these, nor hold `: ` or ` #`, and `2.` would be a number. */
const plainable = (query: string) =>
  !/^[{["'@`!&*|>%#-]/.test(query) && !/: | #/.test(query) && !/^[-+]?(\.\d+|\d+\.?\d*)$/.test(query);

const ACCEPTED = [
  'foo @ 3.',
  'histogram_quantile(1./6., rate(x[5m]))',
  '2.',
  'offset{step="1s"}',
  'sum(offset{step="1s"})',
  'sum by (job) (rate(STEP[5m]))',
  'constructor > 1',
  'rate(__proto__{constructor="x"}[5m])',
];

/** [query, code, the text the finding starts at (its first occurrence), words of the message]. */
const REFUSED: readonly (readonly [string, string, string, RegExp])[] = [
  ['{job=~".*"}', 'promql.type', '{job', /matches every series/],
  ['{job!~".+", env=""}', 'promql.type', '{job', /matches every series/],
  ['sum(rate(x[5m])) @ 1234', 'promql.type', 'sum(', /`@` applies only to a selector or a subquery/],
  ['1 offset 1d', 'promql.type', '1 offset', /`offset` applies only to a selector or a subquery/],
  ['foo offset 1s offset 2s', 'promql.type', 'foo', /`offset` is set twice/],
  ['foo @ +Inf', 'promql.type', 'foo', /timestamp `\+Inf` is out of bounds/],
  ['foo @ NaN', 'promql.type', 'foo', /timestamp `NaN` is out of bounds/],
  ['rate(foo[0m])', 'promql.syntax', '0m', /`0m` must be greater than 0/],
  ['foo[0m]', 'promql.syntax', '0m', /`0m` must be greater than 0/],
  ['foo[-1]', 'promql.syntax', '-1', /`-1` must be greater than 0/],
  ['foo offset 9.5e10', 'promql.syntax', '9.5e10', /duration `9.5e10` is out of range/],
  ['up > 1e999', 'promql.syntax', '1e999', /number `1e999` is out of range/],
  [
    'label_replace(up, "dst", "\\c", "src", "(.*)")',
    'promql.syntax',
    '"\\c"',
    /unknown escape sequence U\+0063 'c'/,
  ],
  ['foo offset (4d/0)', 'promql.syntax', '/0', /division by zero/],
  ['up{job=~"(?=api)"}', 'promql.syntax', 'job=~', /does not compile: invalid or unsupported Perl syntax/],
  ['sum(rate(x[5m])', 'promql.syntax', '@end', /`\(` never closed \(opened at `sum\(`/],
  ['1 == 1', 'promql.type', '==', /comparisons between scalars must use BOOL/],
];

let dir: string;
let diagnostics: readonly Diagnostic[];
const documents: { file: string; form: Form; query: string; line: number }[] = [];

function ruleDocument(name: string, scalar: string): string {
  return [
    'kind: AlertRule',
    'cluster_id: c1a5e7e0-0000-4000-8000-000000000101',
    'target:',
    '  target_type: CLUSTER',
    '  target_id: c1a5e7e0-0000-4000-8000-000000000101',
    `name: ${name}`,
    'condition:',
    '  kind: CUSTOM',
    `  promql: ${scalar}`,
    '  operator: ABOVE',
    '  threshold: 1',
    'for_duration: PT5M',
    'severity: HIGH',
    'alert_receiver_ids:',
    '  - 5e1ec7ed-0000-4000-8000-000000000201',
    '',
  ].join('\n');
}
const PROMQL_LINE = 9;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'promql-parity-'));
  const queries = [...ACCEPTED, ...REFUSED.map(([query]) => query)];
  for (const [i, query] of queries.entries()) {
    for (const form of FORMS) {
      if (form.name === 'plain' && !plainable(query)) continue;
      const file = `rule-${i}-${form.name.replace(' ', '-')}.yaml`;
      await writeFile(join(dir, file), ruleDocument(`rule-${i}-${form.name}`, form.write(query)));
      documents.push({ file, form, query, line: PROMQL_LINE });
    }
  }
  const report = await runValidate(offlineContext(dir));
  diagnostics = report.diagnostics;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const errorsOf = (file: string) => diagnostics.filter((d) => d.file === file && d.severity === 'error');

describe('validate agrees with Prometheus on the queries it used to get wrong', () => {
  it('writes each query in at least two forms of scalar', () => {
    for (const query of [...ACCEPTED, ...REFUSED.map(([q]) => q)]) {
      expect(documents.filter((d) => d.query === query).length, query).toBeGreaterThanOrEqual(2);
    }
    expect(diagnostics.filter((d) => !d.code.startsWith('promql.'))).toEqual([]);
  });

  it.each(ACCEPTED)('accepts %j in every form', (query) => {
    for (const doc of documents.filter((d) => d.query === query)) {
      expect(errorsOf(doc.file), `${doc.form.name}`).toEqual([]);
    }
  });

  it.each(REFUSED)('refuses %j with %s at %j', (query, code, at, words) => {
    for (const doc of documents.filter((d) => d.query === query)) {
      const offset = at === '@end' ? query.length : query.indexOf(at);
      expect(offset, `${at} in ${query}`).toBeGreaterThanOrEqual(0);
      const errors = errorsOf(doc.file);
      expect(
        errors.map((d) => d.code),
        doc.form.name,
      ).toEqual([code]);
      expect(errors[0]!.message, doc.form.name).toMatch(words);
      expect({ line: errors[0]!.line, column: errors[0]!.column }, doc.form.name).toEqual({
        line: doc.line + doc.form.shift.lines,
        column: doc.form.shift.column + doc.form.escape(query.slice(0, offset)).length,
      });
    }
  });
});
