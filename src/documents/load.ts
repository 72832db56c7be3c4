import { compareDiagnostics } from '../core/diagnostic.js';
import { checkQueries } from '../promql/index.js';
import { parseFiles } from './parse.js';
import { readSourceFiles } from './read-files.js';
import type { LoadResult } from './types.js';

/** Reads the named files and directories under `root` and parses them: the whole "load" step of a run. */
export async function loadDocuments(root: string, paths: readonly string[]): Promise<LoadResult> {
  const read = await readSourceFiles(root, paths);
  const parsed = parseFiles(read.files);
  const queries = await checkQueries(parsed.documents);
  return {
    ...parsed,
    diagnostics: [...read.diagnostics, ...parsed.diagnostics, ...queries].sort(compareDiagnostics),
  };
}
