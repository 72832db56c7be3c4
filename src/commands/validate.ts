import { loadDocuments } from '../documents/load.js';
import { countLine } from '../report/diagnostics-text.js';
import { loadOptionsOf } from './load-options.js';
import { runReport } from './run-report.js';
import type { RunContext, RunReport } from './types.js';

/** Offline: reads and checks the documents, touches no service. The paths default to the whole repository. */
export async function runValidate(ctx: RunContext): Promise<RunReport> {
  const started = ctx.clock.now();
  const loaded = await loadDocuments(ctx.root, ctx.paths.length > 0 ? ctx.paths : ['.'], loadOptionsOf(ctx));
  ctx.progress(
    `checked ${plural(loaded.files.length, 'file')}: ${plural(loaded.documents.length, 'valid document')}; ${countLine(loaded.diagnostics)}`,
  );
  return runReport(ctx, {
    command: 'validate',
    started,
    diagnostics: loaded.diagnostics,
    skippedFiles: loaded.skippedFiles ?? [],
  });
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
