import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitReader } from '../../../src/git/git-reader.js';
import { gitSync } from '../../helpers/git.js';

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

function write(root: string, path: string, content: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

describe('createGitReader', () => {
  let repo: string;
  let first: string;
  let second: string;

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'git-reader-'));
    gitSync(repo, 'init', '-q', '-b', 'main');
    write(repo, 'alerting/a.yaml', 'kind: AlertRule\nname: a\n');
    write(repo, 'alerting/b.yml', 'name: b\n');
    write(repo, 'alerting/notes.txt', 'not yaml');
    write(repo, 'alerting/.hidden/c.yaml', 'name: hidden\n');
    write(repo, 'node_modules/x/d.yaml', 'name: dep\n');
    write(repo, 'other/e.yaml', 'name: e\n');
    write(repo, 'weird/sp ace:*.yaml', 'name: weird\n');
    gitSync(repo, 'add', '-A');
    gitSync(repo, 'commit', '-q', '-m', 'first');
    first = gitSync(repo, 'rev-parse', 'HEAD');
    write(repo, 'alerting/a.yaml', 'kind: AlertRule\nname: a2\n');
    gitSync(repo, 'rm', '-q', 'alerting/b.yml');
    gitSync(repo, 'commit', '-q', '-am', 'second');
    second = gitSync(repo, 'rev-parse', 'HEAD');
  });

  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('reads the YAML files of a revision, not of the working tree', async () => {
    const reader = createGitReader(repo);
    const files = await reader.filesAt(first, ['alerting']);
    expect(files?.map((f) => f.path)).toEqual(['alerting/a.yaml', 'alerting/b.yml']);
    expect(text(files![0]!.bytes)).toBe('kind: AlertRule\nname: a\n');
    const now = await reader.filesAt(second, ['alerting']);
    expect(now?.map((f) => [f.path, text(f.bytes)])).toEqual([
      ['alerting/a.yaml', 'kind: AlertRule\nname: a2\n'],
    ]);
  });

  it('searches the whole tree for ".", skipping hidden directories and node_modules', async () => {
    const files = await createGitReader(repo).filesAt(first, ['.']);
    expect(files?.map((f) => f.path)).toEqual([
      'alerting/a.yaml',
      'alerting/b.yml',
      'other/e.yaml',
      'weird/sp ace:*.yaml',
    ]);
  });

  it('reads a hidden directory the user named, and names with pathspec magic literally', async () => {
    const reader = createGitReader(repo);
    expect((await reader.filesAt(first, ['alerting/.hidden']))?.map((f) => f.path)).toEqual([
      'alerting/.hidden/c.yaml',
    ]);
    expect((await reader.filesAt(first, ['weird/sp ace:*.yaml']))?.map((f) => f.path)).toEqual([
      'weird/sp ace:*.yaml',
    ]);
    expect(await reader.filesAt(first, [join(repo, 'other')])).toHaveLength(1);
  });

  it('names files relative to a root below the repository top', async () => {
    const files = await createGitReader(join(repo, 'alerting')).filesAt(first, ['.']);
    expect(files?.map((f) => f.path)).toEqual(['a.yaml', 'b.yml']);
  });

  it('finds the first parent (null at the root commit), the commit a revision names, and ancestors', async () => {
    const reader = createGitReader(repo);
    expect(await reader.parentOf(second)).toBe(first);
    expect(await reader.parentOf('HEAD')).toBe(first);
    expect(await reader.parentOf(first)).toBeNull();
    expect(await reader.commitOf('HEAD~1')).toBe(first);
    expect(await reader.commitOf('main')).toBe(second);
    expect(await reader.isAncestor(first, 'HEAD')).toBe(true);
    expect(await reader.isAncestor(second, second)).toBe(true);
    expect(await reader.isAncestor(second, first)).toBe(false);
    expect(await reader.isAncestor('0'.repeat(40), 'HEAD')).toBe(false);
  });

  it('answers null for a revision that is not there, and outside a repository', async () => {
    const reader = createGitReader(repo);
    expect(await reader.filesAt('0'.repeat(40), ['.'])).toBeNull();
    expect(await reader.filesAt('--output=/tmp/x', ['.'])).toBeNull();
    expect(await reader.commitOf('nosuchrev')).toBeNull();
    const plain = mkdtempSync(join(tmpdir(), 'not-a-repo-'));
    try {
      expect(await createGitReader(plain).filesAt('HEAD', ['.'])).toBeNull();
      expect(await createGitReader(plain).parentOf('HEAD')).toBeNull();
      expect(await createGitReader(plain).commitOf('HEAD')).toBeNull();
      expect(await createGitReader(plain).isAncestor('HEAD', 'HEAD')).toBe(false);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('answers null in a shallow clone for a commit it does not have', async () => {
    const clone = mkdtempSync(join(tmpdir(), 'shallow-'));
    try {
      gitSync(clone, 'clone', '-q', '--depth', '1', `file://${repo}`, 'c');
      const reader = createGitReader(join(clone, 'c'));
      expect(await reader.parentOf('HEAD')).toBeNull();
      expect(await reader.filesAt(first, ['.'])).toBeNull();
      expect((await reader.filesAt('HEAD', ['alerting']))?.map((f) => f.path)).toEqual(['alerting/a.yaml']);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });
});
