import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRunRoot } from '../../../src/cli/root.js';
import { loadDocuments } from '../../../src/documents/index.js';
import { VALID_RULE } from '../documents/helpers.js';

let base: string;
let repo: string;
let loose: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'run-root-')));
  repo = join(base, 'repo');
  loose = join(base, 'loose');
  await mkdir(join(repo, 'team', 'alerting'), { recursive: true });
  await mkdir(loose);
  execFileSync('git', ['init', '-q', repo]);
  await writeFile(join(repo, 'team', 'alerting', 'rule.yaml'), VALID_RULE);
  await writeFile(join(loose, 'rule.yaml'), VALID_RULE);
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const files = async (rootOption: string | undefined, paths: string[], cwd: string) => {
  const where = await resolveRunRoot(rootOption, paths, cwd);
  const loaded = await loadDocuments(where.root, paths, {
    from: where.from,
    readOutsideRoot: where.outsideRepository,
  });
  return { where, files: loaded.files, codes: loaded.diagnostics.map((d) => d.code) };
};

describe('the root a command-line run is relative to', () => {
  it('is the git top level of the working directory: a sub-directory run names files from the top', async () => {
    const run = await files(undefined, ['alerting'], join(repo, 'team'));
    expect(run.where).toEqual({ root: repo, from: join(repo, 'team'), outsideRepository: false });
    expect(run.files).toEqual(['team/alerting/rule.yaml']);
    expect(run.codes).toEqual([]);
  });

  it('takes absolute paths anywhere inside the root', async () => {
    const run = await files(undefined, [join(repo, 'team', 'alerting', 'rule.yaml')], base);
    expect(run.where.root).toBe(repo);
    expect(run.files).toEqual(['team/alerting/rule.yaml']);
  });

  it('is the first path’s repository when the working directory is outside any', async () => {
    const run = await files(undefined, ['repo/team'], base);
    expect(run.where.root).toBe(repo);
    expect(run.files).toEqual(['team/alerting/rule.yaml']);
  });

  it('is --root when given; relative paths then read from it when the working directory is elsewhere', async () => {
    const run = await files(repo, ['team'], loose);
    expect(run.where).toEqual({ root: repo, from: repo, outsideRepository: false });
    expect(run.files).toEqual(['team/alerting/rule.yaml']);
  });

  it('outside every repository, a path is still validated, named as given', async () => {
    const run = await files(undefined, ['../loose/rule.yaml'], join(base, 'loose'));
    expect(run.where.outsideRepository).toBe(true);
    expect(run.codes).toEqual([]);
    expect(run.files).toEqual(['rule.yaml']);
    await mkdir(join(base, 'other'), { recursive: true });
    const away = await files(undefined, ['../loose/rule.yaml'], join(base, 'other'));
    expect(away.files).toEqual(['../loose/rule.yaml']);
    expect(away.codes).toEqual([]);
  });
});
