/**
 * History through the `git` command: the files of a revision without checking it out. One `ls-tree`
 * lists the files and one `cat-file --batch` process reads them all, however many there are.
 */
import type { SourceFile } from '../documents/types.js';
import { git, gitWithInput } from './exec.js';
import { lastChanges } from './last-changes.js';
import { pathspecOf } from './pathspec.js';
import type { GitReader } from './types.js';

const YAML_FILE = /\.ya?ml$/i;

export function createGitReader(root: string): GitReader {
  return {
    async filesAt(rev, paths) {
      const commit = await resolveCommit(root, rev);
      if (commit === null) return null;
      const entries = await listBlobs(root, commit, paths);
      if (entries === null) return null;
      if (entries.length === 0) return [];
      return readBlobs(root, entries);
    },
    commitOf(rev) {
      return resolveCommit(root, rev);
    },
    async isAncestor(ancestor, rev) {
      const [a, b] = await Promise.all([resolveCommit(root, ancestor), resolveCommit(root, rev)]);
      if (a === null || b === null) return false;
      // Exit status 0: an ancestor (or the same commit); 1: not; anything else: cannot tell, so not.
      return (await git(root, ['merge-base', '--is-ancestor', a, b])).ok;
    },
    async parentOf(rev) {
      return resolveCommit(root, `${rev}^1`);
    },
    lastChanges(rev, files) {
      return lastChanges(root, rev, files);
    },
  };
}

async function resolveCommit(root: string, rev: string): Promise<string | null> {
  // `--end-of-options` keeps a revision that starts with '-' from being read as an option.
  const out = await git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
  const sha = out.stdout.toString('utf8').trim();
  return out.ok && /^[0-9a-f]{40,64}$/.test(sha) ? sha : null;
}

interface BlobEntry {
  readonly sha: string;
  readonly path: string;
}

/** Paths print relative to `root` (ls-tree's default), which is what findings name. */
async function listBlobs(
  root: string,
  commit: string,
  paths: readonly string[],
): Promise<BlobEntry[] | null> {
  const pathspecs = paths.length === 0 ? ['.'] : paths.map((p) => pathspecOf(root, p));
  const out = await git(root, ['ls-tree', '-r', '-z', '--end-of-options', commit, '--', ...pathspecs]);
  if (!out.ok) return null;
  const entries: BlobEntry[] = [];
  for (const record of out.stdout.toString('utf8').split('\0')) {
    // "<mode> <type> <sha>\t<path>"
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, sha] = record.slice(0, tab).split(' ');
    const path = record.slice(tab + 1);
    // Submodules (commit) and symbolic links (120000) are not documents of this repository.
    if (type !== 'blob' || mode === '120000' || sha === undefined || !YAML_FILE.test(path)) continue;
    if (isSkippedDirectory(path, pathspecs)) continue;
    entries.push({ sha, path });
  }
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `cat-file --batch` answers "<sha> blob <size>\n<bytes>\n" per object, in the order asked. */
async function readBlobs(root: string, entries: readonly BlobEntry[]): Promise<SourceFile[] | null> {
  const out = await gitWithInput(root, ['cat-file', '--batch'], `${entries.map((e) => e.sha).join('\n')}\n`);
  if (!out.ok) return null;
  const files: SourceFile[] = [];
  let offset = 0;
  for (const entry of entries) {
    const headerEnd = out.stdout.indexOf(0x0a, offset);
    if (headerEnd < 0) return null;
    const [sha, type, size] = out.stdout.subarray(offset, headerEnd).toString('utf8').split(' ');
    if (sha !== entry.sha || type !== 'blob' || size === undefined) return null;
    const start = headerEnd + 1;
    const end = start + Number(size);
    files.push({ path: entry.path, bytes: new Uint8Array(out.stdout.subarray(start, end)) });
    offset = end + 1;
  }
  return files;
}

/**
 * Like the working-tree loader: hidden directories and node_modules are skipped while searching a
 * directory, but a path the user named explicitly is read even when it is inside one.
 */
function isSkippedDirectory(path: string, pathspecs: readonly string[]): boolean {
  const named = pathspecs
    .map((spec) => spec.replace(/^:\(literal\)/, ''))
    .filter((spec) => spec !== '.' && (path === spec || path.startsWith(`${spec}/`)));
  const searched = named.length > 0 ? path.slice(Math.max(...named.map((s) => s.length)) + 1) : path;
  const dirs = searched.split('/').slice(0, -1);
  return dirs.some(
    (part) => part === 'node_modules' || (part.startsWith('.') && part !== '.' && part !== '..'),
  );
}
