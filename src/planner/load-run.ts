/**
 * The first step of every plan: the documents the run plans (load-head.ts) and the base revision they are
 * compared with. A plan made again for a
 * saved plan (`apply --plan`) reads the documents the file was made from, and the base the file names,
 * or is refused before any request.
 */
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import type { LoadResult } from '../documents/types.js';
import { PLAN_CODES } from '../model/codes.js';
import { documentsDigest } from '../plan/plan-file.js';
import type { RunContext } from '../run/types.js';
import { type Base, loadBase, NO_BASE } from './base-revision.js';
import { loadHead, pathsOf } from './load-head.js';

/** What a saved plan says of how it was made: `apply --plan` makes the plan again the same way. */
export interface SavedPlanBasis {
  /** The saved plan's path, as the user gave it: the refusals name it. */
  readonly file: string;
  readonly digest: string;
  readonly commit: string | null;
  readonly base: string | null;
  readonly prune: boolean;
  readonly rotateSecrets: boolean;
}

export interface LoadRequest {
  /** Read the base revision (default true): `drift` plans the head alone. */
  readonly useHistory?: boolean;
  /** `apply --plan`: the documents must be those the saved plan was made from; its base and prune count. */
  readonly again?: SavedPlanBasis;
}

export type LoadedRun =
  | {
      readonly paths: readonly string[];
      readonly head: LoadResult;
      readonly base: Base;
      readonly digest: string;
    }
  | { readonly refused: readonly Diagnostic[] };

export async function loadRun(ctx: RunContext, request: LoadRequest = {}): Promise<LoadedRun> {
  const paths = pathsOf(ctx);
  if (request.again !== undefined) return loadAgain(ctx, paths, request.again);
  // The base first: a file that held documents at the base is read now whatever it holds (a typo in its
  // `kind` is an error on it, never a skipped file whose rules look removed).
  const base = request.useHistory === false ? NO_BASE : await loadBase(ctx, paths);
  const head = await loadHead(ctx, new Set(base.documents?.documents.map((d) => d.file)));
  return { paths, head, base, digest: documentsDigest(head.documents) };
}

/**
 * The documents checked out, refused when they are not those the plan was made from; the base the file
 * names, read only with prune (the documents removed since it are the only ones a plan deletes), refused
 * when it is not in the history checked out.
 */
async function loadAgain(
  ctx: RunContext,
  paths: readonly string[],
  saved: SavedPlanBasis,
): Promise<LoadedRun> {
  const head = await loadHead(ctx);
  const digest = documentsDigest(head.documents);
  if (digest !== saved.digest) {
    return {
      refused: [
        refusal(
          PLAN_CODES.planFileOtherDocuments,
          `The plan file ${saved.file} was made from other documents than those in ${ctx.root} ` +
            `(${saved.commit ? `commit ${saved.commit}` : 'another revision'}): check out what was planned, or plan again.`,
        ),
      ],
    };
  }
  const base = saved.prune ? await loadBase(ctx, paths) : NO_BASE;
  if (base.finding?.severity === 'error') return { refused: [...head.diagnostics, base.finding] };
  // A plan deletes only what the history checked out removed: a base off that history (another branch's
  // commit holding a document for any rule) would make any rule a removed one.
  if (saved.prune && !(await ctx.git?.isAncestor(saved.base!, 'HEAD'))) {
    return {
      refused: [
        ...head.diagnostics,
        refusal(
          PLAN_CODES.planFileDiffers,
          `The plan file ${saved.file} was refused: its base ${saved.base} is not in the history checked ` +
            'out (not an ancestor of HEAD), and a plan deletes only the rules whose documents that history ' +
            "removed. Nothing was written: plan again ('plan --prune --base REV --out FILE') and apply that file.",
        ),
      ],
    };
  }
  return { paths, head, base, digest };
}

function refusal(code: string, message: string): Diagnostic {
  return diagnostic('error', '', FILE_START, code, message);
}
