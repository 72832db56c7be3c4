import type { SourceFile } from '../documents/types.js';

/** Read-only access to the repository's history, for "what changed" and "what did the last revision say". */
export interface GitReader {
  /**
   * The `.yaml`/`.yml` files under `paths` (repository-relative files or directories) as they were at `rev`.
   * Null when the revision is not available (a shallow clone, not a git repository).
   */
  filesAt(rev: string, paths: readonly string[]): Promise<SourceFile[] | null>;
  /** The commit `rev` names (a branch, a tag, `HEAD~1`…), or null when it names none or history is not available. */
  commitOf(rev: string): Promise<string | null>;
  /** Whether `ancestor` is `rev` or one of its ancestors; false when either is unknown or history is not available. */
  isAncestor(ancestor: string, rev: string): Promise<boolean>;
  /** The first parent of `rev`, or null when it has none or history is not available. */
  parentOf(rev: string): Promise<string | null>;
  /**
   * The last commit (on the first-parent line up to `rev`) that changed each of `files` (repository-relative):
   * files not found, or found only on a shallow clone's boundary, are absent. Null when history cannot be read.
   */
  lastChanges(rev: string, files: readonly string[]): Promise<Map<string, string> | null>;
}
