/**
 * What a reviewer reads first, said once and plainly: the plan by action and what merging does in the
 * comment, the Checks run's outcome said once, one title style for annotations, where an apply's outcome is
 * not known said once, and a failed run's findings before its plan.
 */

import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { diagnostic } from '../../../src/core/diagnostic.js';
import { checkRunSummary, toCheckAnnotations } from '../../../src/report/checks.js';
import { renderComment, whatMergingDoes } from '../../../src/report/comment.js';
import { FINDING_TITLES, findingTitle } from '../../../src/report/finding-title.js';
import { commentMarker } from '../../../src/report/markers.js';
import { countRun } from '../../../src/report/run-counts.js';
import { renderSummary } from '../../../src/report/step-summary.js';
import { formatWorkflowCommand } from '../../../src/report/workflow-commands.js';
import { change, finding, plan, report } from './report-factory.js';
import { LINKS } from './scenarios.js';

const at = { line: 4, column: 3, endLine: 4, endColumn: 9 };
const pending = plan([
  change(1, 'create'),
  change(2),
  change(3),
  change(4),
  change(5, 'delete'),
  change(6, 'noop'),
]);

describe('the sticky comment', () => {
  const comment = (r: ReturnType<typeof report>) =>
    renderComment(r, countRun(r), commentMarker('gitops', ['.']), LINKS.sha, { links: LINKS });

  it('opens with the plan by action and what merging does with it', () => {
    const md = comment(report({ plan: pending }));
    expect(md).toContain(
      '**Plan: 1 to create, 3 to update, 1 to delete.** Once merged into the default branch, the push run applies these changes.',
    );
    expect(md.indexOf('Plan: 1 to create')).toBeLessThan(md.indexOf('<details'));
  });

  it('says that an error blocks the whole apply, and shows the file with the error first', () => {
    const r = report({
      plan: pending,
      diagnostics: [
        finding('warning', 'alerting/a.yaml', 3),
        finding('error', 'components/z.yaml', 8, 'retentionDays must be between 1 and 365.'),
      ],
    });
    const md = comment(r);
    expect(md).toContain('**Plan: 1 to create, 3 to update, 1 to delete.**\n');
    expect(md).not.toContain('the push run applies these changes');
    expect(md).toContain(
      '> ❌ **1 error blocks the apply:** merged as it is, the push run writes nothing, not even the changes without a finding, until every error is fixed.',
    );
    expect(md.indexOf('<code>components/z.yaml</code>')).toBeLessThan(
      md.indexOf('<code>alerting/a.yaml</code>'),
    );
  });

  it('says nothing of a plan that was not made, and that merging changes no rule when none would change', () => {
    expect(
      whatMergingDoes(report({ command: 'validate', diagnostics: [finding('error', 'a.yaml', 1)] })),
    ).toBe(
      '> ❌ **1 error blocks the apply:** merged as it is, the push run writes nothing, not even the changes without a finding, until every error is fixed.',
    );
    expect(
      whatMergingDoes(
        report({ plan: plan([change(1, 'noop')]), diagnostics: [finding('warning', 'a.yaml', 1)] }),
      ),
    ).toBe('**Plan: 0 to create, 0 to update, 0 to delete.** Merging changes no alert rule.');
    // Live rules that could not be read are no plan: zeros would read as "nothing to do".
    expect(whatMergingDoes(report({ plan: { ...plan([]), unread: ['org-1'] } }))).toBe('');
  });
});

describe('the Checks run', () => {
  it('says its outcome once: the summary adds the plan by action and where the findings are, the text no heading', () => {
    const r = report({
      plan: pending,
      diagnostics: [finding('error', 'a.yaml', 2), finding('notice', '', 1)],
    });
    expect(checkRunSummary(r)).toBe(
      '**Plan: 1 to create, 3 to update, 1 to delete.**\n\n2 findings: listed below; 1 of them annotated on its line.',
    );
    const text = renderSummary(r, countRun(r), { heading: false });
    expect(text).not.toContain('platform-gitops plan');
    expect(text).not.toContain('plan: 1 error');
    expect(text.startsWith('### Findings')).toBe(true);
    expect(checkRunSummary(report({ command: 'validate' }))).toBe('No findings.');
  });
});

