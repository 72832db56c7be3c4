import { describe, expect, it } from 'vitest';
import { actionOutcome, actionVerdict, LOGS_BUDGET_BYTES } from '../../../src/action/main-step-result.js';
import { renderReport } from '../../../src/cli/render.js';
import { Redactor } from '../../../src/core/redact.js';
import { runOutcome } from '../../../src/report/run-counts.js';
import { SUMMARY_LIMIT_BYTES } from '../../../src/report/step-summary.js';
import { change, finding, findings, held, plan, report, result } from '../report/report-factory.js';

const facts = {
  checkRunPublished: false,
  checkRunUrl: null,
  links: null,
  notes: [],
  planJsonPath: '/tmp/plan.json',
};

describe('actionOutcome', () => {
  it('a clean plan: outputs counted, no annotation, the step succeeds', () => {
    const r = report({ plan: plan([change(1), change(2, 'create'), change(3, 'noop')]) });
    const outcome = actionOutcome(r, { failOn: 'error' }, facts, new Redactor());
    expect(outcome.outputs).toEqual({
      command: 'plan',
      changes: 2,
      violations: 0,
      errors: 0,
      warnings: 0,
      drift: 0,
      applied: 0,
      failed: 0,
      'plan-json': '/tmp/plan.json',
    });
    expect(outcome.annotations).toEqual([]);
    expect(outcome.failure).toBeNull();
    expect(outcome.info).toBeNull();
    expect(outcome.verdict.checkConclusion).toBe('success');
    expect(outcome.summary).toContain('## platform-gitops plan');
    // The runner's temporary path means nothing to a reader: the summary names the output instead.
    expect(outcome.summary).not.toContain('/tmp/plan.json');
  });

  it('an error fails the step, with one annotation per finding and a slot kept for the failure', () => {
    const r = report({ diagnostics: [finding('error', 'a.yaml', 3, 'bad token s3cr3t')] });
    const redactor = new Redactor();
    redactor.add('s3cr3t');
    const outcome = actionOutcome(r, { failOn: 'error' }, facts, redactor);
    expect(outcome.annotations).toEqual([
      expect.stringMatching(
        /^::error file=a\.yaml,line=3,.*bad token \*\*\* \[test\.error\]%0Ahttps:\/\/github\.com\/acme\/platform-gitops\/blob\/v1\/docs\/reference\/codes\/test\.md#testerror$/,
      ),
    ]);
    expect(outcome.failure).toMatch(/^plan: 1 error/);
    expect(outcome.verdict.checkConclusion).toBe('failure');
    expect(outcome.summary).not.toContain('s3cr3t');
  });

  it('warnings fail the step only with fail-on: warning', () => {
    const r = report({ diagnostics: [finding('warning', 'a.yaml', 1)] });
    expect(actionOutcome(r, { failOn: 'error' }, facts, new Redactor()).failure).toBeNull();
    expect(actionOutcome(r, { failOn: 'warning' }, facts, new Redactor()).failure).not.toBeNull();
  });

  it('drift is neutral and said in one log line, not a failure', () => {
    const r = report({ command: 'drift', plan: plan([change(1)]) });
    const outcome = actionOutcome(r, { failOn: 'error' }, facts, new Redactor());
    expect(outcome.verdict.checkConclusion).toBe('neutral');
    expect(outcome.failure).toBeNull();
    expect(outcome.info).toBe('Drift found: 1 alert rule differs from the default branch.');
    expect(outcome.outputs.drift).toBe(1);
  });

  it('an apply is a success only when every write converged: one stored differently is neutral', () => {
    const converged = result(1);
    const stored = {
      ...result(2),
      converged: false,
      storedDifferently: [{ path: 'severity', before: 'LOW', after: 'HIGH' }],
    };
    const applied = (results: ReturnType<typeof result>[]) =>
      actionVerdict(report({ command: 'apply', plan: plan(results.map((r) => r.change)), results }), {
        failOn: 'error',
      });
    expect(applied([converged]).checkConclusion).toBe('success');
    // A later push run trusts `success` to mean the live rules matched the documents (outside edits).
    expect(applied([converged, stored]).checkConclusion).toBe('neutral');
    expect(applied([converged, stored]).failing).toBe(false);
  });

  it('a failed apply keeps room in the summary for cluster logs, and counts what was applied', () => {
    const [ok, failed] = [result(1), result(2, false)];
    const r = report({ command: 'apply', plan: plan([ok.change, failed.change]), results: [ok, failed] });
    const verdict = actionVerdict(r, { failOn: 'error' });
    expect(verdict.wantsLogs).toBe(true);
    const outcome = actionOutcome(r, { failOn: 'error' }, facts, new Redactor());
    expect(outcome.outputs).toMatchObject({ applied: 1, failed: 1, errors: 1 });
    expect(Buffer.byteLength(outcome.summary)).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES - LOGS_BUDGET_BYTES);
  });

  it('points at the Checks run when it holds the findings, and carries the posting notes', () => {
    const r = report({ diagnostics: findings(60, 'warning') });
    const outcome = actionOutcome(
      r,
      { failOn: 'error' },
      {
        ...facts,
        checkRunPublished: true,
        checkRunUrl: 'https://github.com/acme/gitops/runs/7',
        notes: ['The comment was not posted: HTTP 403.'],
      },
      new Redactor(),
    );
    // One line pointing at the Checks run instead of sixty workflow commands GitHub would show twice.
    expect(outcome.annotations).toHaveLength(1);
    expect(outcome.annotations[0]).toContain('https://github.com/acme/gitops/runs/7');
    expect(outcome.annotations[0]).not.toMatch(/^::/);
    expect(outcome.summary).toContain('The comment was not posted: HTTP 403.');
  });
});

describe('one outcome, said alike by every face', () => {
  const unread = { ...plan([]), unread: ['7f1b2c3d-0000-4000-8000-000000000001'] };
  const cases = {
    'live rules unread': report({ plan: unread, diagnostics: [finding('error', '', 1)] }),
    'changes pending': report({ plan: plan([change(1)]) }),
    'nothing to do': report({ plan: plan([change(1, 'noop')]) }),
    refused: report({
      command: 'apply',
      plan: plan([held(change(1))]),
      diagnostics: [finding('error', 'a.yaml', 1)],
      skipped: ['nothing was written: 1 error must be fixed first'],
    }),
    done: report({ command: 'apply', plan: plan([change(1)]), results: [result(1)] }),
  };

  it.each(Object.entries(cases))(
    '%s: the terminal’s last line, the JSON’s outcome and the job summary’s verdict',
    (_, r) => {
      const redactor = new Redactor();
      const expected = runOutcome(r);
      const text = renderReport(r, { format: 'text', color: false, redactor, policy: {} })
        .trimEnd()
        .split('\n');
      expect(text.at(-1)).toBe(expected.line);
      const json = JSON.parse(renderReport(r, { format: 'json', color: false, redactor, policy: {} }));
      expect(json.outcome).toEqual(expected);
      const summary = actionOutcome(r, { failOn: 'error' }, facts, redactor).summary;
      expect(summary.split('\n\n')[1]).toBe(`**${expected.line}**`);
      // After a failure no face may end on words of success, nor on a count of zero changes.
      if (expected.kind === 'failed' || expected.kind === 'refused') {
        expect(text.at(-1)).not.toMatch(/^(Plan|Done|Nothing)/);
        expect(text.join('\n')).not.toContain('Plan: 0 to create, 0 to update, 0 to delete.');
      }
    },
  );
});
