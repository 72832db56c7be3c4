import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../../../src/report/markdown.js';
import { countRun } from '../../../src/report/outcome.js';
import { renderSummary, SUMMARY_LIMIT_BYTES } from '../../../src/report/summary.js';
import { change, finding, findings, plan, report, result } from './report-factory.js';

/** Structural checks that a cut never leaves broken Markdown behind. */
function expectBalanced(markdown: string): void {
  expect(markdown.match(/<details/g)?.length ?? 0).toBe(markdown.match(/<\/details>/g)?.length ?? 0);
  expect((markdown.match(/^```/gm)?.length ?? 0) % 2).toBe(0);
  for (const line of markdown.split('\n').filter((l) => l.startsWith('|')))
    expect(line.endsWith('|')).toBe(true);
}

describe('renderSummary', () => {
  it('shows the plan per rule with its action and changed fields, and what the run cost', () => {
    const r = report({ plan: plan([change(1), change(2, 'create'), change(3, 'noop')]) });
    const md = renderSummary(r, countRun(r), { planJsonPath: '/tmp/run.json' });
    expect(md).toContain('## platform-gitops plan');
    expect(md).toContain('**plan: 2 changes pending**');
    expect(md).toContain('### Plan (2 pending, 1 unchanged)');
    expect(md).toContain(
      '| ✏️ update | rule-1 | `alerting/rules-1.yaml:21` | `severity`: `"LOW"` → `"HIGH"`<br>`condition.threshold`: `0.5` → `0.9` |',
    );
    expect(md).toContain('| ➕ create | rule-2 |');
    expect(md).not.toContain('rule-3');
    expect(md).toContain('<details><summary>2 requests to the service; 1.2 s</summary>');
    expect(md).toContain('| `getAlertRules` | 1 |');
    expect(md).toContain('The whole run as JSON: `/tmp/run.json`');
    expectBalanced(md);
  });

  it('lists apply results, including failures and overwritten outside edits', () => {
    const failed = result(2, false);
    const overwrote = {
      ...result(1),
      overwroteOutsideEdit: [{ path: 'severity', before: 'LOW', after: 'HIGH' }],
    };
    const r = report({ command: 'apply', plan: plan([change(1), change(2)]), results: [overwrote, failed] });
    const md = renderSummary(r, countRun(r));
    expect(md).toContain('**apply: 1 error, 1 applied, 1 failed**');
    expect(md).toContain('| ❌ failed | ✏️ update | rule-2 |');
    expect(md).toContain('overwrote an edit made outside git: `severity`');
  });

  it('says what was skipped and why', () => {
    const r = report({
      command: 'validate',
      skipped: ['No api-token was given: only offline validation ran.'],
    });
    expect(renderSummary(r, countRun(r), { notes: ['Checks run not created.'] })).toContain(
      '> No api-token was given: only offline validation ran.\n>\n> Checks run not created.',
    );
  });

  it('stays under 1 MiB with 2,000 changes, 300 violations and huge messages, cut at a row and said so', () => {
    const huge = findings(300, 'error').map((d, i) => ({ ...d, message: `${'€'.repeat(5000)} ${i}` }));
    const r = report({ plan: plan(Array.from({ length: 2000 }, (_, i) => change(i))), diagnostics: huge });
    const md = renderSummary(r, countRun(r));
    expect(utf8Bytes(md)).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES);
    expect(md).toMatch(/> \*\*Cut to fit GitHub's size limit:\*\* \d+ findings left out\./);
    expectBalanced(md);
  });

  it('keeps the whole report when it fits', () => {
    const r = report({ diagnostics: [finding('warning', 'a.yaml', 3)] });
    expect(renderSummary(r, countRun(r))).not.toContain('Cut to fit');
  });
});
