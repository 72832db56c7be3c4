/**
 * `apply --plan FILE`: executes a saved plan and nothing else. It makes the plan again from the documents,
 * the base the file names and the live rules (one list call per organization), and refuses the file whole,
 * before any write, unless each of its changes is the change made again (saved-plan-check.ts): the file
 * proves nothing by itself. Then it writes each change whose live rule is still what the plan saw. A
 * change whose rule moved is refused (`apply.changed-since-plan`, naming the fields); with `strict`, one
 * refusal means nothing is written. docs/decisions/saved-plan.md.
 */
import { applyChanges } from '../apply/apply.js';
import type { ChangeResult } from '../apply/types.js';
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { loadDocuments } from '../documents/load.js';
import { PLAN_CODES } from '../plan/codes.js';
import { fingerprintOf, movedFields } from '../plan/fingerprint.js';
import { clusterAndName, indexLive, type LiveIndex } from '../plan/identity.js';
import {
  changesOf,
  documentsDigest,
  type PlanFile,
  PlanFileError,
  parsePlanFile,
} from '../plan/plan-file.js';
import { declaredWhereSaid, differenceSentence, firstDifference } from '../plan/saved-plan-check.js';
import { type PendingChange, pendingChanges } from '../plan/types.js';
import { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';
import { loadBase, NO_BASE } from './base-revision.js';
import { loadOptionsOf } from './load-options.js';
import { readPlanFileText } from './plan-file-text.js';
import { planRules, ruleDocuments } from './plan-rules.js';
import { runReport } from './run-report.js';
import { serviceError } from './service-findings.js';
import type { RunContext, RunReport } from './types.js';

export interface ApplyPlanOptions {
  /** The saved plan's path, relative to the working directory. */
  readonly planFile: string;
  /** All or nothing: when any change is refused, write none. */
  readonly strict: boolean;
}

export async function runApplyPlan(ctx: RunContext, options: ApplyPlanOptions): Promise<RunReport> {
  const started = ctx.clock.now();
  const refuse = (diagnostics: readonly Diagnostic[], client: ServiceClient | null = null) =>
    runReport(ctx, {
      command: 'apply',
      started,
      diagnostics,
      skipped: ['nothing was written: the plan file was refused'],
      client,
    });
  const refusal = (code: string, message: string) => diagnostic('error', '', FILE_START, code, message);

  let saved: PlanFile;
  try {
    saved = parsePlanFile(await readPlanFileText(options.planFile));
  } catch (error) {
    const why =
      error instanceof PlanFileError ? error.message : `it cannot be read (${(error as Error).message})`;
    return refuse([
      refusal(PLAN_CODES.planFileInvalid, `The plan file ${options.planFile} was refused: ${why}.`),
    ]);
  }
  const paths = ctx.paths.length > 0 ? ctx.paths : ['.'];
  const head = await loadDocuments(ctx.root, paths, loadOptionsOf(ctx));
  if (documentsDigest(head.documents) !== saved.digest) {
    return refuse([
      refusal(
        PLAN_CODES.planFileOtherDocuments,
        `The plan file ${options.planFile} was made from other documents than those in ${ctx.root} ` +
          `(${saved.commit ? `commit ${saved.commit}` : 'another revision'}): check out what was planned, or plan again.`,
      ),
    ]);
  }

  // The plan again, as `plan` made it: its base and prune are the file's, and only with prune does the
  // base count (the documents removed since it are the only rules a plan deletes).
  const planCtx: RunContext = { ...ctx, base: saved.base, prune: saved.prune, baseFallback: false };
  const base = saved.prune ? await loadBase(planCtx, paths) : NO_BASE;
  if (base.finding?.severity === 'error') return refuse([...head.diagnostics, base.finding]);
  // A plan deletes only rules whose documents the history checked out removed: a base off that history
  // (another branch's commit holding a document for any rule) would make any rule a removed one.
  if (saved.prune && !(await ctx.git?.isAncestor(saved.base!, 'HEAD'))) {
    return refuse([
      ...head.diagnostics,
      refusal(
        PLAN_CODES.planFileDiffers,
        `The plan file ${options.planFile} was refused: its base ${saved.base} is not in the history checked ` +
          'out (not an ancestor of HEAD), and a plan deletes only the rules whose documents that history ' +
          "removed. Nothing was written: plan again ('plan --prune --base REV --out FILE') and apply that file.",
      ),
    ]);
  }
  const docs = ruleDocuments(
    head.documents,
    base.documents?.documents ?? null,
    ctx.organizationId,
    saved.prune,
  );
  const anything = docs.rules.length > 0 || docs.removed.length > 0;
  if (!anything && saved.changes.length === 0) {
    return runReport(ctx, { command: 'apply', started, diagnostics: head.diagnostics });
  }
  const client = anything ? ctx.service() : null;
  const planned = client ? await planRules(planCtx, client, docs) : null;
  const recomputed = planned ? pendingChanges(planned.plan) : [];
  const reads = planned?.reads ?? [];

  // Set aside (refused, never written, not compared): the changes whose live rule moved since the plan,
  // and those of an organization whose read failed (its error says so). Only for a rule the documents
  // declare where the file says: any other change is compared, and refused as not given.
  const indexes = new Map([...(planned?.live ?? [])].map(([org, rules]) => [org, indexLive(rules)] as const));
  const plannedOrganizations = new Set(docs.organizations);
  const changes = changesOf(saved);
  const aside = changes.flatMap((change, i): { i: number; diagnostic: Diagnostic | null }[] => {
    if (!plannedOrganizations.has(change.organizationId)) return [];
    if (!declaredWhereSaid(saved.changes[i]!, docs.rules, docs.removed)) return [];
    const index = indexes.get(change.organizationId);
    if (index === undefined) return [{ i, diagnostic: null }];
    const moved = movedSince(change, index);
    return moved === null ? [] : [{ i, diagnostic: changedSincePlan(change, moved) }];
  });
  const setAside = new Set(aside.map((a) => a.i));

  const difference = firstDifference(saved.changes, recomputed, setAside);
  if (difference !== null) {
    const at = difference.at;
    const planErrors = (planned?.plan.diagnostics ?? []).filter((d) => d.severity === 'error');
    return refuse(
      [
        ...head.diagnostics,
        ...reads,
        ...planErrors,
        diagnostic(
          'error',
          at?.file ?? '',
          at ? { line: at.line, column: 1, endLine: at.line, endColumn: 1 } : FILE_START,
          PLAN_CODES.planFileDiffers,
          `The plan file ${options.planFile} was refused: it is not the plan these documents give ` +
            `(first difference: ${differenceSentence(difference)}). Nothing was written: plan again ` +
            "('plan --out FILE') and apply that file.",
        ),
      ],
      client,
    );
  }

  const diagnostics: Diagnostic[] = [
    ...head.diagnostics,
    ...reads,
    ...aside.flatMap((a) => (a.diagnostic ? [a.diagnostic] : [])),
  ];
  const refused = new Set(aside.map((a) => changes[a.i]!));
  const skipped: string[] = [];
  const writes = options.strict && refused.size > 0 ? [] : changes.filter((c) => !refused.has(c));
  if (options.strict && refused.size > 0) {
    skipped.push(`nothing was written (--strict): ${refused.size} of ${changes.length} changes were refused`);
  } else if (refused.size > 0) {
    skipped.push(`${refused.size} of ${changes.length} changes were not written: see the errors`);
  }
  if (client === null) return runReport(ctx, { command: 'apply', started, diagnostics, skipped });

  let results: ChangeResult[] = [];
  try {
    results = await applyChanges(writes, client, {
      concurrency: ctx.concurrency,
      prune: saved.prune,
      progress: ctx.progress,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    diagnostics.push(serviceError('Nothing was written', error));
  }
  const report = runReport(ctx, { command: 'apply', started, diagnostics, skipped, client });
  return { ...report, results };
}

/**
 * What moved since the plan: the fields of the live rule whose hash differs, `['(the rule is gone)']`
 * when an update's or delete's rule no longer exists, `['(a rule with this name exists)']` when a
 * create's rule appeared. Null when the live state is what the plan saw.
 */
function movedSince(change: PendingChange, index: LiveIndex): string[] | null {
  if (change.action === 'create') {
    const appeared = index.byClusterAndName.get(clusterAndName(change.clusterId, change.name)) ?? [];
    return appeared.length === 0 ? null : [`a rule named "${change.name}" now exists (${appeared[0]!.id})`];
  }
  const rule = index.byId.get(change.id.toLowerCase());
  if (rule === undefined) return ['the rule no longer exists'];
  const fields = movedFields(change.against, fingerprintOf(rule));
  return fields.length === 0 ? null : fields;
}

function changedSincePlan(change: PendingChange, moved: readonly string[]): Diagnostic {
  const what = `${change.action} of alert rule "${change.name}"${change.id ? ` (${change.id})` : ''}`;
  const fields = moved.every((m) => /^[a-z_.]+$/.test(m))
    ? `fields ${moved.map((m) => `\`${m}\``).join(', ')} changed`
    : moved.join('; ');
  return diagnostic(
    'error',
    change.file,
    { line: change.line, column: 1, endLine: change.line, endColumn: 1 },
    PLAN_CODES.changedSincePlan,
    `Not written: the ${what} is changed since the plan (${fields} in the service since it was planned). ` +
      'Plan again to review the live rule as it is now.',
  );
}
