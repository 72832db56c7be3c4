import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { git } from './exec.js';

/** The branch pushes to which are applied, and how it was found. */
export interface DefaultBranch {
  readonly name: string;
  /** `origin`: the remote's HEAD; `current`: the branch checked out; `guess`: neither could be read. */
  readonly from: 'origin' | 'current' | 'guess';
}

/** The branch assumed when git tells nothing (no repository, a detached HEAD, no git). */
const FALLBACK_BRANCH = 'main';

/**
 * The default branch of the repository holding `dir` (which need not exist yet): the remote's HEAD
 * (`origin/HEAD`, set by a clone), else the branch checked out (a repository made with `git init` has no
 * remote yet, and its first branch is the one it will push), else `main`.
 */
export async function defaultBranch(dir: string): Promise<DefaultBranch> {
  const cwd = await nearestDirectory(dir);
  if (cwd === null) return { name: FALLBACK_BRANCH, from: 'guess' };
  const remote = await symbolicRef(cwd, 'refs/remotes/origin/HEAD');
  if (remote?.startsWith('origin/')) return { name: remote.slice('origin/'.length), from: 'origin' };
  const current = await symbolicRef(cwd, 'HEAD');
  if (current) return { name: current, from: 'current' };
  return { name: FALLBACK_BRANCH, from: 'guess' };
}

async function symbolicRef(cwd: string, ref: string): Promise<string | null> {
  const out = await git(cwd, ['symbolic-ref', '--quiet', '--short', ref]).catch(() => null);
  const name = out?.ok ? out.stdout.toString('utf8').trim() : '';
  return name === '' ? null : name;
}

/** `dir`, or its nearest ancestor that exists: `init new-repo` inside a clone belongs to that clone. */
async function nearestDirectory(dir: string): Promise<string | null> {
  let at = dir;
  for (;;) {
    const info = await stat(at).catch(() => null);
    if (info?.isDirectory()) return at;
    const up = dirname(at);
    if (up === at) return null;
    at = up;
  }
}
