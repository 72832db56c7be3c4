import { loadDocuments } from '../documents/load.js';
import { loadOptionsOf } from './load-options.js';
import type { RunContext, RunReport } from './types.js';

/**
 * Offline: reads and checks the documents, touches no service. The paths default to the whole repository.
 * It prints no progress line: the report's one count line says what was found.
 */
export async function runValidate(ctx: RunContext): Promise<RunReport> {
  const started = ctx.clock.now();
  const loaded = await loadDocuments(ctx.root, ctx.paths.length > 0 ? ctx.paths : ['.'], loadOptionsOf(ctx));
  return {
    command: 'validate',
    diagnostics: loaded.diagnostics,
    plan: null,
    components: [],
    results: [],
    requests: { total: 0, byOperation: {} },
    durationMs: ctx.clock.now() - started,
    skipped: [],
    clusters: [],
    skippedFiles: loaded.skippedFiles ?? [],
  };
}
