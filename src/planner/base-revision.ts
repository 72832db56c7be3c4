/**
 * The documents at the base revision a run compares with (a pull request's base, the parent of a pushed
 * commit): without them removed documents, outside edits and changed components cannot be told apart.
 */
import { resolve } from 'node:path';
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import type { LoadResult } from '../documents/types.js';
import { HISTORY_CODES } from '../git/codes.js';
import { documentsAt } from '../git/documents-at.js';
import type { RunContext } from '../run/types.js';

/** The documents at the base revision (null when there is none or it cannot be read), and why not. */
export interface Base {
  readonly documents: LoadResult | null;
  readonly finding: Diagnostic | null;
}

export const NO_BASE: Base = { documents: null, finding: null };

/**
 * A base that cannot be read is an error: without it removed documents, outside edits and changed
 * components cannot be told apart, and a green run would hide that. Only where the run may fall back (the
 * action's pull-request plan) it is a warning, and every component is resolved instead.
 */
export async function loadBase(ctx: RunContext, paths: readonly string[]): Promise<Base> {
  if (ctx.base === null) {
    if (!ctx.prune) return NO_BASE;
    const message =
      'prune needs a base revision to find the documents removed since it (--base REV); nothing was read or written';
    return { documents: null, finding: historyFinding('error', HISTORY_CODES.pruneWithoutBase, message) };
  }
  // Relative paths are the working directory's; git reads them relative to the root.
  const from = ctx.pathsFrom;
  const documents =
    ctx.git === null
      ? null
      : await documentsAt(
          ctx.git,
          ctx.base,
          from ? paths.map((p) => resolve(from, p)) : paths,
          ctx.ignore ?? [],
        );
  if (documents !== null) return { documents, finding: null };
  const why =
    ctx.git === null ? 'this is not a git repository' : 'it is not in this clone (a shallow clone?)';
  const fix = 'fetch the history (actions/checkout with fetch-depth: 0, or git fetch --unshallow)';
  if (ctx.baseFallback && !ctx.prune) {
    const message = `revision ${ctx.base} cannot be read: ${why}; every component is resolved instead. To compare with the base, ${fix}`;
    return { documents: null, finding: historyFinding('warning', HISTORY_CODES.baseUnreadable, message) };
  }
  const message = `revision ${ctx.base} cannot be read: ${why}. ${fix[0]!.toUpperCase()}${fix.slice(1)}, or pass a --base that exists`;
  return { documents: null, finding: historyFinding('error', HISTORY_CODES.baseUnreadable, message) };
}

function historyFinding(severity: 'error' | 'warning', code: string, message: string): Diagnostic {
  return diagnostic(severity, '', FILE_START, code, message);
}
