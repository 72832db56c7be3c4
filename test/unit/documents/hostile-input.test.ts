import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFiles, readSourceFiles } from '../../../src/documents/index.js';
import { MAX_RUN_BYTES, MAX_RUN_DOCUMENTS, MAX_RUN_FINDINGS } from '../../../src/documents/limits.js';
import { duplicateIdDocuments, ISSUE_SIZES, manyKeysDocument } from '../../helpers/adversarial-shapes.js';
import { brief, parseText, VALID_RULE } from './helpers.js';

const findings = (text: string) =>
  parseText(text).diagnostics.map((d) => ({ ...brief(d), message: d.message }));

// The issue's sizes take seconds on a busy machine: the timeouts guard against a hang, they time nothing.
describe('adversarial shapes of the size the issue reported', { timeout: 180_000 }, () => {
  it('4,931 documents sharing one id in 1 MB: a finding at each, cut at the run limit with one that counts the rest', () => {
    const result = parseText(duplicateIdDocuments(ISSUE_SIZES.duplicateIds));
    const duplicates = result.diagnostics.filter((d) => d.code === 'document.duplicate-id');
    expect(duplicates).toHaveLength(MAX_RUN_FINDINGS - 1);
    expect(result.diagnostics.at(-1)?.message).toMatch(
      new RegExp(
        `^${(ISSUE_SIZES.duplicateIds - MAX_RUN_FINDINGS + 1).toLocaleString('en-US')} more findings not shown`,
      ),
    );
    expect(duplicates[0]).toMatchObject({ line: 2, column: 1 });
    expect(duplicates[0]?.message).toMatch(
      /by rules\.yaml:10, rules\.yaml:18, .* and 4925 more \(4931 documents in all\)$/,
    );
    expect(result.documents).toHaveLength(ISSUE_SIZES.duplicateIds);
  });

  it('143,000 keys in one mapping: at most 50 schema findings and one that counts the rest', () => {
    const result = parseText(manyKeysDocument(ISSUE_SIZES.manyKeys));
    const unknown = result.diagnostics.filter((d) => d.code === 'schema.unknown-field');
    expect(unknown.length).toBeLessThanOrEqual(50);
    const rest = result.diagnostics.find((d) => /more problems in this document not shown/.test(d.message));
    expect(rest).toMatchObject({ code: 'schema.invalid', line: 1 });
    expect(result.diagnostics.length).toBeLessThanOrEqual(52);
  });

  it('143,000 copies of one key: one duplicate-key finding each, cut at the run limit with one finding', () => {
    const text = `kind: AlertRule\ncondition: {${Array.from({ length: 20_000 }, () => 'k: 1').join(', ')}}\n`;
    const result = parseText(text);
    expect(result.diagnostics).toHaveLength(MAX_RUN_FINDINGS);
    expect(result.diagnostics.at(-1)).toMatchObject({ code: 'run.too-many-findings', severity: 'error' });
    expect(result.diagnostics.at(-1)?.message).toBe(
      '19,000 more findings not shown: one run reports at most 1,000; fix these and run again',
    );
  });

  it('more documents than one run takes: refused from the first one over, with one finding', () => {
    const doc = 'kind: AlertRule\n';
    const bytes = (text: string) => new TextEncoder().encode(text);
    const text = Array.from({ length: 105 }, () => doc).join('---\n');
    const files = [
      { path: 'a.yaml', bytes: bytes(VALID_RULE) },
      { path: 'b.yaml', bytes: bytes(text) },
      { path: 'c.yaml', bytes: bytes(VALID_RULE) },
    ];
    const result = parseFiles(files, 100);
    const over = result.diagnostics.filter((d) => d.code === 'run.too-many-documents');
    expect(over).toHaveLength(1);
    expect(over[0]).toMatchObject({ file: 'b.yaml', line: 99 * 2 + 1 });
    expect(over[0]?.message).toBe(
      'this run has more than 100 documents, the limit for one run: refused from this document on; check fewer paths per run',
    );
    expect(result.documents).toHaveLength(1);
    expect(MAX_RUN_DOCUMENTS).toBe(150_000);
  });

  it('files over the run byte limit are refused from the one that crosses it, and only those go unchecked', () => {
    // Files at the per-file limit, each refused at its first byte (not UTF-8): every file that fits is
    // checked and leaves one finding, without parsing 192 MiB of YAML to get there.
    const big = new Uint8Array(1024 * 1024).fill(0x23);
    big[0] = 0xff;
    const fit = MAX_RUN_BYTES / big.length;
    const name = (i: number) => `f${String(i).padStart(3, '0')}.yaml`;
    const files = Array.from({ length: fit + 2 }, (_, i) => ({ path: name(i), bytes: big }));
    const result = parseFiles(files);
    const over = result.diagnostics.filter((d) => d.code === 'run.too-large');
    expect(over).toHaveLength(1);
    expect(over[0]?.file).toBe(name(fit));
    expect(over[0]?.message).toContain('(2 files not checked)');
    const checked = result.diagnostics.filter((d) => d.code !== 'run.too-large');
    expect(checked.map((d) => d.file)).toEqual(Array.from({ length: fit }, (_, i) => name(i)));
    expect(new Set(checked.map((d) => d.code))).toEqual(new Set(['file.encoding']));
  });
});

