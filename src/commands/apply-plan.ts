/**
 * `apply --plan FILE`: executes a saved plan and nothing else. It never plans again: it loads the documents
 * only to check the plan was made from them, reads the live rules (one list call per organization), and
 * writes each change whose live rule is still what the plan saw. A change whose rule moved is refused
 * (`apply.changed-since-plan`, naming the fields); with `strict`, one refusal means nothing is written.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
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
import type { PendingChange } from '../plan/types.js';
import { ApiError } from '../service/errors.js';
import { readLive } from './live-state.js';
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
  const refuse = (code: string, message: string) =>
    runReport(ctx, {
      command: 'apply',
      started,
      diagnostics: [diagnostic('error', '', FILE_START, code, message)],
      skipped: ['nothing was written: the plan file was refused'],
    });

  let saved: PlanFile;
  try {
    saved = parsePlanFile(await readFile(options.planFile, 'utf8'));
  } catch (error) {
    const why =
      error instanceof PlanFileError ? error.message : `it cannot be read (${(error as Error).message})`;
    return refuse(PLAN_CODES.planFileInvalid, `The plan file ${options.planFile} was refused: ${why}.`);
  }
  const head = await loadDocuments(ctx.root, ctx.paths.length > 0 ? ctx.paths : ['.']);
  if (documentsDigest(head.documents) !== saved.digest) {
    return refuse(
      PLAN_CODES.planFileOtherDocuments,
      `The plan file ${options.planFile} was made from other documents than those in ${resolve(ctx.root)} ` +
        `(${saved.commit ? `commit ${saved.commit}` : 'another revision'}): check out what was planned, or plan again.`,
    );
  }
  const changes = changesOf(saved);
  if (changes.length === 0)
    return runReport(ctx, { command: 'apply', started, diagnostics: head.diagnostics });

  const client = ctx.service();
  const organizations = [...new Set(changes.map((c) => c.organizationId))];
  const live = await readLive(client, organizations, ctx.concurrency);
  const indexes = new Map([...live.value].map(([org, rules]) => [org, indexLive(rules)] as const));
  const refusals = changes.flatMap((change): { change: PendingChange; diagnostic: Diagnostic | null }[] => {
    const index = indexes.get(change.organizationId);
    // Its organization could not be read: the read's error says so; nothing of it is written.
    if (index === undefined) return [{ change, diagnostic: null }];
    const moved = movedSince(change, index);
    return moved === null ? [] : [{ change, diagnostic: changedSincePlan(change, moved) }];
  });
  const refused = new Set(refusals.map((r) => r.change));
  const diagnostics: Diagnostic[] = [
    ...head.diagnostics,
    ...live.diagnostics,
    ...refusals.flatMap((r) => (r.diagnostic ? [r.diagnostic] : [])),
  ];
  const skipped: string[] = [];
  const writes = options.strict && refused.size > 0 ? [] : changes.filter((c) => !refused.has(c));
  if (options.strict && refused.size > 0) {
    skipped.push(`nothing was written (--strict): ${refused.size} of ${changes.length} changes were refused`);
  } else if (refused.size > 0) {
    skipped.push(`${refused.size} of ${changes.length} changes were not written: see the errors`);
  }

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
