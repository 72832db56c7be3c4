/**
 * `import` of many alerts of one name in one group: every rule gets a name of its own, the group is
 * written as numbered files each under the size `validate` reads, the files validate, and what is printed
 * stops at the run's cap on findings.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runImportCommand } from '../../../src/commands/import.js';
import { runValidate } from '../../../src/commands/validate.js';
import { MAX_FILE_BYTES, MAX_RUN_FINDINGS } from '../../../src/documents/limits.js';
import { parseFiles } from '../../../src/documents/parse.js';
import type { AlertRuleDocument } from '../../../src/documents/types.js';
import { groupFiles, type MappedDocument } from '../../../src/prometheus-rules/import-files.js';
import { importRules } from '../../../src/prometheus-rules/import-rules.js';
import { distinctNames, type NamedRule } from '../../../src/prometheus-rules/names.js';
import { readRuleFile } from '../../../src/prometheus-rules/read-rules.js';
import { testRun } from '../commands/run-context.js';

const CLUSTER = 'c1a5e7e0-0000-4000-8000-000000000101';
const RECEIVER = '5e1ec7ed-0000-4000-8000-000000000201';
/** More same-named alerts than the run's cap on findings, their documents (1.4 KB each) over one file's limit. */
const ALERTS = 1_200;

const RULE = [
  '      - alert: HighRequestLatency',
  '        expr: histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket[5m]))) > 0.5',
  '        for: 10m',
  '        labels:',
  '          severity: critical',
  '        annotations:',
  '          summary: Request latency is high',
  `          description: ${'The 99th percentile of request latency is above half a second. '.repeat(14)}`,
  '',
].join('\n');

const ruleFile = (count: number) => `groups:\n  - name: latency\n    rules:\n${RULE.repeat(count)}`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-many-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function importFile(text: string, format: 'text' | 'json' = 'text') {
  await writeFile(join(dir, 'rules.yaml'), text);
  let printed = '';
  const status = await runImportCommand({
    paths: ['rules.yaml'],
    cwd: dir,
    cluster: CLUSTER,
    target: undefined,
    receivers: [RECEIVER],
    severityMap: undefined,
    outDir: 'out',
    dryRun: false,
    format,
    print: (t) => {
      printed += t;
    },
  });
  return { status, printed };
}

