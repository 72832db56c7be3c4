/**
 * `apply`: plan, then execute that plan. Nothing is written when any finding is an error (an invalid
 * document, a plan error, a component violation, a failed read): a half-valid repository is not half
 * applied.
 */
import { applyPlan } from '../apply/apply.js';
import type { ChangeResult } from '../apply/types.js';
import { compareDiagnostics, type Diagnostic, hasErrors } from '../core/diagnostic.js';
import { pendingChanges } from '../plan/types.js';
import { ApiError } from '../service/errors.js';
import { type PlannedRun, planRun, serviceError } from './plan.js';
import type { CommandName, RunContext, RunReport } from './types.js';

export async function runApply(ctx: RunContext): Promise<RunReport> {
  const started = ctx.clock.now();
  const planned = await planRun(ctx, 'apply');
  return executePlanned(ctx, planned, 'apply', ctx.prune, started);
}

/** Applies a planned run's plan when it has no error; shared with `drift --remediate`. */
export async function executePlanned(
  ctx: RunContext,
  planned: PlannedRun,
  command: CommandName,
  prune: boolean,
  started: number,
): Promise<RunReport> {
  const { report, client } = planned;
  const plan = report.plan;
  if (plan === null || client === null || pendingChanges(plan).length === 0) {
    return { ...report, command };
  }
  if (hasErrors(report.diagnostics)) {
    const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
    return {
      ...report,
      command,
      skipped: [
        ...report.skipped,
        `nothing was written: ${errors} error${errors === 1 ? '' : 's'} must be fixed first`,
      ],
    };
  }
  const diagnostics: Diagnostic[] = [...report.diagnostics];
  let results: ChangeResult[] = [];
  try {
    results = await applyPlan(plan, client, { concurrency: ctx.concurrency, prune, progress: ctx.progress });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    diagnostics.push(serviceError('Nothing was written', error));
  }
  return {
    ...report,
    command,
    diagnostics: diagnostics.sort(compareDiagnostics),
    results,
    requests: client.requestCounts(),
    durationMs: ctx.clock.now() - started,
  };
}
