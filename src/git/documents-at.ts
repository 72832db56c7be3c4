/** The documents of a past revision, parsed exactly like the working tree's. */
import { parseFiles } from '../documents/index.js';
import type { LoadResult, SourceFile } from '../documents/types.js';
import type { GitReader } from './types.js';

/**
 * Null when the revision is not available (shallow clone, not a repository): the caller says what it
 * skipped. `ignore`: the run's ignore globs, which leave out a file at the base as at the head (a file or
 * a directory above it that matches): a file the run ignores is no one's at either revision, so its
 * documents never count as removed.
 */
export async function documentsAt(
  git: GitReader,
  rev: string,
  paths: readonly string[],
  ignore: readonly string[] = [],
): Promise<LoadResult | null> {
  const files = await git.filesAt(rev, paths.length > 0 ? paths : ['.']);
  if (files === null) return null;
  return parseFiles(ignore.length === 0 ? files : await notIgnored(files, ignore));
}

async function notIgnored(files: readonly SourceFile[], ignore: readonly string[]): Promise<SourceFile[]> {
  const ignored = (await import('../documents/ignore-globs.js')).ignoreMatcher(ignore);
  const underIgnored = (path: string): boolean => {
    const parts = path.split('/');
    return parts.some((_, i) => ignored(parts.slice(0, i + 1).join('/')));
  };
  return files.filter((file) => !underIgnored(file.path));
}
