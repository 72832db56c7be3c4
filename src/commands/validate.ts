import { loadDocuments } from '../documents/load.js';
import type { RunContext, RunReport } from '../run/types.js';
import { loadOptionsOf } from './load-options.js';
import { runReport } from './run-report.js';

/**
 * Offline: reads and checks the documents, touches no service. The paths default to the whole repository.
 * It prints no progress line: the report's one count line says what was found.
 */
export async function runValidate(ctx: RunContext): Promise<RunReport> {
  const started = ctx.clock.now();
  const loaded = await loadDocuments(ctx.root, ctx.paths.length > 0 ? ctx.paths : ['.'], loadOptionsOf(ctx));
  return runReport(ctx, {
    command: 'validate',
    started,
    diagnostics: loaded.diagnostics,
    skippedFiles: loaded.skippedFiles ?? [],
  });
}
