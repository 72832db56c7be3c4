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
import { loadDocuments } from '../documents/load.js';
import { registerReceiverSecrets } from '../documents/receiver-secrets.js';
import type { LoadResult } from '../documents/types.js';
import { indexLive } from '../kinds/alert-rule/identity.js';
import { referencesFrom } from '../kinds/alert-rule/rule-references.js';
import { PLAN_CODES } from '../model/codes.js';
import { unreadFiles } from '../model/removed.js';
import { type Plan, pendingChanges } from '../model/types.js';
import type { GateEvidence } from '../plan/gate.js';
import { documentsDigest, type PlanFile, PlanFileError, parsePlanFile, planOf } from '../plan/plan-file.js';
import {
  checkSavedPlan,
  differenceSentence,
  type PlanDifference,
  type SavedPlanCheck,
} from '../plan/saved-plan-check.js';
import type { RunContext, RunReport } from '../run/types.js';
import type { ServiceClient } from '../service/types.js';
import { loadBase, NO_BASE } from './base-revision.js';
import { executePlan } from './execute-plan.js';
import { loadOptionsOf } from './load-options.js';
import { readPlanFileText } from './plan-file-text.js';
import { type PlannedRules, planRules, type RuleDocuments, ruleDocuments } from './plan-rules.js';
import { runReport } from './run-report.js';

export interface ApplyPlanOptions {
  /** The saved plan's path, relative to the working directory. */
  readonly planFile: string;
  /** All or nothing: when any change is refused, write none. */
  readonly strict: boolean;
}

export async function runApplyPlan(ctx: RunContext, options: ApplyPlanOptions): Promise<RunReport> {
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
  const head = await loadPlannedDocuments(ctx, saved, options.planFile);
  if (isRefused(head)) return refuse(head);
  const docs = await planDocuments(ctx, saved, head, options.planFile);
  if (isRefused(docs)) return refuse(docs);
  const anything =
    docs.rules.length > 0 ||
    docs.removed.length > 0 ||
    docs.receivers.length > 0 ||
    docs.removedReceivers.length > 0;
  if (!anything && saved.changes.length === 0) {
    return runReport(ctx, { command: 'apply', started, diagnostics: head.loaded.diagnostics });
  }
  const client = anything ? ctx.service() : null;
  const planned = client ? await planRules(docs.planCtx, client, docs) : null;
  // What the documents and the reads found, which every report from here on carries.
  const found = [...head.loaded.diagnostics, ...(planned?.reads ?? [])];
  const { setAside, difference } = gate(saved, docs, planned);
  if (difference !== null) return refuse(differs(options.planFile, difference, found, planned), client);

  // Without documents every change of the file is a difference (refused above), and none is set aside:
  // no client means nothing to write.
  if (client === null) return runReport(ctx, { command: 'apply', started, diagnostics: found });
  return executeSavedPlan(
    ctx,
    client,
    saved,
    { setAside, strict: options.strict },
    { started, found, again: planned?.plan ?? null },
  );
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

interface PlannedDocuments {
  readonly paths: readonly string[];
  readonly loaded: LoadResult;
}

/** The documents checked out; refused when they are not those the plan was made from. */
async function loadPlannedDocuments(
  ctx: RunContext,
  saved: PlanFile,
  planFile: string,
): Promise<PlannedDocuments | Refused> {
  const paths = ctx.paths.length > 0 ? ctx.paths : ['.'];
  const loaded = await loadDocuments(ctx.root, paths, loadOptionsOf(ctx));
  // Before any request: a secret a receiver takes from the environment is hidden from every output.
  registerReceiverSecrets(loaded.documents, ctx.env, ctx.redactor);
  if (documentsDigest(loaded.documents) === saved.digest) return { paths, loaded };
  return new Refused([
    refusal(
      PLAN_CODES.planFileOtherDocuments,
      `The plan file ${planFile} was made from other documents than those in ${ctx.root} ` +
        `(${saved.commit ? `commit ${saved.commit}` : 'another revision'}): check out what was planned, or plan again.`,
    ),
  ]);
}

/** The rule documents to plan again, with the context `plan` made the file in. */
interface DocumentsToPlan extends RuleDocuments {
  readonly planCtx: RunContext;
}

/**
 * The plan again, as `plan` made it: its base and prune are the file's, and only with prune does the
 * base count (the documents removed since it are the only rules a plan deletes).
 */
async function planDocuments(
  ctx: RunContext,
  saved: PlanFile,
  head: PlannedDocuments,
  planFile: string,
): Promise<DocumentsToPlan | Refused> {
  const planCtx: RunContext = {
    ...ctx,
    base: saved.base,
    prune: saved.prune,
    rotateSecrets: saved.rotateSecrets === true,
    baseFallback: false,
  };
  const base = saved.prune ? await loadBase(planCtx, head.paths) : NO_BASE;
  if (base.finding?.severity === 'error') return new Refused([...head.loaded.diagnostics, base.finding]);
  // A plan deletes only rules whose documents the history checked out removed: a base off that history
  // (another branch's commit holding a document for any rule) would make any rule a removed one.
  if (saved.prune && !(await ctx.git?.isAncestor(saved.base!, 'HEAD'))) {
    return new Refused([
      ...head.loaded.diagnostics,
      refusal(
        PLAN_CODES.planFileDiffers,
        `The plan file ${planFile} was refused: its base ${saved.base} is not in the history checked ` +
          'out (not an ancestor of HEAD), and a plan deletes only the rules whose documents that history ' +
          "removed. Nothing was written: plan again ('plan --prune --base REV --out FILE') and apply that file.",
      ),
    ]);
  }
  const docs = ruleDocuments(
    head.loaded.documents,
    base.documents?.documents ?? null,
    ctx.organizationId,
    saved.prune,
    unreadFiles(head.loaded.diagnostics, head.loaded.skippedFiles),
  );
  return { ...docs, planCtx };
}

/**
 * The gate (saved-plan-check.ts): the changes whose live object moved are set aside (refused, as before
 * this check), the others, of every kind, must be the plan made again, or nothing at all is written.
 */
function gate(saved: PlanFile, docs: RuleDocuments, planned: PlannedRules | null): SavedPlanCheck {
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
  planned: PlannedRules | null,
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
): Promise<RunReport> {
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
