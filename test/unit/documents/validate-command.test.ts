import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runValidate } from '../../../src/commands/validate.js';
import type { Clock } from '../../../src/core/clock.js';
import type { RunContext } from '../../../src/run/types.js';
import { offlineContext } from '../../helpers/offline-context.js';
import { inRepository, REPOSITORY_ROOT } from '../../helpers/repository.js';

function context(paths: readonly string[], progress: string[]): RunContext {
  let now = 1_000;
  // Each reading of the clock advances it, so the duration is known without timing anything.
  const clock: Clock = { now: () => (now += 5), sleep: async () => {} };
  return offlineContext(REPOSITORY_ROOT, { paths, clock, progress: (line) => progress.push(line) });
}

describe('runValidate', () => {
  it('reports the example as clean, offline, with no requests', async () => {
    const progress: string[] = [];
    const report = await runValidate(context(['fixtures/example'], progress));
    expect(report).toEqual({
      command: 'validate',
      diagnostics: [],
      plan: null,
      components: [],
      results: [],
      requests: { total: 0, byOperation: {} },
      durationMs: 5,
      skipped: [],
      clusters: [],
      skippedFiles: [],
    });
    // One count line, the report's: no second one on the side.
    expect(progress).toEqual([]);
  });

  it('reports every finding of the invalid corpus, most important first', async () => {
    const progress: string[] = [];
    const names = (await readdir(inRepository('fixtures', 'invalid'))).filter((n) => n.endsWith('.yaml'));
    const report = await runValidate(
      context(
        names.map((n) => `fixtures/invalid/${n}`),
        progress,
      ),
    );
    expect(report.diagnostics.length).toBeGreaterThan(30);
    // Errors first, then the warnings: the empty file's, and the queries of refused documents that fire
    // on any series (a refused document's query is checked too).
    const firstWarning = report.diagnostics.findIndex((d) => d.severity === 'warning');
    expect(report.diagnostics.slice(0, firstWarning).every((d) => d.severity === 'error')).toBe(true);
    expect(report.diagnostics.slice(firstWarning).map((d) => `${d.severity} ${d.code}`)).toEqual([
      'warning file.empty',
      'warning promql.no-comparison',
      'warning promql.no-comparison',
    ]);
    expect(progress).toEqual([]);
  });

  it('reads the whole repository when no path is given', async () => {
    const ctx = { ...context([], []), root: inRepository('fixtures', 'example') };
    const report = await runValidate(ctx);
    expect(report.diagnostics).toEqual([]);
  });
});
