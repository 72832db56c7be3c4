import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, readFile, readlink, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic, FILE_START } from '../core/diagnostic.js';
import { UsageError } from '../core/errors.js';
import { CODES } from './codes.js';
import type { SourceFile } from './types.js';

/** Desired-state files are small; anything larger is a mistake (or an attack) and is refused unread. */
export const MAX_FILE_BYTES = 1024 * 1024;
/** Enough reads in flight to hide disk latency, few enough to stay far from the open-files limit. */
const READ_CONCURRENCY = 16;
const YAML_FILE = /\.ya?ml$/i;

interface Candidate {
  readonly rel: string;
  readonly abs: string;
  readonly size: number;
}

/**
 * Reads the files and directories a run names (directories recursively, `.yaml`/`.yml` only, hidden
 * directories and node_modules skipped) without ever leaving `root`: a symlink that resolves outside it is
 * refused, so a pull request cannot make the tool read (and print) files of the runner.
 */
export async function readSourceFiles(
  root: string,
  paths: readonly string[],
): Promise<{ files: SourceFile[]; diagnostics: Diagnostic[] }> {
  const lexicalRoot = resolve(root);
  const realRoot = await realpath(lexicalRoot).catch(() => {
    throw new UsageError(`repository root not found: ${root}`);
  });
  const diagnostics: Diagnostic[] = [];
  const candidates = new Map<string, Candidate>();
  const visitedDirectories = new Set<string>();
  const refuse = (file: string, code: string, message: string) =>
    diagnostics.push(diagnostic('error', file, FILE_START, code, message));
  const inside = (real: string) => real === realRoot || real.startsWith(realRoot + sep);

  const visit = async (abs: string, rel: string, explicit: boolean): Promise<void> => {
    const real = await realpath(abs).catch(() => null);
    if (real === null) {
      const link = await readlink(abs).catch(() => null);
      refuse(
        explicit ? '' : rel,
        CODES.pathNotFound,
        link === null ? `path not found: ${rel}` : `${rel}: broken symlink`,
      );
      return;
    }
    if (!inside(real)) {
      const link = await readlink(abs).catch(() => null);
      const target = link === null ? 'a path' : `\`${link}\``;
      refuse(
        rel,
        CODES.symlinkOutsideRoot,
        `refused: ${rel} resolves through a symlink to ${target} outside the repository`,
      );
      return;
    }
    const info: Stats = await stat(real);
    if (info.isDirectory()) {
      if (visitedDirectories.has(real)) return; // a symlink loop or a directory named twice
      visitedDirectories.add(real);
      const entries: Dirent[] = await readdir(abs, { withFileTypes: true });
      for (const entry of entries.sort((a, b) => compareText(a.name, b.name))) {
        const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
        if (entry.isDirectory() || entry.isSymbolicLink()) {
          if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
          if (entry.isSymbolicLink() && YAML_FILE.test(entry.name)) {
            await visit(join(abs, entry.name), childRel, false);
            continue;
          }
          if (entry.isDirectory() || (await isDirectory(join(abs, entry.name)))) {
            await visit(join(abs, entry.name), childRel, false);
          }
        } else if (entry.isFile() && YAML_FILE.test(entry.name)) {
          const size = (await lstat(join(abs, entry.name))).size;
          candidates.set(childRel, { rel: childRel, abs: join(abs, entry.name), size });
        }
      }
    } else if (info.isFile()) {
      if (explicit || YAML_FILE.test(rel)) candidates.set(rel, { rel, abs: real, size: info.size });
    } else if (explicit) {
      refuse(rel, CODES.fileUnreadable, `${rel} is not a regular file or directory`);
    }
  };

  for (const path of paths) {
    const abs = resolve(lexicalRoot, path);
    const rel = toRepositoryPath(relative(lexicalRoot, abs));
    if (rel === '..' || rel.startsWith('../') || isAbsolute(rel)) {
      refuse('', CODES.pathOutsideRoot, `path is outside the repository: ${path}`);
      continue;
    }
    const exists = await lstat(abs).then(
      () => true,
      () => false,
    );
    if (!exists) {
      refuse('', CODES.pathNotFound, `path not found: ${path}`);
      continue;
    }
    await visit(abs, rel, true);
  }

  const ordered = [...candidates.values()].sort((a, b) => compareText(a.rel, b.rel));
  const files = await mapBounded(ordered, READ_CONCURRENCY, async (candidate): Promise<SourceFile | null> => {
    const bytes =
      candidate.size > MAX_FILE_BYTES ? null : await readFile(candidate.abs).catch(() => undefined);
    if (bytes === undefined) {
      refuse(candidate.rel, CODES.fileUnreadable, `${candidate.rel} could not be read`);
      return null;
    }
    // Checked again after reading: the file may have grown since it was listed.
    const size = bytes === null ? candidate.size : bytes.byteLength;
    if (size > MAX_FILE_BYTES) {
      refuse(
        candidate.rel,
        CODES.fileTooLarge,
        `file is ${formatSize(size)}, over the ${formatSize(MAX_FILE_BYTES)} limit: refused`,
      );
      return null;
    }
    return {
      path: candidate.rel,
      bytes: new Uint8Array(bytes!.buffer, bytes!.byteOffset, bytes!.byteLength),
    };
  });
  return { files: files.filter((f): f is SourceFile => f !== null), diagnostics };
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => true, // a broken link: let visit() report it
  );
}

function toRepositoryPath(path: string): string {
  return path.split(sep).join('/');
}

/** Code-point order: the same on every machine, whatever its locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function formatSize(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  const human =
    mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
  return `${human} (${bytes.toLocaleString('en-US')} bytes)`;
}

async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
