import { describe, expect, it } from 'vitest';
import { diagnostic, FILE_START } from '../../../src/core/diagnostic.js';
import type { AlertRuleChange } from '../../../src/model/alert-rule-change.js';
import type { Plan } from '../../../src/model/types.js';
import { pendingChanges } from '../../../src/model/types.js';
import type { ReviewEntry, ReviewStatus } from '../../../src/plan/evidence/review.js';
import { admit } from '../../../src/plan/gate.js';
import { testChange } from '../../helpers/changes.js';

function planOf(changes: readonly AlertRuleChange[]): Plan {
  return { organizations: ['o'], changes, diagnostics: [], unmanaged: [], ghosts: [], outdated: [] };
}

const create = testChange('create', { name: 'new', line: 1 });
const update = testChange('update', { name: 'edited', id: 'r1', line: 10 });
const remove = testChange('delete', { name: 'gone', id: 'r2', line: 20 });
const noop = testChange('noop', { name: 'same', id: 'r3', line: 30 });
const plan = planOf([create, noop, update, remove]);

function entry(change: AlertRuleChange, status: ReviewStatus): ReviewEntry {
  return {
    kind: change.kind,
    name: change.name,
    action: change.action === 'noop' ? 'update' : change.action,
    id: change.id,
    file: change.file,
    line: change.line,
    status,
    fields: [],
    why: status === 'as reviewed' ? '' : 'it was not on the reviewed plan',
  };
}

const marks = (p: Plan) => pendingChanges(p).map((c) => c.gate);

describe('admit', () => {
  it('marks the same plan: every pending change admitted, deletes only with prune, noops untouched', () => {
    const withPrune = admit(plan, { prune: true });
    expect(marks(withPrune.plan)).toEqual([{ admitted: true }, { admitted: true }, { admitted: true }]);
    expect(withPrune.plan.changes[1]).toBe(noop);
    expect(withPrune.diagnostics).toEqual([]);
    expect(withPrune.skipped).toEqual([]);
    expect(marks(admit(plan, { prune: false }).plan)[2]).toEqual({ admitted: false, reason: 'prune is off' });
  });

  it('holds every change when the run found errors, and says why', () => {
    const held = admit(plan, { prune: true, errors: 2 });
    expect(
      marks(held.plan).every((m) => m?.admitted === false && m.reason === 'findings block the apply'),
    ).toBe(true);
    expect(held.skipped).toEqual(['nothing was written: 2 errors must be fixed first']);
  });

  it('holds the changes not as reviewed with on-unreviewed: refuse, with the review status as reason', () => {
    const review = [
      entry(create, 'not reviewed'),
      entry(update, 'changed since review'),
      entry(remove, 'as reviewed'),
    ];
    const refused = admit(plan, { prune: true, review: { entries: review, onUnreviewed: 'refuse' } });
    expect(marks(refused.plan)).toEqual([
      { admitted: false, reason: 'not reviewed' },
      { admitted: false, reason: 'changed since review' },
      { admitted: true },
    ]);
    expect(refused.diagnostics.map((d) => d.severity)).toEqual(['error', 'error']);
    expect(refused.skipped).toEqual([
      '2 of 3 changes were not written: not as reviewed (on-unreviewed: refuse)',
    ]);
    const warned = admit(plan, { prune: true, review: { entries: review, onUnreviewed: 'warn' } });
    expect(marks(warned.plan).every((m) => m?.admitted)).toBe(true);
    expect(warned.diagnostics.map((d) => d.severity)).toEqual(['warning', 'warning']);
  });

  it('holds the changes a saved-plan check set aside, and all of them with strict', () => {
    const moved = diagnostic('error', 'a.yaml', FILE_START, 'apply.changed-since-plan', 'moved');
    const setAside = new Map([[1, moved]]);
    const lenient = admit(plan, { prune: true, savedPlan: { setAside, strict: false } });
    expect(marks(lenient.plan)).toEqual([
      { admitted: true },
      { admitted: false, reason: 'changed since the saved plan' },
      { admitted: true },
    ]);
    expect(lenient.diagnostics).toEqual([moved]);
    expect(lenient.skipped).toEqual(['1 of 3 changes was not written: see the errors']);
    const strict = admit(plan, { prune: true, savedPlan: { setAside, strict: true } });
    expect(marks(strict.plan)).toEqual([
      { admitted: false, reason: 'another change was held (strict)' },
      { admitted: false, reason: 'changed since the saved plan' },
      { admitted: false, reason: 'another change was held (strict)' },
    ]);
    expect(strict.skipped).toEqual(['nothing was written (--strict): 1 of 3 changes was refused']);
  });
});
