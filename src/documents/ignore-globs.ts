import picomatch from 'picomatch';

/**
 * Whether a repository-relative path matches one of the ignore input's globs. Its own module, loaded only
 * when globs are given: the default run ignores nothing and never loads the glob engine.
 */
export function ignoreMatcher(globs: readonly string[]): (path: string) => boolean {
  return picomatch([...globs], { dot: true });
}
