import type { LoadOptions } from '../documents/load.js';
import type { RunContext } from '../run/types.js';

/** What the run says about finding its documents, as the loader takes it. */
export function loadOptionsOf(ctx: RunContext): LoadOptions {
  return {
    ignore: ctx.ignore,
    allowEmpty: ctx.allowEmpty,
    from: ctx.pathsFrom,
    readOutsideRoot: ctx.readOutsideRoot,
  };
}
