import { describe, expect, it } from 'vitest';
import type { ReceiverChange } from '../../../src/model/alert-receiver-change.js';
import { countRun, headline, isFailing, runOutcome } from '../../../src/report/run-counts.js';
import { change, finding, held, plan, report, result } from './report-factory.js';

describe('countRun', () => {
  it('counts pending changes, findings, writes and component violations', () => {
    const component = {
      file: 'c.yaml',
      line: 1,
      organizationId: 'o',
      templateKey: 'aws-standard',
      templateVersion: '1.4.0',
      componentKey: 'karpenter',
      clusterMode: 'QOVERY_MANAGED' as const,
      cloudProvider: 'AWS' as const,
      status: 'resolved' as const,
      violations: 3,
      requirements: [],
      bindings: [],
    };
    const r = report({
      command: 'apply',
      plan: plan([change(1), change(2, 'create'), change(3, 'noop')]),
      diagnostics: [
        finding('error', 'a.yaml', 1),
        finding('warning', 'a.yaml', 2),
        finding('notice', 'a.yaml', 3),
      ],
      results: [result(1), result(2, false)],
      components: [component],
    });
    expect(countRun(r)).toEqual({
      changes: 2,
      violations: 3,
      errors: 2,
      warnings: 1,
      drift: 0,
      applied: 1,
      failed: 1,
    });
  });

  it('counts drift only for drift checks', () => {
    const pending = plan([change(1), change(2)]);
    expect(countRun(report({ command: 'drift', plan: pending })).drift).toBe(2);
    expect(countRun(report({ command: 'plan', plan: pending })).drift).toBe(0);
  });
});

describe('isFailing', () => {
  const counts = (errors: number, warnings: number) => ({ ...countRun(report()), errors, warnings });
  it('fails on errors always, and on warnings when fail-on is warning', () => {
    expect(isFailing(counts(1, 0), 'error')).toBe(true);
    expect(isFailing(counts(0, 2), 'error')).toBe(false);
    expect(isFailing(counts(0, 2), 'warning')).toBe(true);
    expect(isFailing(counts(0, 0), 'warning')).toBe(false);
  });
});

describe('headline', () => {
  it('says how each command went in one line', () => {
    const say = (r: ReturnType<typeof report>) => headline(r, countRun(r));
    expect(say(report({ command: 'validate' }))).toBe('validate: all documents valid');
    expect(say(report({ plan: plan([change(1, 'noop')]) }))).toBe('plan: no changes');
    expect(say(report({ plan: plan([change(1)]), diagnostics: [finding('warning', 'a', 1)] }))).toBe(
      'plan: 1 warning, 1 change pending',
    );
    expect(say(report({ command: 'drift', plan: plan([change(1), change(2)]) }))).toBe(
      'drift: 2 rules drifted',
    );
    expect(say(report({ command: 'apply', results: [result(1), result(2, false)] }))).toBe(
      'apply: 1 error, 1 applied, 1 failed',
    );
  });
});