describe('annotation titles', () => {
  it('are words in one style, whatever the source; the code stays at the end of the message', () => {
    const violation = diagnostic(
      'error',
      'c.yaml',
      at,
      'VALUE_NOT_ALLOWED',
      'retentionDays must be between 1 and 365.',
    );
    const plan = diagnostic(
      'warning',
      'a.yaml',
      at,
      'plan.rule-not-up-to-date',
      'The live rule is outdated.',
    );
    const unknown = diagnostic('error', 'c.yaml', at, 'SOME_NEW_CODE', 'The service says no.');
    // Most important first: the errors (by code on one line), then the warning.
    const [first, second, third] = toCheckAnnotations([violation, unknown, plan], (t) => t);
    expect([first!.title, second!.title, third!.title]).toEqual([
      'Some new code',
      'Value not allowed',
      'Rule not up to date',
    ]);
    expect(second!.message).toBe(
      'retentionDays must be between 1 and 365. [VALUE_NOT_ALLOWED]\nhttps://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/component.md#value_not_allowed',
    );
    expect(formatWorkflowCommand(plan)).toBe(
      '::warning file=a.yaml,line=4,col=3,endColumn=8,title=Rule not up to date::The live rule is outdated. [plan.rule-not-up-to-date]%0Ahttps://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/plan.md#planrule-not-up-to-date',
    );
  });

  it('exist for every documented code, each a few words in sentence case, never a code', async () => {
    const dir = new URL('../../../docs/reference/codes/', import.meta.url);
    const pages = (await readdir(dir)).filter((name) => name.endsWith('.md') && name !== 'README.md');
    const docs = (await Promise.all(pages.map((name) => readFile(new URL(name, dir), 'utf8')))).join('\n');
    const documented = [...docs.matchAll(/^## (\S+)$/gm)].map((m) => m[1]!);
    expect(documented.length).toBeGreaterThan(90);
    expect(documented.filter((code) => FINDING_TITLES[code] === undefined)).toEqual([]);
    for (const code of documented) {
      const title = findingTitle({ code });
      expect(title, code).toMatch(/^[A-Z][a-zA-Z0-9 ,'-]{2,40}$/);
      expect(title).not.toBe(code);
    }
  });
});

describe('the job summary', () => {
  it('says once that the apply of a commit is not known, not under every change', () => {
    const changes = [change(1), change(5), change(9)];
    const unknown = {
      ...LINKS,
      provenance: new Map([
        [
          'alerting/rules-1.yaml',
          { sha: 'f'.repeat(40), pullRequest: null, apply: 'unknown' as const, asOf: 'base' as const },
        ],
      ]),
    };
    const md = renderSummary(report({ plan: plan(changes) }), countRun(report({ plan: plan(changes) })), {
      links: unknown,
    });
    expect(md.match(/not known/g)).toHaveLength(1);
    expect(md).toContain(
      'For [`fffffff`](https://github.com/acme/gitops/commit/ffffffffffffffffffffffffffffffffffffffff), no finished apply run could be read: whether it was applied is not known.',
    );
    expect(
      md.match(/Before this change, its file was last changed in \[`fffffff`\]\([^)]*\)\./g),
    ).toHaveLength(3);
  });

  it("puts a failed run's findings before its plan, and a clean run's after", () => {
    const failed = report({ command: 'apply', plan: pending, diagnostics: [finding('error', 'a.yaml', 2)] });
    const md = renderSummary(failed, countRun(failed));
    expect(md.indexOf('### Findings')).toBeLessThan(md.indexOf('### Plan'));
    // Nothing was written: no "results below" promised.
    expect(md).toContain('### Plan (5 changes, 1 unchanged)\n');
    const warned = report({ plan: pending, diagnostics: [finding('warning', 'a.yaml', 2)] });
    const clean = renderSummary(warned, countRun(warned));
    expect(clean.indexOf('### Findings')).toBeGreaterThan(clean.indexOf('### Plan'));
  });
});

describe('a delete that was not written', () => {
  it('reads as what applying does, never as done, in a refused apply and in drift', () => {
    const held = report({
      command: 'apply',
      plan: pending,
      diagnostics: [finding('error', 'alerting/rules-1.yaml', 21)],
      skipped: ['nothing was written: 1 error must be fixed first'],
    });
    const drift = report({ command: 'drift', plan: pending });
    for (const r of [held, drift]) {
      const md = renderSummary(r, countRun(r), { links: LINKS });
      expect(md).toContain(
        'Applying the documents deletes the live rule `a2a2a2a2-0000-4000-8000-000000000005`.',
      );
      expect(md).not.toMatch(/is deleted/);
    }
  });
});
