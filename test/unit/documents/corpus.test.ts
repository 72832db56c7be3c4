import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { AlertRuleSpec } from '../../../src/documents/index.js';
import { loadDocuments } from '../../../src/documents/index.js';
import { inRepository, REPOSITORY_ROOT } from '../../helpers/repository.js';

interface Expected {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly code: string;
  readonly severity: string;
}

/** The corpus's files named one by one: found in a directory, most would be skipped as not ours. */
async function corpusFiles(): Promise<string[]> {
  const names = await readdir(inRepository('fixtures', 'invalid'));
  return names.filter((n) => /\.ya?ml$/.test(n)).map((n) => `fixtures/invalid/${n}`);
}

const key = (d: Expected) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}`;

describe('the invalid corpus', () => {
  it('yields exactly the findings planted in it (EXPECTED.json), at their line and column', async () => {
    const expected = JSON.parse(
      await readFile(inRepository('fixtures', 'invalid', 'EXPECTED.json'), 'utf8'),
    ) as Expected[];
    const result = await loadDocuments(REPOSITORY_ROOT, await corpusFiles());
    expect(result.diagnostics.map(key).sort()).toEqual(expected.map(key).sort());
  });

  it('plants one file per bad input of the list, each with a finding or named by one', async () => {
    const expected = JSON.parse(
      await readFile(inRepository('fixtures', 'invalid', 'EXPECTED.json'), 'utf8'),
    ) as Expected[];
    const codes = new Set(expected.map((d) => d.code));
    for (const code of [
      'yaml.syntax',
      'yaml.duplicate-key',
      'yaml.tab',
      'yaml.alias-limit',
      'file.empty',
      'file.encoding',
      'document.not-mapping',
      'document.kind-unknown',
      'document.kind-missing',
      'document.unsafe-key',
      'document.duplicate-id',
      'document.duplicate-name',
      'schema.format',
      'schema.required',
      'schema.unknown-field',
      'schema.enum',
      'schema.type',
    ]) {
      expect(codes, code).toContain(code);
    }
    const loaded = await loadDocuments(REPOSITORY_ROOT, await corpusFiles());
    const withFindings = new Set(expected.map((d) => d.file));
    // A group of duplicates is one finding at its first document, naming the others.
    const named = (f: string) => loaded.diagnostics.some((d) => d.message.includes(`${f}:`));
    expect(loaded.files.filter((f) => !withFindings.has(f) && !named(f))).toEqual([]);
  });
});

describe('the example repository', () => {
  it('validates with no findings at all', async () => {
    const result = await loadDocuments(REPOSITORY_ROOT, ['fixtures/example']);
    expect(result.diagnostics).toEqual([]);
    expect(result.files).toHaveLength(10);
  });

  it('holds at least 20 alert rules, about half with ids from the sandbox seed, and the five components', async () => {
    const result = await loadDocuments(REPOSITORY_ROOT, ['fixtures/example']);
    const rules = result.documents.filter((d) => d.kind === 'AlertRule').map((d) => d.value as AlertRuleSpec);
    expect(rules.length).toBeGreaterThanOrEqual(20);
    const ids = rules.flatMap((r) => (r.id === undefined ? [] : [r.id]));
    expect(ids.length).toBeGreaterThanOrEqual(rules.length / 3);
    expect(ids.length).toBeLessThan(rules.length);
    for (const id of ids) expect(id).toMatch(/^a2a2a2a2-0000-4000-8000-0000000005(0[1-9]|[12]\d|30)$/);
    expect(rules.some((r) => r.alert_receivers !== undefined)).toBe(true);
    const components = result.documents.filter((d) => d.kind === 'PlatformComponent').map((d) => d.value);
    expect(components.map((c) => ('component' in c ? c.component : '')).sort()).toEqual([
      'cert-manager',
      'external-dns',
      'ingress-nginx',
      'karpenter',
      'observability',
    ]);
  });
});