describe('import of many alerts of one name', () => {
  it('names each rule apart, splits the group into numbered files under the limit, which validate, and caps what it prints', async () => {
    const { status, printed } = await importFile(ruleFile(ALERTS));
    expect(status).toBe(0);
    const files = (await readdir(join(dir, 'out'))).sort();
    expect(files.length).toBeGreaterThan(1);
    // Numbered in the order of the rules, the same numbers every run.
    expect(files).toEqual(
      Array.from({ length: files.length }, (_, i) => `latency-part-${i + 1}.yaml`).sort(),
    );
    for (const file of files) {
      expect((await stat(join(dir, 'out', file))).size).toBeLessThanOrEqual(MAX_FILE_BYTES);
      expect(await readFile(join(dir, 'out', file), 'utf8')).toMatch(
        new RegExp(
          `^# Imported from Prometheus rules by platform-gitops import: rules\\.yaml, group "latency", part ${file.match(/\d+/)![0]} of ${files.length}\\.\\n`,
        ),
      );
    }
    // What validate reads: every file, no error, every rule there once under a name of its own.
    const validated = await runValidate(
      testRun({ url: 'http://127.0.0.1:1', token: 'unused' }, { root: join(dir, 'out'), paths: ['.'] }).ctx,
    );
    expect(validated.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const texts = await Promise.all(files.map((f) => readFile(join(dir, 'out', f))));
    const loaded = parseFiles(files.map((f, i) => ({ path: f, bytes: new Uint8Array(texts[i]!) })));
    const names = loaded.documents.map((d) => (d as AlertRuleDocument).value.name);
    expect(names).toHaveLength(ALERTS);
    expect(new Set(names).size).toBe(ALERTS);
    expect(names.slice(0, 3)).toEqual([
      'HighRequestLatency-1',
      'HighRequestLatency-2',
      'HighRequestLatency-3',
    ]);
    // Said on the closing line, which the cap on findings never leaves out (the group's notice may be).
    expect(printed).toContain(
      `wrote ${files.length} files to out (1 group too large for one file, "latency", in ${files.length} numbered parts, each under the 1 MiB (1,048,576 bytes) a file validate reads)\n`,
    );
    // What is printed stops at the run's cap on findings, the last counting the rest.
    const findings = printed.split('\n').filter((line) => /^rules\.yaml:\d+:\d+: /.test(line));
    expect(findings).toHaveLength(MAX_RUN_FINDINGS);
    // One warning per renamed rule: ALERTS of them, and the split notice.
    const more = ALERTS + 1 - (MAX_RUN_FINDINGS - 1);
    expect(findings.at(-1)).toContain(
      `warning: ${more.toLocaleString('en-US')} more findings not shown: one run reports at most 1,000; fix these and run again [run.too-many-findings]`,
    );
    // The figures still count every rule.
    expect(printed).toContain(`${ALERTS} alerting rules in 1 file: ${ALERTS} imported`);
  });

  it('caps the JSON output alike, and counts every rule in its figures', async () => {
    const { status, printed } = await importFile(ruleFile(ALERTS), 'json');
    expect(status).toBe(0);
    const output = JSON.parse(printed);
    expect(output.diagnostics).toHaveLength(MAX_RUN_FINDINGS);
    expect(output.diagnostics.at(-1).code).toBe('run.too-many-findings');
    expect(output.figures.imported).toBe(ALERTS);
  });
});

describe('the files of one group', () => {
  const read = readRuleFile('rules.yaml', ruleFile(10));
  const group = read.groups[0]!;
  const documents: MappedDocument[] = group.rules.map((rule, i) => ({ rule, text: `name: rule-${i}\n` }));

  it('is one file, unnumbered, when it fits', () => {
    const written = groupFiles(group, documents, new Set());
    expect(written.files.map((f) => [f.fileName, f.documents, f.part])).toEqual([
      ['latency.yaml', 10, undefined],
    ]);
    expect(written.split).toBeNull();
  });

  it('is numbered parts, each as full as fits, in order, with the line each document starts on', () => {
    // Room for the longest header and three documents: `name: rule-0` and two more, each after a `---` line.
    const longest =
      '# Imported from Prometheus rules by platform-gitops import: rules.yaml, group "latency", part 10 of 10.\n';
    const limit = longest.length + 13 + 2 * (4 + 13);
    const written = groupFiles(group, documents, new Set(), limit);
    expect(written.files.map((f) => [f.fileName, f.documents, f.part])).toEqual([
      ['latency-part-1.yaml', 3, { index: 1, of: 4 }],
      ['latency-part-2.yaml', 3, { index: 2, of: 4 }],
      ['latency-part-3.yaml', 3, { index: 3, of: 4 }],
      ['latency-part-4.yaml', 1, { index: 4, of: 4 }],
    ]);
    for (const file of written.files)
      expect(new TextEncoder().encode(file.text).length).toBeLessThanOrEqual(limit);
    expect(written.files[1]!.text).toBe(
      '# Imported from Prometheus rules by platform-gitops import: rules.yaml, group "latency", part 2 of 4.\n' +
        'name: rule-3\n---\nname: rule-4\n---\nname: rule-5\n',
    );
    expect(written.placed.map((p) => [p.file, p.startLine]).slice(0, 4)).toEqual([
      ['latency-part-1.yaml', 2],
      ['latency-part-1.yaml', 4],
      ['latency-part-1.yaml', 6],
      ['latency-part-2.yaml', 2],
    ]);
    expect(written.split?.message).toBe(
      `group "latency" is written as 4 files, latency-part-1.yaml to latency-part-4.yaml, in the order of its rules: one file would be over the 1 KiB (${limit} bytes) a file validate reads`,
    );
  });

  it('numbers ten parts or more with one width, so that they sort in order', () => {
    const written = groupFiles(group, documents, new Set(), 10);
    expect(written.files.map((f) => f.fileName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `latency-part-${String(i + 1).padStart(2, '0')}.yaml`),
    );
  });

  it('a document alone over the limit is a part of its own', () => {
    const written = groupFiles(group, documents.slice(0, 2), new Set(), 10);
    expect(written.files.map((f) => f.documents)).toEqual([1, 1]);
  });

  it('a name taken by another group gets a suffix', () => {
    const taken = new Set(['latency']);
    expect(groupFiles(group, documents, taken).files[0]!.fileName).toBe('latency-2.yaml');
    expect(groupFiles(group, [], taken)).toEqual({ files: [], placed: [], split: null });
  });
});

describe('a document that would not validate', () => {
  it('is reported at its own rule, among others in its file', () => {
    const text = [
      'groups:',
      '  - name: g',
      '    rules:',
      '      - alert: First',
      '        expr: up == 0',
      '      - alert: "   "',
      '        expr: up == 0',
      '      - alert: Last',
      '        expr: up == 0',
      '',
    ].join('\n');
    const result = importRules(readRuleFile('rules.yaml', text).groups, {
      cluster: { cluster: 'prod-eu' },
      target: { cluster: 'prod-eu' },
      receiverIds: [],
      receiverNames: ['slack-oncall'],
      severityMap: {},
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([
      expect.objectContaining({
        file: 'rules.yaml',
        line: 6,
        code: 'import.invalid-rule',
        message:
          '   : the imported document would not validate (schema.pattern: `name` must not be blank (it holds only spaces))',
      }),
    ]);
  });
});

describe('distinct names', () => {
  it('numbers rules of one name apart, skipping names already taken, as before', () => {
    const rules: NamedRule[] = [
      { name: 'Up', labels: {} },
      { name: 'Up-2', labels: {} },
      { name: 'Up', labels: {} },
      { name: 'Up', labels: {} },
      { name: 'Burn', labels: { severity: 'critical' } },
      { name: 'Burn', labels: { severity: 'critical' } },
      { name: 'Burn', labels: { severity: 'warning' } },
    ];
    expect(distinctNames(rules)).toEqual([
      'Up-1',
      'Up-2',
      'Up-3',
      'Up-4',
      'Burn-critical',
      'Burn-critical-2',
      'Burn-warning',
    ]);
  });
});
