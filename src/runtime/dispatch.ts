/**
 * The dispatcher of the commands that yield a RunReport (validate, plan, apply, drift, export of
 * documents, test-receivers), for the CLI and the action alike: every report renders through the same faces, so these
 * commands run one way whichever face asks. The commands that yield no report are not here: `sandbox`,
 * `init`, `demo`, `import`, `export --format prometheus-rules` and `logs` are the command line's own, and
 * src/cli/run-command.ts dispatches them (each prints its own output and returns an exit status); the
 * action's post step fetches cluster logs itself (src/action/cluster-logs.ts).
 * Each command's code is loaded when it runs (dynamic import), so a command never loads another's; validate's
 * is the exception: it is small, most of it (reading the documents) is what plan, apply and drift run
 * first, and built in it saves an offline validation, the run of most pull requests, a few files to load.
 */
import type { DriftOptions } from '../commands/drift.js';
import type { PlanOptions } from '../commands/plan.js';
import type { TestReceiversOptions } from '../commands/test-receivers.js';
import { runValidate } from '../commands/validate.js';
import type { ReviewGate } from '../evidence/review-gate.js';
import type { RunReport } from '../run/reports.js';
import type { RunContext } from '../run/types.js';

/** A command that yields a RunReport, with its options. */
export type ReportCommand =
  | { readonly command: 'validate' }
  | ({ readonly command: 'plan' } & PlanOptions)
  | {
      readonly command: 'apply';
      readonly planFile?: string;
      readonly strict?: boolean;
      /** The action's push run: the review found on the pull request the commit came from. */
      readonly review?: ReviewGate;
    }
  | ({ readonly command: 'drift' } & DriftOptions)
  | { readonly command: 'export'; readonly outDir: string }
  | ({ readonly command: 'test-receivers' } & TestReceiversOptions);

export async function dispatch(request: ReportCommand, ctx: RunContext): Promise<RunReport> {
  switch (request.command) {
    case 'validate':
      return runValidate(ctx);
    case 'plan':
      return (await import('../commands/plan.js')).runPlan(ctx, request);
    case 'apply':
      if (request.planFile !== undefined) {
        return (await import('../commands/apply-plan.js')).runApplyPlan(ctx, {
          planFile: request.planFile,
          strict: request.strict ?? false,
        });
      }
      return (await import('../commands/apply.js')).runApply(ctx, request.review);
    case 'drift':
      return (await import('../commands/drift.js')).runDrift(ctx, request);
    case 'export':
      return (await import('../commands/export.js')).runExport(ctx, { outDir: request.outDir });
    case 'test-receivers':
      return (await import('../commands/test-receivers.js')).runTestReceivers(ctx, request);
  }
}
