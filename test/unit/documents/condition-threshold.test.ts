/**
 * `operator: ABOVE` (or any comparing operator) with no `threshold`: the service does not say what it
 * compares with then, so the document is refused on the operator's line, and `export --format
 * prometheus-rules` says the same rather than leaving the rule out in silence.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportRulesCommand } from '../../../src/commands/export-rules.js';
import { brief, parseText, ruleWithLine } from './helpers.js';

// VALID_RULE's line 11 is `  threshold: 0.5`, line 10 `  operator: ABOVE`.
const NO_THRESHOLD = ruleWithLine(11, null);

describe('a comparing operator without a threshold', () => {
  it.each(['ABOVE', 'BELOW', 'ABOVE_OR_EQUAL', 'BELOW_OR_EQUAL', 'EQUAL'])(
    'is refused at `operator: %s`, saying what to write',
    (operator) => {
      const parsed = parseText(ruleWithLine(11, null).replace('operator: ABOVE', `operator: ${operator}`));
      expect(parsed.documents).toEqual([]);
      expect(parsed.diagnostics.map(brief)).toEqual([
        { code: 'document.threshold-missing', severity: 'error', line: 10, column: 3 },
      ]);
      expect(parsed.diagnostics[0]!.message).toContain(`\`operator: ${operator}\``);
      expect(parsed.diagnostics[0]!.message).toContain('Write `threshold: <number>`, or `operator: NONE`');
    },
  );

  it('passes with a threshold (0 is one), with operator NONE, and with no operator', () => {
    expect(parseText(ruleWithLine(11, '  threshold: 0')).diagnostics).toEqual([]);
    expect(parseText(NO_THRESHOLD.replace('operator: ABOVE', 'operator: NONE')).diagnostics).toEqual([]);
    expect(parseText(ruleWithLine(10, null).split('  threshold: 0.5\n').join('')).diagnostics).toEqual([]);
  });
});

describe('export --format prometheus-rules of such a document', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'threshold-export-'));
    await writeFile(join(dir, 'rules.yaml'), NO_THRESHOLD);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('fails with the same finding on the operator line, as validate does', async () => {
    const warned: string[] = [];
    const printed: string[] = [];
    const status = await runExportRulesCommand({
      root: dir,
      paths: ['.'],
      outFile: undefined,
      print: (text) => printed.push(text),
      warn: (text) => warned.push(text),
    });
    expect(status).toBe(1);
    expect(warned.join('')).toContain('rules.yaml:10:3: error: `operator: ABOVE` compares');
    expect(warned.join('')).toContain('[document.threshold-missing]');
    expect(warned.join('')).not.toContain('left out of the rule file');
  });
});
