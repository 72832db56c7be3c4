import { describe, expect, it } from 'vitest';
import { withBaseEvidence } from '../../../src/commands/plan.js';
import type { BaseApplied } from '../../../src/evidence/base-apply.js';
import { knownOutsideEdits } from '../../../src/evidence/known-outside-edits.js';
import type { AlertRuleChange } from '../../../src/model/alert-rule-change.js';
import { change, plan, planReport } from '../report/report-factory.js';

const edited: AlertRuleChange = {
  ...change(1, 'update'),
  outsideEdit: [{ path: 'severity', before: 'LOW', after: 'HIGH' }],
};
const FAILED: BaseApplied = {
  applied: false,
  commit: 'a'.repeat(40),
  concluded: true,
  why: 'the apply of commit aaaaaaaaaaaa did not succeed (its Checks run concluded failure)',
};

describe("a pull-request plan's outside edits", () => {
  it('are dropped, with one notice, when the base was not applied', () => {
    const out = withBaseEvidence(
      planReport({ plan: plan([edited, change(2, 'create'), change(3, 'noop')]) }),
      FAILED,
    );
    expect(out.plan!.changes[0]).not.toHaveProperty('outsideEdit');
    expect(out.plan!.changes.slice(1)).toEqual(
      plan([edited, change(2, 'create'), change(3, 'noop')]).changes.slice(1),
    );
    expect(out.diagnostics.map((d) => [d.severity, d.code, d.message])).toEqual([
      [
        'notice',
        'plan.outside-edits-unknown',
        `The live rules of 1 update differ from the base revision's documents; that is not reported as an outside edit, because ${FAILED.why}: those values may simply never have been applied.`,
      ],
    ]);
    expect(out.baseApplied).toBe(FAILED);
  });

  it('are kept when the base was applied, and a run without a plan only records the evidence', () => {
    const applied: BaseApplied = { applied: true, commit: 'a'.repeat(40) };
    const planned = planReport({ plan: plan([edited]) });
    expect(withBaseEvidence(planned, applied)).toEqual({ ...planned, baseApplied: applied });
    const validated = planReport({ plan: null });
    expect(withBaseEvidence(validated, FAILED)).toEqual({ ...validated, baseApplied: FAILED });
  });

  it('are the rule of the plan alone: the changes kept or dropped, and the notice, without the report', () => {
    const planned = plan([edited, change(2, 'create')]);
    expect(knownOutsideEdits(planned, { applied: true, commit: 'a'.repeat(40) })).toEqual({
      plan: planned,
      diagnostics: [],
    });
    const dropped = knownOutsideEdits(planned, FAILED);
    expect(dropped.plan.changes[0]).not.toHaveProperty('outsideEdit');
    expect(dropped.diagnostics.map((d) => d.code)).toEqual(['plan.outside-edits-unknown']);
  });
});