describe('keys, checked once per mapping after aliases are resolved', () => {
  it('`1` and `"1"` name one field: the second is a duplicate, not silently merged', () => {
    expect(findings(`1: a\n"1": b\n${VALID_RULE}`)).toEqual([
      {
        code: 'yaml.duplicate-key',
        severity: 'error',
        line: 2,
        column: 1,
        message:
          'duplicate key `"1"`: it names the same field `1` as `1` above; each key may appear once in a mapping',
      },
    ]);
  });

  it('an alias standing for __proto__ as a key is refused, at the alias', () => {
    const result = parseText(`a: &k __proto__\n*k : {polluted: 1}\n${VALID_RULE}`);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'document.unsafe-key', severity: 'error', line: 2, column: 1 },
    ]);
    expect(result.documents).toEqual([]);
  });

  it('in a mapping of many keys and in mappings inside lists, each duplicate names the first of its name', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `k${i}: ${i}`).join('\n');
    const text = `${keys}\nk3: again\n"k30": again\nlist:\n  - {a: 1, b: 2, 'a': 3}\n  - [x, {c: 1, c: 2}]\n`;
    expect(findings(text).map((f) => [f.line, f.column, f.message])).toEqual([
      [41, 1, 'duplicate key `k3`: each key may appear once in a mapping'],
      [
        42,
        1,
        'duplicate key `"k30"`: it names the same field `k30` as `k30` above; each key may appear once in a mapping',
      ],
      [
        44,
        18,
        "duplicate key `'a'`: it names the same field `a` as `a` above; each key may appear once in a mapping",
      ],
      [45, 16, 'duplicate key `c`: each key may appear once in a mapping'],
    ]);
  });

  it('an alias to a key already present is a duplicate', () => {
    expect(findings(`name: &n name\n*n : again\n`).map((f) => f.code)).toEqual(['yaml.duplicate-key']);
  });

  it('a null key and a complex key at the key itself, not at 1:1', () => {
    expect(findings(`${VALID_RULE}~: x\n`)).toEqual([
      {
        code: 'document.key-not-a-name',
        severity: 'error',
        line: 20,
        column: 1,
        message: 'a key must be a field name, not null (`~`, `null` or nothing before the colon)',
      },
    ]);
    expect(findings(`${VALID_RULE}? [a, b]\n: x\n`).map((f) => [f.code, f.line, f.column])).toEqual([
      ['document.key-not-a-name', 20, 3],
    ]);
  });

  it('an undefined alias is a YAML error that names it, not an alias bomb', () => {
    expect(findings(VALID_RULE.replace('name: api-latency', 'name: *nope'))).toEqual([
      {
        code: 'yaml.syntax',
        severity: 'error',
        line: 6,
        column: 7,
        message: 'invalid YAML: the alias `*nope` refers to no anchor; define `&nope` on a node before it',
      },
    ]);
  });
});

describe('messages that once said the wrong thing', () => {
  it.each([
    ['.inf', 'an infinite number: `.inf`, or a number too large to represent'],
    ['-.inf', 'an infinite number: `.inf`, or a number too large to represent'],
    ['1e400', 'an infinite number: `.inf`, or a number too large to represent'],
    ['.nan', '.nan, which is not a number'],
  ])('threshold %s says what it got', (value, got) => {
    expect(findings(VALID_RULE.replace('threshold: 0.5', `threshold: ${value}`))).toEqual([
      {
        code: 'schema.type',
        severity: 'error',
        line: 11,
        column: 14,
        message: `\`condition.threshold\` must be a number (got ${got})`,
      },
    ]);
  });

  it('!!timestamp and !!binary values are named as such, not as mappings', () => {
    const message = (tagged: string) =>
      findings(VALID_RULE.replace('name: api-latency', `name: ${tagged}`))[0]?.message;
    expect(message('!!timestamp 2001-12-14')).toBe('`name` must be a string (got a timestamp)');
    expect(message('!!binary aGVsbG8=')).toBe('`name` must be a string (got binary data)');
  });

  it('CR-only line ends: each line is a line, findings at their own line', () => {
    const text = VALID_RULE.replace('severity: HIGH', 'severity: X').replace(/\n/g, '\r');
    expect(findings(text).map((f) => [f.code, f.line, f.column])).toEqual([['schema.enum', 13, 11]]);
  });

  it('a BOM at the start of a second document is not content', () => {
    const other = VALID_RULE.replace('api-latency', 'other');
    for (const text of [`${VALID_RULE}---\n\uFEFF${other}`, `${VALID_RULE}\uFEFF---\n${other}`]) {
      const result = parseText(text);
      expect(result.diagnostics).toEqual([]);
      expect(result.documents).toHaveLength(2);
    }
  });
});

it('a symlink to /dev/zero named *.yaml is refused with a finding, never read', async () => {
  const root = await mkdtemp(join(tmpdir(), 'zero-'));
  try {
    await symlink('/dev/zero', join(root, 'zero.yaml'));
    const read = await readSourceFiles(root, ['.']);
    expect(read.files).toEqual([]);
    expect(read.diagnostics.map((d) => [d.file, d.code])).toEqual([
      ['zero.yaml', 'file.symlink-outside-root'],
    ]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
