/** The documents of a past revision, parsed exactly like the working tree's. */
import { parseFiles } from '../documents/index.js';
import type { LoadResult } from '../documents/types.js';
import type { GitReader } from './types.js';

/** Null when the revision is not available (shallow clone, not a repository): the caller says what it skipped. */
export async function documentsAt(
  git: GitReader,
  rev: string,
  paths: readonly string[],
): Promise<LoadResult | null> {
  const files = await git.filesAt(rev, paths.length > 0 ? paths : ['.']);
  return files === null ? null : parseFiles(files);
}
