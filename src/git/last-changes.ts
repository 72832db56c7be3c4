/**
 * The last commit that changed each file, as of a revision: ONE `git log` for all the files. The log
 * follows the first parent and shows a merge's changes against it (`-m --first-parent`), so a change
 * merged from a pull request is the merge commit on the default branch, the commit whose push applied it.
 * History a shallow clone does not hold is never guessed: a file last seen on the clone's boundary commit
 * (which git shows as adding every file) gets no commit.
 */
import { git } from './exec.js';
import { pathspecOf } from './pathspec.js';

/** How far back the log looks: a file not changed in this many commits gets no commit (bounds the cost). */
const MAX_COMMITS = 2000;

export async function lastChanges(
  root: string,
  rev: string,
  files: readonly string[],
): Promise<Map<string, string> | null> {
  const found = new Map<string, string>();
  if (files.length === 0) return found;
  const out = await git(root, [
    'log',
    '--first-parent',
    '-m',
    '--no-renames',
    '--relative',
    `--max-count=${MAX_COMMITS}`,
    '--format=%x01%H %P',
    '--name-only',
    '-z',
    '--end-of-options',
    rev,
    '--',
    ...files.map((f) => pathspecOf(root, f)),
  ]);
  if (!out.ok) return null;
  const wanted = new Set(files);
  let commit: string | null = null;
  const boundary = new Set<string>();
  // Records: "\x01<sha> <parents>\0" then "\n<file>\0<file>\0…" for each commit, newest first.
  for (const token of out.stdout.toString('utf8').split('\0')) {
    if (token.startsWith('\x01')) {
      const [sha, ...parents] = token.slice(1).trim().split(' ');
      commit = sha ?? null;
      if (parents.filter(Boolean).length === 0 && commit !== null) boundary.add(commit);
      continue;
    }
    const file = token.replace(/^\n/, '');
    if (commit !== null && wanted.has(file) && !found.has(file)) found.set(file, commit);
  }
  // A commit without parents is the first commit, or the boundary of a shallow clone: only the first
  // really added its files.
  if (boundary.size > 0 && (await isShallow(root))) {
    for (const [file, sha] of found) if (boundary.has(sha)) found.delete(file);
  }
  return found;
}

async function isShallow(root: string): Promise<boolean> {
  const out = await git(root, ['rev-parse', '--is-shallow-repository']);
  // An old git that cannot say: assume the worst, a claim is never made on a guess.
  return !out.ok || out.stdout.toString('utf8').trim() !== 'false';
}
