import { describe, expect, it } from 'vitest';
import { loadBase, NO_BASE } from '../../../src/planner/base-revision.js';
import type { RunContext } from '../../../src/run/types.js';
import { testRun } from '../commands/run-context.js';

const BASE = 'a'.repeat(40);
const FIX = 'fetch the history (actions/checkout with fetch-depth: 0, or git fetch --unshallow)';

/** The base of a run outside any git repository, with `over` as its settings. */
async function baseOf(over: Partial<RunContext>) {
  const run = testRun({ url: 'http://127.0.0.1:9', token: 'unused' }, over);
  try {
    return await loadBase(run.ctx, ['alerting']);
  } finally {
    await run.close();
  }
}

describe('loadBase', () => {
  it('reads nothing without a base revision, unless prune needs one', async () => {
    expect(await baseOf({ base: null })).toBe(NO_BASE);
    expect(await baseOf({ base: null, prune: true })).toEqual({
      documents: null,
      finding: expect.objectContaining({
        severity: 'error',
        code: 'history.prune-without-base',
        message:
          'prune needs a base revision to find the documents removed since it (--base REV); nothing was read or written',
      }),
    });
  });

  it('stops on a base that cannot be read, saying how to fix it', async () => {
    expect((await baseOf({ base: BASE })).finding).toMatchObject({
      severity: 'error',
      code: 'history.base-unreadable',
      file: '',
      message: `revision ${BASE} cannot be read: this is not a git repository. F${FIX.slice(1)}, or pass a --base that exists`,
    });
  });

  it('only warns where the run may fall back, and not when it prunes', async () => {
    expect((await baseOf({ base: BASE, baseFallback: true })).finding).toMatchObject({
      severity: 'warning',
      code: 'history.base-unreadable',
      message: `revision ${BASE} cannot be read: this is not a git repository; every component is resolved instead. To compare with the base, ${FIX}`,
    });
    expect((await baseOf({ base: BASE, baseFallback: true, prune: true })).finding?.severity).toBe('error');
  });
});
