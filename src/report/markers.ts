import { shortHash } from '../core/crypto-on-demand.js';

/**
 * Hidden markers that let a later run find what an earlier run posted. The sticky comment has one per
 * workflow and path set, so that two workflows commenting on one pull request, or a matrix over
 * organizations with different paths, each keep their own. The drift issue has one per path set only:
 * drift is a fact about the repository and the service, whichever workflow checked it. The version lets a
 * future format change start afresh.
 */
export function commentMarker(workflow: string, paths: readonly string[]): string {
  return `<!-- platform-gitops:v1:${pathSetHash(workflow, paths)} -->`;
}

export function driftMarker(paths: readonly string[]): string {
  return `<!-- platform-gitops:drift:v1:${pathSetHash('', paths)} -->`;
}

/** The drift pull request's marker: one per path set, like the drift issue's. */
export function driftPullRequestMarker(paths: readonly string[]): string {
  return `<!-- platform-gitops:drift-pull-request:v1:${pathSetHash('', paths)} -->`;
}

/**
 * The drift pull request's fixed branch, the one branch the drift check ever pushes to (by force, on the
 * default branch's commit): `platform-gitops/drift`, or `platform-gitops/drift-<hash>` for a path set.
 */
export function driftBranch(paths: readonly string[]): string {
  const whole = paths.length === 1 && paths[0] === '.';
  return whole ? 'platform-gitops/drift' : `platform-gitops/drift-${pathSetHash('', paths)}`;
}

/** A short stable name for a workflow and path set (the order of the paths does not matter). */
export function pathSetHash(workflow: string, paths: readonly string[]): string {
  const key = [workflow, ...[...paths].sort()].join('\n');
  return shortHash(key);
}

/**
 * The Checks run's name: the command and, unless the whole repository, the paths. A later push run finds
 * the apply of its base commit by this name (src/github/apply-run.ts), so it is part of the contract.
 */
export function checkRunName(command: string, paths: readonly string[]): string {
  const scope = paths.length === 1 && paths[0] === '.' ? '' : ` (${paths.join(', ')})`;
  return `platform-gitops ${command}${scope}`;
}
