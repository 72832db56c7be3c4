/** The limit on findings covers a whole run, not only its loading: past it, one finding counts the rest. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runValidate } from '../../../src/commands/validate.js';
import { diagnostic } from '../../../src/core/diagnostic.js';
import { MAX_RUN_FINDINGS } from '../../../src/documents/limits.js';
import { runFindings } from '../../../src/planner/run-report.js';
import { countLine } from '../../../src/report/diagnostics-text.js';
import { runOutcome } from '../../../src/report/run-counts.js';
import { testRun } from './run-context.js';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** `count` valid rules whose query has no comparison and no operator: one PromQL warning each, after loading. */
function repositoryOfRules(count: number): string {
  const root = mkdtempSync(join(tmpdir(), 'findings-cap-'));
  dirs.push(root);
  const rule = (i: number) =>
    [
      'kind: AlertRule',
      'organization_id: 7f1b2c3d-0000-4000-8000-000000000001',
      'cluster_id: c1a5e7e0-0000-4000-8000-000000000101',
      `name: rule-${i}`,
      'condition: {kind: CUSTOM, promql: up}',
      'for_duration: PT5M',
      'severity: LOW',
      'alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000201]',
      '',
    ].join('\n');
  writeFileSync(join(root, 'rules.yaml'), Array.from({ length: count }, (_, i) => rule(i)).join('---\n'));
  return root;
}

const finding = (line: number, severity: 'error' | 'warning' = 'warning') =>
  diagnostic(
    severity,
    'a.yaml',
    { line, column: 1, endLine: line, endColumn: 2 },
    'promql.no-comparison',
    `at ${line}`,
  );

describe('the findings of a run', () => {
  it('are at most 1,000, the last counting the rest, when the findings come after loading', async () => {
    const root = repositoryOfRules(1_010);
    const run = testRun({ url: 'http://127.0.0.1:1', token: 'unused' }, { root, paths: ['.'] });
    try {
      const report = await runValidate(run.ctx);
      expect(report.diagnostics).toHaveLength(MAX_RUN_FINDINGS);
      expect(report.diagnostics.at(-1)).toMatchObject({
        code: 'run.too-many-findings',
        severity: 'warning',
        file: 'rules.yaml',
        message: `11 more findings not shown: one run reports at most 1,000; fix these and run again`,
      });
      // The counts of what is shown say that more were left out, or they read as all there are.
      expect(countLine(report.diagnostics)).toBe('0 errors, 1000 warnings, and 11 more not shown');
      expect(runOutcome(report).line).toBe(
        'Done: the documents are valid (1000 warnings, and 11 more not shown).',
      );
    } finally {
      await run.close();
    }
  });

  it('count a cut made while loading together with the findings added after it, in one finding', () => {
    const loaded = [...Array.from({ length: 999 }, (_, i) => finding(i + 1)), cutOf(500)];
    const added = [finding(5_000, 'error'), finding(5_001)];
    const all = runFindings([...loaded, ...added]);
    expect(all).toHaveLength(MAX_RUN_FINDINGS);
    expect(all.filter((d) => d.code === 'run.too-many-findings')).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^502 more findings not shown/) }),
    ]);
    // The error added later is kept: the most important first.
    expect(all[0]).toMatchObject({ severity: 'error', line: 5_000 });
    // Again through the same door: nothing changes.
    expect(runFindings(all)).toEqual(all);
  });
});

function cutOf(more: number) {
  const cut = diagnostic(
    'warning',
    'a.yaml',
    { line: 1_000, column: 1, endLine: 1_000, endColumn: 2 },
    'run.too-many-findings',
    `${more} more findings not shown: one run reports at most 1,000; fix these and run again`,
  );
  return { ...cut, leftOut: more };
}
