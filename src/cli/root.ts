import { realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { gitTopLevel } from '../git/top-level.js';

/** Where a command-line run's paths are read from and what its findings are relative to. */
export interface RunRoot {
  /** Findings name files relative to it; nothing outside it is read (unless `outsideRepository`). */
  readonly root: string;
  /** The directory relative paths are read from. */
  readonly from: string;
  /** Neither --root nor a git repository: a path outside the root is still read, named as given. */
  readonly outsideRepository: boolean;
}

/**
 * The root is `--root` when given, else the git top level of the working directory, else that of the first
 * path (a run from outside the repository), else the working directory. Relative paths are read from the
 * working directory (a `run:` step with `working-directory` names files from there), except with a
 * `--root` the working directory is outside of (`--root /repo alerting` from anywhere); findings always
 * name files relative to the root, so annotations land on the right files.
 */
export async function resolveRunRoot(
  rootOption: string | undefined,
  paths: readonly string[],
  workingDirectory: string,
): Promise<RunRoot> {
  // git answers with real paths: compare like with like when the working directory is reached by a symlink.
  const cwd = await realpath(workingDirectory).catch(() => workingDirectory);
  const explicit = rootOption === undefined ? null : resolve(cwd, rootOption);
  const found =
    explicit ??
    (await gitTopLevel(cwd)) ??
    (await topLevelOfPath(paths[0] === undefined ? null : resolve(cwd, paths[0])));
  const root = found ?? cwd;
  // `--root /repo alerting` run from elsewhere means /repo/alerting; otherwise paths are the shell's.
  const from = explicit !== null && !isWithin(root, cwd) ? root : cwd;
  return { root, from, outsideRepository: found === null };
}

async function topLevelOfPath(path: string | null): Promise<string | null> {
  if (path === null) return null;
  const info = await stat(path).catch(() => null);
  const dir = info?.isDirectory() ? path : dirname(path);
  const exists = await stat(dir).catch(() => null);
  return exists ? gitTopLevel(dir) : null;
}

function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
