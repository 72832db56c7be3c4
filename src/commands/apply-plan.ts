/**
 * `apply --plan FILE`: executes a saved plan and nothing else. It makes the plan again from the documents,
 * the base the file names and the live state (one list call per organization and kind), and refuses the
 * file whole, before any write, unless each of its changes, of every kind, is the change made again
 * (saved-plan-check.ts): the file proves nothing by itself. Then it writes each change whose live object is
 * still what the plan saw. A change whose object moved is refused (`apply.changed-since-plan`, naming the
 * fields); with `strict`, one refusal means nothing is written. docs/decisions/saved-plan.md.
 */
import { resultsOf } from '../apply/types.js';
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { indexLive } from '../kinds/alert-rule/identity.js';
import { referencesFrom } from '../kinds/alert-rule/rule-references.js';
import { PLAN_CODES } from '../model/codes.js';
import { type Plan, pendingChanges } from '../model/types.js';
import type { GateEvidence } from '../plan/gate.js';
import { type PlanFile, PlanFileError, parsePlanFile, planOf } from '../plan/plan-file.js';
import {
  checkSavedPlan,
  differenceSentence,
  type PlanDifference,
  type SavedPlanCheck,
} from '../plan/saved-plan-check.js';
import type { SavedPlanBasis } from '../planner/load-run.js';
import { makePlan } from '../planner/make-plan.js';
import type { AlertDocuments, PlannedAlertKinds } from '../planner/plan-kinds.js';
import { runReport } from '../planner/run-report.js';
import type { ApplyReport } from '../run/reports.js';
import type { RunContext } from '../run/types.js';
import type { ServiceClient } from '../service/types.js';
import { executePlan } from './execute-plan.js';
import { readPlanFileText } from './plan-file-text.js';

export interface ApplyPlanOptions {
  /** The saved plan's path, relative to the working directory. */
  readonly planFile: string;
  /** All or nothing: when any change is refused, write none. */
  readonly strict: boolean;
}

export async function runApplyPlan(ctx: RunContext, options: ApplyPlanOptions): Promise<ApplyReport> {
  const started = ctx.clock.now();
  const refuse = (refused: Refused, client: ServiceClient | null = null) =>
    runReport(ctx, {
      command: 'apply',
      started,
      diagnostics: refused.diagnostics,
      skipped: ['nothing was written: the plan file was refused'],
      client,
    });

  const saved = await readSavedPlan(options.planFile);
  if (isRefused(saved)) return refuse(saved);
  const planned = await makePlan(ctx, { command: 'apply', again: basisOf(saved, options.planFile) });
  if (planned.refused !== undefined || planned.made === null)
    return refuse(new Refused(planned.refused ?? []));
  const { documents: docs, loaded } = planned.made;
  const anything =
    docs.rules.length > 0 ||
    docs.removed.length > 0 ||
    docs.receivers.length > 0 ||
    docs.removedReceivers.length > 0;
  if (!anything && saved.changes.length === 0) {
    return runReport(ctx, { command: 'apply', started, diagnostics: loaded });
  }
  const { client } = planned;
  const again = planned.made.planned;
  // What the documents and the reads found, which every report from here on carries.
  const found = [...loaded, ...(again?.reads ?? [])];
  const { setAside, difference } = gate(saved, docs, again);
  if (difference !== null) return refuse(differs(options.planFile, difference, found, again), client);

  // Without documents every change of the file is a difference (refused above), and none is set aside:
  // no client means nothing to write.
  if (client === null) return runReport(ctx, { command: 'apply', started, diagnostics: found });
  return executeSavedPlan(
    ctx,
    client,
    saved,
    { setAside, strict: options.strict },
    { started, found, again: again?.plan ?? null },
  );
}

/** How the saved plan was made: the plan is made again the same way. */
function basisOf(saved: PlanFile, file: string): SavedPlanBasis {
  return {
    file,
    digest: saved.digest,
    commit: saved.commit,
    base: saved.base,
    prune: saved.prune,
    rotateSecrets: saved.rotateSecrets === true,
  };
}

/**
 * A step that refused the plan file: its findings, for a report that says nothing was written. A class,
 * so that no value read from the file can pass for one.
 */
class Refused {
  constructor(readonly diagnostics: readonly Diagnostic[]) {}
}

function isRefused<T>(step: T | Refused): step is Refused {
  return step instanceof Refused;
}

function refusal(code: string, message: string): Diagnostic {
  return diagnostic('error', '', FILE_START, code, message);
}

/** The plan file, parsed; refused when it cannot be read or is not a plan file. */
async function readSavedPlan(planFile: string): Promise<PlanFile | Refused> {
  try {
    return parsePlanFile(await readPlanFileText(planFile));
  } catch (error) {
    const why =
      error instanceof PlanFileError
        ? error.message
        : `it cannot be read (${(error as Error).message}): check the path, and give the file that 'plan --out' wrote`;
    return new Refused([
      refusal(PLAN_CODES.planFileInvalid, `The plan file ${planFile} was refused: ${why}.`),
    ]);
  }
}

/**
 * The gate (saved-plan-check.ts): the changes whose live object moved are set aside (refused, as before
 * this check), the others, of every kind, must be the plan made again, or nothing at all is written.
 */
function gate(saved: PlanFile, docs: AlertDocuments, planned: PlannedAlertKinds | null): SavedPlanCheck {
  return checkSavedPlan({
    saved: saved.changes,
    recomputed: planned ? pendingChanges(planned.plan) : [],
    live: new Map([...(planned?.live ?? [])].map(([org, rules]) => [org, indexLive(rules)] as const)),
    organizations: new Set(docs.organizations),
    rules: docs.rules,
    removed: docs.removed,
    given: planned?.plan.changes ?? [],
  });
}

/** The refusal of a file that is not the plan made again, at its first difference, with what led to it. */
function differs(
  planFile: string,
  difference: PlanDifference,
  found: readonly Diagnostic[],
  planned: PlannedAlertKinds | null,
): Refused {
  const at = difference.at;
  const planErrors = (planned?.plan.diagnostics ?? []).filter((d) => d.severity === 'error');
  return new Refused([
    ...found,
    ...planErrors,
    diagnostic(
      'error',
      at?.file ?? '',
      at ? { line: at.line, column: 1, endLine: at.line, endColumn: 1 } : FILE_START,
      PLAN_CODES.planFileDiffers,
      `The plan file ${planFile} was refused: it is not the plan these documents give ` +
        `(first difference: ${differenceSentence(difference)}). Nothing was written: plan again ` +
        "('plan --out FILE') and apply that file.",
    ),
  ]);
}

/**
 * The gate (src/plan/gate.ts) holds the changes set aside, or all of them with strict; apply writes
 * the others and returns the file's plan with their results, which the report carries.
 */
async function executeSavedPlan(
  ctx: RunContext,
  client: ServiceClient,
  saved: PlanFile,
  savedPlan: NonNullable<GateEvidence['savedPlan']>,
  run: { readonly started: number; readonly found: readonly Diagnostic[]; readonly again: Plan | null },
): Promise<ApplyReport> {
  // The file holds ids; the reports name them, from the same changes made again.
  const plan = run.again === null ? planOf(saved) : referencesFrom(planOf(saved), run.again);
  const executed = await executePlan(ctx, client, plan, { prune: saved.prune, savedPlan });
  const report = runReport(ctx, {
    command: 'apply',
    started: run.started,
    diagnostics: [...run.found, ...executed.diagnostics],
    skipped: executed.skipped,
    client,
    plan: executed.plan,
  });
  return { ...report, results: resultsOf(executed.plan) };
}
