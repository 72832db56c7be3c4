/** The root of a command-line run when neither the working directory nor the first path is in a repository. */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRunRoot } from '../../../src/cli/root.js';

let loose: string;
beforeAll(async () => {
  loose = await realpath(await mkdtemp(join(tmpdir(), 'run-root-loose-')));
});
afterAll(() => rm(loose, { recursive: true, force: true }));

describe('the root outside any repository', () => {
  it('is the working directory when no path is given', async () => {
    expect(await resolveRunRoot(undefined, [], loose)).toEqual({
      root: loose,
      from: loose,
      outsideRepository: true,
    });
  });

  it('is the working directory when the first path does not exist', async () => {
    expect(await resolveRunRoot(undefined, ['missing/alerting'], loose)).toEqual({
      root: loose,
      from: loose,
      outsideRepository: true,
    });
  });

  it('is the working directory as given when it is gone (a shell left in a removed directory)', async () => {
    const gone = join(loose, 'removed');
    expect(await resolveRunRoot(undefined, [], gone)).toEqual({
      root: gone,
      from: gone,
      outsideRepository: true,
    });
  });
});
