import { runApply } from '../commands/apply.js';
import { runDrift } from '../commands/drift.js';
import { runPlan } from '../commands/plan.js';
import type { RunContext, RunReport } from '../commands/types.js';
import { runValidate } from '../commands/validate.js';
import type { ActionRunCommand } from './event.js';

export interface DispatchOptions {
  /** Drift checks: apply the plan to remove the drift. */
  readonly remediate: boolean;
}

/** Runs the chosen command: the same engine functions the command line runs. */
export function runCommand(
  command: ActionRunCommand,
  ctx: RunContext,
  options: DispatchOptions,
): Promise<RunReport> {
  switch (command) {
    case 'validate':
      return runValidate(ctx);
    case 'plan':
      return runPlan(ctx);
    case 'apply':
      return runApply(ctx);
    case 'drift':
      return runDrift(ctx, { remediate: options.remediate });
  }
}
