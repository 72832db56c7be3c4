import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { EOL, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { budgetedSummary, writeJobSummary } from '../../../src/action/job-summary.js';
import { utf8Bytes } from '../../../src/markdown/escape.js';
import { SUMMARY_LIMIT_BYTES } from '../../../src/report/step-summary.js';

describe('budgetedSummary', () => {
  it('is the report alone without a logs section', async () => {
    expect(await budgetedSummary('## platform-gitops apply\n\nok', null)).toBe(
      '## platform-gitops apply\n\nok',
    );
  });

  it('gives the logs every byte the report left, counted in UTF-8', async () => {
    const report = '## platform-gitops apply — 1 write refused ✗';
    const given: number[] = [];
    const summary = await budgetedSummary(report, async (maxBytes) => {
      given.push(maxBytes);
      return '## Recent cluster log entries';
    });
    expect(given).toEqual([SUMMARY_LIMIT_BYTES - utf8Bytes(report) - 2]);
    expect(summary).toBe(`${report}\n\n## Recent cluster log entries`);
  });

  it('gives the logs nothing when the report took the whole budget', async () => {
    const given: number[] = [];
    await budgetedSummary('x'.repeat(SUMMARY_LIMIT_BYTES), async (maxBytes) => {
      given.push(maxBytes);
      return '';
    });
    expect(given).toEqual([0]);
  });
});

describe('writeJobSummary', () => {
  let printed = '';
  let dir = '';

  beforeEach(() => {
    printed = '';
    dir = mkdtempSync(join(tmpdir(), 'job-summary-'));
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends the summary to the file the runner names, after what earlier steps wrote', () => {
    const file = join(dir, 'summary.md');
    writeFileSync(file, '## an earlier step\n');
    writeJobSummary('## platform-gitops plan', { GITHUB_STEP_SUMMARY: file });
    writeJobSummary('## platform-gitops plan (components)', { GITHUB_STEP_SUMMARY: file });
    expect(readFileSync(file, 'utf8')).toBe(
      `## an earlier step\n## platform-gitops plan${EOL}## platform-gitops plan (components)${EOL}`,
    );
    expect(printed).toBe('');
  });

  it('says in one log line that a runner without job summaries gets none', () => {
    writeJobSummary('## platform-gitops plan', {});
    expect(printed).toBe('No job summary written: this runner does not set GITHUB_STEP_SUMMARY.\n');
  });

  it('turns a summary file that cannot be written into a log line, not a failed step', () => {
    // A directory where the file should be: the write fails as a full disk or a revoked permission would.
    expect(() => writeJobSummary('## platform-gitops plan', { GITHUB_STEP_SUMMARY: dir })).not.toThrow();
    expect(printed).toMatch(
      /^The job summary could not be written: EISDIR: illegal operation on a directory/,
    );
  });
});
