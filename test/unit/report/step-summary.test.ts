import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../../../src/markdown/escape.js';
import { countRun } from '../../../src/report/run-counts.js';
import { renderSummary, SUMMARY_LIMIT_BYTES } from '../../../src/report/step-summary.js';
import { change, finding, findings, plan, report, result } from './report-factory.js';

/** Structural checks that a cut never leaves broken Markdown behind. */
function expectBalanced(markdown: string): void {
  expect(markdown.match(/<details/g)?.length ?? 0).toBe(markdown.match(/<\/details>/g)?.length ?? 0);
  expect((markdown.match(/^```/gm)?.length ?? 0) % 2).toBe(0);
  for (const line of markdown.split('\n').filter((l) => l.startsWith('|')))
    expect(line.endsWith('|')).toBe(true);
}

describe('renderSummary', () => {
  it('never says "no changes" when the live rules could not be read', () => {
    const unreadPlan = { ...plan([]), unread: ['7f1b2c3d-0000-4000-8000-000000000002'] };
    const r = report({ plan: unreadPlan, diagnostics: [finding('error', '', 1)] });
    const markdown = renderSummary(r, countRun(r));
    expect(markdown).toContain(
      'Not planned: the live rules of `7f1b2c3d-0000-4000-8000-000000000002` could not be read',
    );
    expect(markdown).not.toContain('No changes');
  });

  it('lists apply results, including failures and overwritten outside edits', () => {
    const failed = result(2, false);
    const overwrote = {
      ...result(1),
      change: {
        ...change(1),
        outsideEdit: [{ path: 'severity', before: 'LOW', after: 'HIGH' }],
      },
    };
    const r = report({ command: 'apply', plan: plan([change(1), change(2)]), results: [overwrote, failed] });
    const md = renderSummary(r, countRun(r));
    expect(md).toContain('**Failed: 1 of 2 writes failed, 1 written.**');
    expect(md).toContain('### Plan (2 changes, 0 unchanged; results below)');
    expect(md).toContain('| ❌ failed | ✏️ update | rule-2 |');
    expect(md).toContain('overwrote an edit made outside git: `severity`');
  });

  it("counts the receivers' changes with the rules' in the plan's heading, as the headline does", () => {
    const receiver = {
      kind: 'AlertReceiver' as const,
      action: 'update' as const,
      id: '5e1ec7ed-0000-4000-8000-000000000202',
      name: 'email-platform',
      type: 'EMAIL',
      organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
      file: 'receivers.yaml',
      line: 1,
      diff: [{ path: 'send_resolved', before: false, after: true }],
      against: {},
      request: {
        name: 'email-platform',
        description: '',
        type: 'EMAIL' as const,
        send_resolved: true,
        owner: null,
        severity: null,
      },
      secrets: [],
    };
    const withRule = report({ plan: plan([receiver, change(1), change(2, 'noop')]) });
    expect(renderSummary(withRule, countRun(withRule))).toContain('### Plan (2 pending, 1 unchanged)');
    // A receiver's change alone is the plan's one pending change, listed as a rule's would be; the rule
    // that matches its document is counted unchanged.
    const onlyReceiver = report({ plan: plan([receiver, change(2, 'noop')]) });
    const md = renderSummary(onlyReceiver, countRun(onlyReceiver));
    expect(md).toContain('### Plan (1 pending, 1 unchanged)');
    expect(md).toContain('**✏️ update** alert receiver `email-platform`');
    expect(md).not.toContain('No changes');
    const drift = report({ command: 'drift', plan: plan([receiver, change(1), change(2, 'noop')]) });
    expect(renderSummary(drift, countRun(drift))).toContain(
      '### Drift (1 rule and 1 alert receiver differ, 1 in sync)',
    );
    const quiet = report({ plan: plan([{ ...receiver, action: 'noop' as const }, change(2, 'noop')]) });
    expect(renderSummary(quiet, countRun(quiet))).toContain(
      'No changes: 1 alert rule and 1 alert receiver match their documents.',
    );
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
    // A run with errors shows its findings first: every one fits, and the plan's last changes are left out.
    expect(md).toMatch(/> \*\*Cut to fit GitHub's size limit:\*\* \d+ changes, 1 section left out\./);
    expect(md.indexOf('### Findings')).toBeLessThan(md.indexOf('### Plan'));
    expect(md.match(/^\| ❌ error \|/gm)).toHaveLength(300);
    expectBalanced(md);
  });

  it('counts in words that agree with the number', () => {
    const ref = { id: null, name: 'x', organizationId: 'o', clusterId: null, state: 'OK' };
    const one = report({
      plan: {
        ...plan([change(1, 'noop')]),
        ghosts: [ref],
        outdated: [ref],
        unmanaged: [{ ...ref, kind: 'AlertRule' as const }],
      },
    });
    const md = renderSummary(one, countRun(one));
    expect(md).toContain('No changes: 1 alert rule matches its document.');
    expect(md).toContain(
      '1 live rule no document manages (left untouched); 1 ghost rule (in the alerting system only; cannot be managed); 1 rule with an outdated version deployed',
    );
    const two = report({
      command: 'drift',
      plan: { ...plan([change(1, 'noop'), change(2, 'noop')]), ghosts: [ref, ref] },
    });
    const drift = renderSummary(two, countRun(two));
    expect(drift).toContain('No drift: 2 alert rules match their documents.');
    expect(drift).toContain('2 ghost rules (');
    const drifted = report({ command: 'drift', plan: plan([change(1), change(2, 'noop')]) });
    expect(renderSummary(drifted, countRun(drifted))).toContain('### Drift (1 rule differs, 1 in sync)');
  });

  it('keeps the whole report when it fits', () => {
    const r = report({ diagnostics: [finding('warning', 'a.yaml', 3)] });
    expect(renderSummary(r, countRun(r))).not.toContain('Cut to fit');
  });
});
