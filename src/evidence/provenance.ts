/**
 * Where a live object's declared value came from: the last commit that changed its document's file, the pull
 * request that commit came from, and how that commit's apply went, each only when known. Gathered after the
 * run by the publishing of the job summary and the drift issue (src/github/evidence-lookup.ts), said
 * under each change by src/report/provenance-lines.ts.
 */
import type { Change } from '../model/types.js';

/** How the apply of a commit went: from its Checks run, or not asked (past the lookup cap). */
export type ApplyOutcome = 'succeeded' | 'did not succeed' | 'unknown' | 'not asked';

export interface FileProvenance {
  /** The last commit that changed the file (on the default branch's first-parent line). */
  readonly sha: string;
  /** The merged pull request that commit came from, when asked and found. */
  readonly pullRequest: { readonly number: number; readonly url: string } | null;
  readonly apply: ApplyOutcome;
  /** `base`: as of the revision before the change planned (a pull request's base, a push's `before`); `head`: as of the documents checked. */
  readonly asOf: 'base' | 'head';
}

/** The changes whose object exists live (updates, deletes), of every kind: their files are the ones worth a lookup. */
export function provenanceFiles(changes: readonly Change[]): string[] {
  const files = changes.filter((c) => c.action === 'update' || c.action === 'delete').map((c) => c.file);
  return [...new Set(files.filter(Boolean))];
}
