/**
 * `drift`: the plan of the checked-out (default) branch against live, read as drift. Pending changes are
 * drift; ghost and outdated rules are counted apart (countDrift in src/plan/change-counts.ts) because
 * applying the plan does not remove them. Removed documents play no part: drift compares a revision with
 * live, not two revisions, so nothing is ever pruned here.
 */
import { countDrift } from '../plan/change-counts.js';
import { driftedWords } from '../report/drifted-words.js';
import type { RunContext, RunReport } from '../run/types.js';
import { applyPlannedRun } from './apply.js';
import { planRun } from './plan.js';

export interface DriftOptions {
  /** Apply the plan to remove the drift (never deletes). */
  readonly remediate: boolean;
}

export async function runDrift(ctx: RunContext, options: DriftOptions): Promise<RunReport> {
  const started = ctx.clock.now();
  // Neither deletes nor rotations: a secret the service never returns is no drift anyone can see.
  const planned = await planRun({ ...ctx, prune: false, rotateSecrets: false }, 'drift', {
    useHistory: false,
  });
  const plan = planned.report.plan;
  if (plan !== null) {
    const drift = countDrift(plan);
    const differ = drift.rules + drift.receivers === 1 ? 'differs' : 'differ';
    // A receiver's secret is never returned by the service: no drift of it can be seen.
    const secrets = plan.receivers !== undefined ? " (receivers' secrets not compared)" : '';
    ctx.progress(
      `drift: ${driftedWords(drift.rules, drift.receivers, 'rule')} ${differ} from the documents${secrets}; ` +
        `${drift.ghosts} ghost, ${drift.outdated} not up to date`,
    );
  }
  if (!options.remediate) return planned.report;
  return applyPlannedRun(ctx, planned, 'drift', false, started);
}
