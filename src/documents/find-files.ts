import type { Dirent } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic, FILE_START } from '../core/diagnostic.js';
import { UsageError } from '../core/usage-error.js';
import { CODES } from './codes.js';
import { lstat, readdir, readlink, realpath, stat } from './file-system.js';

/** A file to read: where it is, how it is reported, and its size when listed. */
export interface FoundFile {
  /** Repository-relative with `/`, as findings name it (the path as reached, not a symlink's target). */
  readonly rel: string;
  readonly abs: string;
  readonly size: number;
  /** Named on the command line (always validated) rather than found in a directory (validated when ours). */
  readonly named: boolean;
}

export interface FindOptions {
  // Globs on repository-relative paths (vendor/**, **/*.tmpl.yaml): matching files and directories are not searched.
  readonly ignore?: readonly string[];
  /**
   * Outside every repository there is nothing to protect: a path outside `root` is read and named as
   * given rather than refused.
   */
  readonly readOutsideRoot?: boolean;
  /** The directory relative paths are read from (default `root`); findings still name files relative to `root`. */
  readonly from?: string;
}

const YAML_FILE = /\.ya?ml$/i;

/**
 * Finds the files the named paths stand for: a file as named (`.yaml`/`.yml`), a directory searched
 * recursively for `.yaml`/`.yml` (hidden directories and node_modules skipped). Nothing outside `root` is
 * ever listed: a path or symlink whose real location leaves it is refused with a finding.
 */
export async function findFiles(
  root: string,
  paths: readonly string[],
  options: FindOptions = {},
): Promise<{ files: FoundFile[]; diagnostics: Diagnostic[] }> {
  const lexicalRoot = resolve(root);
  const realRoot = await realpath(lexicalRoot).catch(() => {
    throw new UsageError(`repository root not found: ${root}`);
  });
  const ignore = options.ignore ?? [];
  const ignored = ignore.length > 0 ? (await import('./ignore-globs.js')).ignoreMatcher(ignore) : () => false;
  const search = new Search(realRoot, ignored);
  // Paths outside the root, when allowed: no containment, each named as given.
  const loose = new Search(resolve('/'), ignored);
  for (const path of paths) {
    const abs = resolve(lexicalRoot, options.from ?? '.', path);
    const rel = relative(lexicalRoot, abs).split(sep).join('/');
    const outside = rel === '..' || rel.startsWith('../') || isAbsolute(rel);
    if (outside && options.readOutsideRoot) {
      if (!(await exists(abs))) search.refuse('', CODES.pathNotFound, `path not found: ${path}`);
      else await loose.visit(abs, path.split(sep).join('/').replace(/\/+$/, ''), true);
    } else if (outside) {
      search.refuse(
        '',
        CODES.pathOutsideRoot,
        `path is outside the repository: ${path} (the repository is ${lexicalRoot}; run from the repository or pass --root)`,
      );
    } else if (!(await exists(abs))) {
      search.refuse('', CODES.pathNotFound, `path not found: ${path}`);
    } else {
      await search.visit(abs, rel, true);
    }
  }
  const files = [...search.files.values(), ...loose.files.values()].sort((a, b) => compareText(a.rel, b.rel));
  return { files, diagnostics: [...search.diagnostics, ...loose.diagnostics] };
}

class Search {
  readonly files = new Map<string, FoundFile>();
  readonly diagnostics: Diagnostic[] = [];
  // Real paths of directories already searched: stops symlink loops and directories named twice.
  private readonly searched = new Set<string>();

  constructor(
    private readonly realRoot: string,
    private readonly ignored: (rel: string) => boolean,
  ) {}

  refuse(file: string, code: string, message: string): void {
    this.diagnostics.push(diagnostic('error', file, FILE_START, code, message));
  }

  async visit(abs: string, rel: string, named: boolean): Promise<void> {
    const real = await realpath(abs).catch(() => null);
    if (real === null) {
      this.refuse(named ? '' : rel, CODES.pathNotFound, `${rel}: broken symlink`);
      return;
    }
    if (!isWithin(this.realRoot, real)) {
      const link = await readlink(abs).catch(() => null);
      const target = link === null ? 'a path' : `\`${link}\``;
      this.refuse(
        rel,
        CODES.symlinkOutsideRoot,
        `refused: ${rel} resolves through a symlink to ${target} outside the repository`,
      );
      return;
    }
    const info = await stat(real);
    if (info.isDirectory()) {
      await this.searchDirectory(abs, rel, real);
    } else if (info.isFile()) {
      if (named && !YAML_FILE.test(rel)) {
        this.refuse(
          rel,
          CODES.notYaml,
          `not a YAML file: ${rel} (documents are .yaml or .yml files; name a directory to search it)`,
        );
      } else if (named || YAML_FILE.test(rel)) {
        this.files.set(rel, { rel, abs: real, size: info.size, named });
      }
    } else if (named || YAML_FILE.test(rel)) {
      this.refuse(rel, CODES.fileUnreadable, `${rel} is not a regular file or directory`);
    }
  }

  private async searchDirectory(abs: string, rel: string, real: string): Promise<void> {
    if (this.searched.has(real)) return;
    this.searched.add(real);
    const entries: Dirent[] = await readdir(abs);
    for (const entry of entries.sort((a, b) => compareText(a.name, b.name))) {
      const childAbs = join(abs, entry.name);
      const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (this.ignored(childRel)) continue;
      const kind = await entryKind(entry, childAbs);
      if (kind === 'directory') {
        if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
        await this.visit(childAbs, childRel, false);
      } else if (YAML_FILE.test(entry.name)) {
        // Symlinks, broken links and devices named *.yaml go through visit() for the containment check
        // and a clear finding (a link to /dev/zero must not pass unnoticed).
        if (kind === 'file' && !entry.isSymbolicLink()) {
          const size = (await lstat(childAbs)).size;
          this.files.set(childRel, { rel: childRel, abs: childAbs, size, named: false });
        } else {
          await this.visit(childAbs, childRel, false);
        }
      }
    }
  }
}

/** What an entry is, following a symlink to its target; 'broken' for a symlink to nothing. */
async function entryKind(entry: Dirent, abs: string): Promise<'directory' | 'file' | 'broken' | 'other'> {
  if (entry.isDirectory()) return 'directory';
  if (entry.isFile()) return 'file';
  if (!entry.isSymbolicLink()) return 'other';
  const target = await stat(abs).catch(() => null);
  if (target === null) return 'broken';
  return target.isDirectory() ? 'directory' : target.isFile() ? 'file' : 'other';
}

/** Whether `path` is `root` or below it; a root of `/` holds every path. */
function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/** Code-point order: the same on every machine, whatever its locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
