/**
 * A plan's outside edits, kept only when its base revision is known to have been applied (see
 * src/plan/evidence/base-applied.ts): the action's pull-request plan, whose comment a reviewer reads, must not call
 * a value of the base that was never applied "an edit made outside git".
 */

import { pendingChanges, withPendingReplaced } from '../model/types.js';
import { type BaseApplied, withKnownOutsideEdits } from '../plan/evidence/base-applied.js';
import type { RunReport } from '../run/types.js';
import { runFindings } from './run-report.js';

export function withBaseEvidence(report: RunReport, base: BaseApplied): RunReport {
  if (report.plan === null) return { ...report, baseApplied: base };
  const known = withKnownOutsideEdits(pendingChanges(report.plan), null, base);
  return {
    ...report,
    plan: withPendingReplaced(report.plan, known.changes),
    diagnostics: runFindings([...report.diagnostics, ...known.diagnostics]),
    baseApplied: base,
  };
}
