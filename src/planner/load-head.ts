/**
 * The documents the run plans, read once, with every secret a receiver takes from the environment hidden
 * from every output before anything else happens. The first step of every plan (load-run.ts), and all of
 * `validate`: it loads nothing it does not need (no history, no digest, no service), so that an offline
 * validation starts as fast as it did.
 */
import { loadDocuments } from '../documents/load.js';
import { registerReceiverSecrets } from '../documents/receiver-secrets.js';
import type { LoadResult } from '../documents/types.js';
import type { RunContext } from '../run/types.js';
import { loadOptionsOf } from './load-options.js';

/** The paths a run reads: those given, else the whole repository. */
export function pathsOf(ctx: RunContext): readonly string[] {
  return ctx.paths.length > 0 ? ctx.paths : ['.'];
}

/** `held`: files that held documents at the base, read whatever they hold now. */
export async function loadHead(ctx: RunContext, held?: ReadonlySet<string>): Promise<LoadResult> {
  const options = loadOptionsOf(ctx);
  const head = await loadDocuments(ctx.root, pathsOf(ctx), held ? { ...options, held } : options);
  // Before any request: a secret a receiver takes from the environment is hidden from every output.
  registerReceiverSecrets(head.documents, ctx.env, ctx.redactor);
  return head;
}
