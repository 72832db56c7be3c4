import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostic.js';
import { loadDocuments } from '../../../src/documents/index.js';
import { inRepository } from '../../helpers/repository.js';

/**
 * Every document of fixtures/promql-broken plants a mistake and names, in a `# expect: CODE TEXT` comment,
 * the text of the file the finding must point at (`@after TEXT`: just after that text, where a query that
 * ends too early is reported). The expected line and column are computed here from where that text first
 * occurs after the document's `promql:` key, never written by hand.
 */
const DIR = inRepository('fixtures', 'promql-broken');

interface Expected {
  readonly file: string;
  readonly code: string;
  readonly marker: string;
  readonly line: number;
  readonly column: number;
}

function expectationsOf(file: string): Expected[] {
  const text = readFileSync(join(DIR, file), 'utf8');
  const expected: Expected[] = [];
  let documentStart = 0;
  for (const document of text.split(/^---\n/m)) {
    for (const match of document.matchAll(/^# expect: (\S+) (.+)$/gm)) {
      const [, code, marker] = match as unknown as [string, string, string];
      const key = document.search(/^ {2}promql:/m) + 2;
      const after = marker.startsWith('@after ') ? marker.slice('@after '.length) : null;
      const found = document.indexOf(after ?? marker, key + 'promql:'.length);
      const offset =
        marker === '@start' ? key + 'promql:'.length + 1 : after !== null ? found + after.length : found;
      expect(offset, `${file}: marker ${marker} not found after promql:`).toBeGreaterThan(key);
      expected.push({ file, code, marker, ...positionOf(text, documentStart + offset) });
    }
    documentStart += document.length + '---\n'.length;
  }
  return expected;
}

function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));
const expectations = files.flatMap(expectationsOf);

describe('validate on broken queries', async () => {
  const loaded = await loadDocuments(DIR, ['.']);
  const promql = loaded.diagnostics.filter((d) => d.code.startsWith('promql.'));

  test('the fixtures plant at least 30 mistakes in every form of scalar', () => {
    expect(expectations.length).toBeGreaterThanOrEqual(30);
    expect(files).toEqual(
      expect.arrayContaining([
        'plain.yaml',
        'plain-multiline.yaml',
        'double-quoted.yaml',
        'single-quoted.yaml',
        'literal.yaml',
        'folded.yaml',
      ]),
    );
  });

  test('nothing else is wrong with the fixtures', () => {
    expect(loaded.diagnostics.filter((d) => !d.code.startsWith('promql.'))).toEqual([]);
  });

  test.each(expectations)('$file: $code at $marker', (want) => {
    const found = promql.filter(
      (d) => d.file === want.file && d.line === want.line && d.column === want.column,
    );
    expect(found.map(brief)).toContainEqual({ code: want.code, line: want.line, column: want.column });
  });

  test('each finding is one the fixtures expect: no other finding and no duplicate', () => {
    const wanted = expectations.map((e) => `${e.file}:${e.line}:${e.column}:${e.code}`).sort();
    expect(promql.map((d) => `${d.file}:${d.line}:${d.column}:${d.code}`).sort()).toEqual(wanted);
  });

  test('a form with no exact column says so, and points at the start of the scalar', () => {
    const start = promql.filter((d) => d.file === 'indentation-indicator.yaml');
    expect(start).toHaveLength(1);
    expect(start[0]!.message).toMatch(/exact column is not known/);
  });

  test('the underline ends on the last character of the marker when it stays on one line', () => {
    const bye = promql.find((d) => d.file === 'plain.yaml' && d.code === 'promql.syntax');
    expect(bye).toMatchObject({ endLine: bye?.line, endColumn: (bye?.column ?? 0) + 'bye'.length });
  });
});

function brief(d: Diagnostic): { code: string; line: number; column: number } {
  return { code: d.code, line: d.line, column: d.column };
}
