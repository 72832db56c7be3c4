import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitReader } from '../../../src/git/git-reader.js';
import { gitSync } from '../../helpers/git.js';

function commit(repo: string, files: Record<string, string>, message: string): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), content);
  }
  gitSync(repo, 'add', '-A');
  gitSync(repo, 'commit', '-q', '-m', message);
  return gitSync(repo, 'rev-parse', 'HEAD');
}

describe('the last commit that changed each file', () => {
  const dirs: string[] = [];
  let repo: string;
  let first: string;
  let second: string;
  let merge: string;

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'last-changes-'));
    dirs.push(repo);
    gitSync(repo, 'init', '-q', '-b', 'main');
    first = commit(
      repo,
      { 'alerting/a.yaml': 'a1', 'alerting/b.yaml': 'b1', 'alerting/sp ace:*.yaml': 'c1' },
      'one',
    );
    second = commit(repo, { 'alerting/a.yaml': 'a2' }, 'two');
    // A pull request merged with a merge commit: its change is the merge's, on the first-parent line.
    gitSync(repo, 'checkout', '-q', '-b', 'topic');
    commit(repo, { 'alerting/b.yaml': 'b2' }, 'topic');
    gitSync(repo, 'checkout', '-q', 'main');
    gitSync(repo, 'merge', '-q', '--no-ff', 'topic', '-m', 'merge topic');
    merge = gitSync(repo, 'rev-parse', 'HEAD');
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('finds each file with one git call, a merged change on its merge commit', async () => {
    const found = await createGitReader(repo).lastChanges('HEAD', [
      'alerting/a.yaml',
      'alerting/b.yaml',
      'alerting/sp ace:*.yaml',
      'alerting/gone.yaml',
    ]);
    expect(found).toEqual(
      new Map([
        ['alerting/a.yaml', second],
        ['alerting/b.yaml', merge],
        ['alerting/sp ace:*.yaml', first],
      ]),
    );
    // As of an earlier revision, what came later does not count.
    expect(await createGitReader(repo).lastChanges(second, ['alerting/b.yaml'])).toEqual(
      new Map([['alerting/b.yaml', first]]),
    );
  });

  it('names files relative to a root below the repository top', async () => {
    expect(await createGitReader(join(repo, 'alerting')).lastChanges('HEAD', ['a.yaml'])).toEqual(
      new Map([['a.yaml', second]]),
    );
  });

  it('claims nothing for history a shallow clone lacks, and answers null without history', async () => {
    const shallow = mkdtempSync(join(tmpdir(), 'last-changes-shallow-'));
    dirs.push(shallow);
    gitSync(shallow, 'clone', '-q', '--depth', '2', `file://${repo}`, 'clone');
    const clone = join(shallow, 'clone');
    // Two commits deep: the merge and the commit before it on main, whose parents the clone does not have.
    const found = await createGitReader(clone).lastChanges('HEAD', ['alerting/a.yaml', 'alerting/b.yaml']);
    expect(found).toEqual(new Map([['alerting/b.yaml', merge]]));
    expect(await createGitReader(repo).lastChanges('0'.repeat(40), ['alerting/a.yaml'])).toBeNull();
    expect(await createGitReader(shallow).lastChanges('HEAD', ['x.yaml'])).toBeNull();
  });
});