describe('runOutcome: one closing line per outcome', () => {
  const unreadPlan = { ...plan([]), unread: ['7f1b2c3d-0000-4000-8000-000000000001'] };
  const readFailure = finding('error', '', 1);

  it('a plan whose live rules could not be read failed: never "nothing to do", never a zero count', () => {
    const r = report({ command: 'plan', plan: unreadPlan, diagnostics: [readFailure] });
    expect(runOutcome(r)).toEqual({
      kind: 'failed',
      line: 'Failed: the live alert rules of 7f1b2c3d-0000-4000-8000-000000000001 could not be read, so nothing was planned; 1 error.',
    });
    expect(headline(r, countRun(r))).toBe('plan: 1 error, live rules not read');
    const drift = report({ command: 'drift', plan: unreadPlan, diagnostics: [readFailure] });
    expect(runOutcome(drift).kind).toBe('failed');
    expect(headline(drift, countRun(drift))).toBe('drift: 1 error, live rules not read');
  });

  it('a run stopped before any plan (a refused token, a base that cannot be read) failed', () => {
    expect(runOutcome(report({ command: 'plan', plan: null, diagnostics: [readFailure] }))).toEqual({
      kind: 'failed',
      line: 'Failed: 1 error; nothing was planned.',
    });
    // An apply stopped there (a refused plan file, say) says what matters of an apply.
    expect(runOutcome(report({ command: 'apply', plan: null, diagnostics: [readFailure] }))).toEqual({
      kind: 'failed',
      line: 'Failed: 1 error; nothing was written.',
    });
  });

  it('an apply that held its writes back for errors refused; one whose writes failed failed', () => {
    const refused = report({
      command: 'apply',
      plan: plan([held(change(1)), held(change(2))]),
      diagnostics: [finding('error', 'a.yaml', 1)],
      skipped: ['nothing was written: 1 error must be fixed first'],
    });
    expect(runOutcome(refused)).toEqual({
      kind: 'refused',
      line: 'Refused: nothing was written: 1 error to fix first.',
    });
    // Warnings do not hold writes back under fail-on: error: never "to fix first".
    const warned = report({
      ...refused,
      diagnostics: [
        finding('error', 'a.yaml', 1),
        finding('warning', 'a.yaml', 2),
        finding('warning', 'a.yaml', 3),
      ],
    });
    expect(runOutcome(warned).line).toBe('Refused: nothing was written: 1 error to fix first (2 warnings).');
    expect(runOutcome(warned, 'warning').line).toBe(
      'Refused: nothing was written: 1 error, 2 warnings to fix first.',
    );
    const partly = report({
      command: 'apply',
      plan: plan([change(1), held(change(2), 'not reviewed')]),
      diagnostics: [finding('error', 'a.yaml', 1)],
      results: [result(1)],
      skipped: ['1 of 2 changes was not written: not as reviewed (on-unreviewed: refuse)'],
    });
    expect(runOutcome(partly).line).toBe(
      'Refused: 1 of 2 changes not written, 1 written: 1 error to fix first.',
    );
    const failed = report({
      command: 'apply',
      plan: plan([change(1), change(2)]),
      results: [result(1), result(2, false)],
    });
    expect(runOutcome(failed)).toEqual({ kind: 'failed', line: 'Failed: 1 of 2 writes failed, 1 written.' });
    const lost = report({ command: 'apply', plan: plan([change(1)]), diagnostics: [readFailure] });
    expect(runOutcome(lost).kind).toBe('failed');
  });

  it('done, nothing to do and changes pending, in the words of each command', () => {
    expect(runOutcome(report({ command: 'apply', plan: plan([change(1)]), results: [result(1)] }))).toEqual({
      kind: 'done',
      line: 'Done: 1 change written.',
    });
    expect(runOutcome(report({ command: 'plan', plan: plan([change(1), change(2, 'noop')]) }))).toEqual({
      kind: 'changes pending',
      line: 'Changes pending: 1 change to apply.',
    });
    expect(runOutcome(report({ command: 'drift', plan: plan([change(1)]) })).line).toBe(
      'Changes pending: 1 live rule drifted from the documents.',
    );
    // A receiver edited outside git is said as a receiver, not counted as a rule.
    const receiver = {
      kind: 'AlertReceiver',
      action: 'update',
      id: 'r1',
      name: 'pager',
    } as unknown as ReceiverChange;
    expect(runOutcome(report({ command: 'drift', plan: plan([receiver, change(1)]) })).line).toBe(
      'Changes pending: 1 live rule and 1 alert receiver drifted from the documents.',
    );
    expect(runOutcome(report({ command: 'drift', plan: plan([receiver]) })).line).toBe(
      'Changes pending: 1 alert receiver drifted from the documents.',
    );
    expect(runOutcome(report({ command: 'plan', plan: plan([change(1, 'noop')]) }))).toEqual({
      kind: 'nothing to do',
      line: 'Nothing to do: the live state matches the documents.',
    });
    expect(runOutcome(report({ command: 'validate', plan: null })).line).toBe(
      'Done: the documents are valid.',
    );
    const warned = report({
      command: 'validate',
      plan: null,
      diagnostics: [finding('warning', 'a.yaml', 1)],
    });
    expect(runOutcome(warned).line).toBe('Done: the documents are valid (1 warning).');
    expect(runOutcome(warned, 'warning').line).toBe('Failed: 1 warning (fail-on: warning).');
  });
});
