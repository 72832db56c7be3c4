/**
 * `drift`: the plan of the checked-out (default) branch against live, read as drift. Pending changes are
 * drift; ghost and outdated rules are counted apart (countDrift in src/plan/change-counts.ts) because
 * applying the plan does not remove them. Removed documents play no part: drift compares a revision with
 * live, not two revisions, so nothing is ever pruned here.
 */

import { plural } from '../core/plural.js';
import { UsageError } from '../core/usage-error.js';
import { kindOf } from '../kinds/registry.js';
import { countDrift } from '../plan/change-counts.js';
import { makePlan } from '../planner/make-plan.js';
import { driftedWords } from '../report/kind-words.js';
import type { DriftReport } from '../run/reports.js';
import type { RunContext } from '../run/types.js';
import { applyPlannedRun } from './apply.js';
import { adoptionFile, driftWriteBack, writeIntoTree } from './drift-adoption.js';

export interface DriftOptions {
  /** Apply the plan to remove the drift (never deletes). */
  readonly remediate: boolean;
  /**
   * Adopt the drift into the documents instead (docs/decisions/drift-pull-request.md): `into` is the file
   * for what no document manages (null: drift-adoption.ts's default); `tree` writes the
   * result into the working tree (`drift --write`), otherwise the report carries it (the action's pull
   * request).
   */
  readonly adopt?: { readonly into: string | null; readonly tree: boolean };
}

export async function runDrift(ctx: RunContext, options: DriftOptions): Promise<DriftReport> {
  const started = ctx.clock.now();
  // A choice of file the next run would not read is refused before any request.
  if (options.adopt !== undefined && options.remediate) {
    throw new UsageError('drift adopts the drift into git or remediates it, not both');
  }
  const into = options.adopt === undefined ? null : await adoptionFile(ctx, options.adopt.into);
  // Neither deletes nor rotations: a secret the service never returns is no drift anyone can see.
  const planned = await makePlan(
    { ...ctx, prune: false, rotateSecrets: false },
    { command: 'drift', useHistory: false },
  );
  const plan = planned.report.plan;
  if (plan !== null) {
    const drift = countDrift(plan);
    const differ = drift.drifted === 1 ? 'differs' : 'differ';
    // A kind whose secrets the service never returns (a receiver's) shows no drift of them.
    const secrets = plan.changes.some((c) => kindOf(c).uncompared !== undefined)
      ? " (receivers' secrets not compared)"
      : '';
    ctx.progress(
      `drift: ${driftedWords(drift.byKind, 'rule')} ${differ} from the documents${secrets}; ` +
        `${drift.ghosts} ghost, ${drift.outdated} not up to date`,
    );
  }
  if (options.adopt !== undefined && into !== null && plan !== null) {
    const adopted = await driftWriteBack(ctx, plan, planned.client, into);
    if (options.adopt.tree) {
      await writeIntoTree(ctx.root, adopted);
      ctx.progress(
        `drift --write: ${plural(adopted.files.length, 'file')} written` +
          (adopted.files.length > 0 ? ` (${adopted.files.map((f) => f.path).join(', ')})` : ''),
      );
    }
    // What is not written is said where the person reads, each with where it is.
    for (const d of adopted.toDecide) {
      const what = d.why === 'deleted' ? 'deleted outside git' : 'not in the service';
      ctx.progress(`drift: ${d.file}:${d.line} ${d.name} is ${what}: left for you to keep or remove`);
    }
    for (const n of adopted.notWritten) {
      ctx.progress(`drift: ${n.file} ${n.name} not written back: ${n.reason}`);
    }
    return { ...planned.report, writeBack: adopted };
  }
  if (!options.remediate) return planned.report;
  return (await applyPlannedRun(ctx, planned, false, started)).report;
}
