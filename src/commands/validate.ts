import { loadHead } from '../planner/load-head.js';
import { runReport } from '../planner/run-report.js';
import type { ValidateReport } from '../run/reports.js';
import type { RunContext } from '../run/types.js';

/**
 * Offline: the planner's first step alone (src/planner/load-head.ts): reads and checks the documents, their
 * secrets hidden from every output, and touches no service and no history. The paths default to the whole
 * repository. It prints no progress line: the report's one count line says what was found.
 */
export async function runValidate(ctx: RunContext): Promise<ValidateReport> {
  const started = ctx.clock.now();
  const head = await loadHead(ctx);
  return runReport(ctx, {
    command: 'validate',
    started,
    diagnostics: head.diagnostics,
    skippedFiles: head.skippedFiles ?? [],
  });
}
