import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { budgetedSummary, writeJobSummary } from '../../../src/action/job-summary.js';
import { utf8Bytes } from '../../../src/markdown/escape.js';
import { SUMMARY_LIMIT_BYTES } from '../../../src/report/summary.js';

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
  const saved = process.env.GITHUB_STEP_SUMMARY;
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
    // @actions/core keeps what it could not write for the next write of the process: not this test's.
    core.summary.emptyBuffer();
    if (saved === undefined) delete process.env.GITHUB_STEP_SUMMARY;
    else process.env.GITHUB_STEP_SUMMARY = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('says in one log line that a runner without job summaries gets none', async () => {
    delete process.env.GITHUB_STEP_SUMMARY;
    await writeJobSummary('## platform-gitops plan');
    expect(printed).toBe('No job summary written: this runner does not set GITHUB_STEP_SUMMARY.\n');
  });

  it('turns a summary file that cannot be written into a log line, not a failed step', async () => {
    process.env.GITHUB_STEP_SUMMARY = join(dir, 'summary.md');
    // @actions/core keeps the first summary file it could write for the life of the process (another
    // test file's, in this worker): the failure is made at the write itself.
    vi.spyOn(core.summary, 'write').mockRejectedValue(new Error('ENOSPC: no space left on device'));
    await expect(writeJobSummary('## platform-gitops plan')).resolves.toBeUndefined();
    expect(printed).toBe('The job summary could not be written: ENOSPC: no space left on device\n');
  });
});
