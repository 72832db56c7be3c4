import { createHash } from 'node:crypto';

/**
 * Hidden markers that let a later run find what an earlier run posted (the sticky comment, the drift
 * issue). One per workflow and path set, so that two workflows, or a matrix over organizations with
 * different paths, each keep their own; the version lets a future format change start afresh.
 */
export type MarkerKind = 'comment' | 'drift';

export function markerFor(kind: MarkerKind, workflow: string, paths: readonly string[]): string {
  const hash = pathSetHash(workflow, paths);
  const prefix = kind === 'comment' ? 'platform-gitops:v1' : 'platform-gitops:drift:v1';
  return `<!-- ${prefix}:${hash} -->`;
}

/** A short stable name for a workflow and path set (the order of the paths does not matter). */
export function pathSetHash(workflow: string, paths: readonly string[]): string {
  const key = [workflow, ...[...paths].sort()].join('\n');
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}
