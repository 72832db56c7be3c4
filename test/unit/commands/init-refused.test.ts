/** `init` where it cannot write: one file in the way, or a directory that cannot be made. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/cli-in-process.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'init-refused-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('platform-gitops init refused', () => {
  it('names the one file in the way, in the singular, and leaves it as it was', async () => {
    await mkdir(join(dir, '.vscode'));
    await writeFile(join(dir, '.vscode/settings.json'), '{}\n');
    const run = await runCliInProcess(['init', dir], {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `this one is in the way in ${dir}: .vscode/settings.json. Move it away or choose another directory.`,
    );
    expect(await readFile(join(dir, '.vscode/settings.json'), 'utf8')).toBe('{}\n');
  });

  it('says it cannot write in a directory below a file, and why', async () => {
    await writeFile(join(dir, 'plain.txt'), 'not a directory\n');
    const target = join(dir, 'plain.txt', 'repo');
    const run = await runCliInProcess(['init', target], {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`init cannot write in ${target} (ENOTDIR): choose another directory`);
  });
});
