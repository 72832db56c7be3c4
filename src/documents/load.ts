import type { Diagnostic } from '../core/diagnostic.js';
import { compareDiagnostics, diagnostic, FILE_START } from '../core/diagnostic.js';
import { checkQueries } from '../promql/index.js';
import { CODES } from './codes.js';
import { type ReadOptions, readSourceFiles } from './read-files.js';
import type { LoadResult } from './types.js';

const NOTHING_PARSED: LoadResult = { files: [], documents: [], diagnostics: [] };

/** Where paths are read from and what is not searched (see findFiles), and whether none is fine. */
export interface LoadOptions extends ReadOptions {
  /** Finding no document at all is expected (a repository that has none yet): no error. */
  readonly allowEmpty?: boolean;
}

/** Reads the named files and directories under `root` and parses them: the whole "load" step of a run. */
export async function loadDocuments(
  root: string,
  paths: readonly string[],
  options: LoadOptions = {},
): Promise<LoadResult> {
  const read = await readSourceFiles(root, paths, options);
  // The YAML parser and the schema validators load only when there is a file to parse.
  const parsed =
    read.files.length === 0 ? NOTHING_PARSED : (await import('./parse.js')).parseFiles(read.files);
  // Refused rules' queries too: one run reports every fault of a document (parse.ts, checkDocument).
  // A generated rule's query is the objective's indicator, checked once as written (not in the file's text).
  const written = parsed.documents.filter((d) => d.kind !== 'AlertRule' || d.generatedBy === undefined);
  const queries = await checkQueries([
    ...written,
    ...(parsed.refusedQueries ?? []),
    ...(parsed.indicatorQueries ?? []),
  ]);
  const diagnostics: Diagnostic[] = [...read.diagnostics, ...parsed.diagnostics, ...queries];
  const skipped = read.skipped;
  const files = (that: string) =>
    skipped.length === 1 ? `1 YAML file ${that} holds` : `${skipped.length} YAML files ${that} hold`;
  if (skipped.length > 0) {
    const message = `skipped ${files('that')} no platform-gitops documents`;
    diagnostics.push(diagnostic('notice', '', FILE_START, CODES.skippedFiles, message));
  }
  // A check that read nothing must not pass: a typo in a path, or documents moved away, would go unnoticed.
  const silent = parsed.documents.length === 0 && !diagnostics.some((d) => d.severity === 'error');
  if (silent && !options.allowEmpty) {
    const also = skipped.length > 0 ? `; ${files('there')} other kinds` : '';
    diagnostics.push(
      diagnostic(
        'error',
        '',
        FILE_START,
        CODES.noDocuments,
        `no documents found under ${paths.join(', ')}${also} (--allow-empty, or the action's allow-empty input, accepts a run with none)`,
      ),
    );
  }
  return { ...parsed, diagnostics: diagnostics.sort(compareDiagnostics), skippedFiles: skipped };
}
