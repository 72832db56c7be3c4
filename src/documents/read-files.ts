import { mapWithConcurrency } from '../core/concurrency.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic, FILE_START } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import { holdsOurDocuments } from './discover.js';
import { readFile, readHead } from './file-system.js';
import type { FindOptions, FoundFile } from './find-files.js';
import { findFiles } from './find-files.js';
import { MAX_FILE_BYTES, runTooLargeMessage, tooLargeMessage, withinRunBytes } from './limits.js';
import type { SourceFile } from './types.js';

/** How much of an oversized file found in a directory is read to tell whether it is ours. */
const SNIFF_BYTES = 64 * 1024;

/** Enough reads in flight to hide disk latency, few enough to stay far from the open-files limit. */
const READ_CONCURRENCY = 16;

export interface ReadOptions extends FindOptions {
  /**
   * Files (repository-relative) that held documents of ours at the base revision: read and validated
   * whatever they hold now, like a named file. A file still in the repository never counts as removed,
   * so one whose kind became unreadable (`Kind: AlertRule`, `kind: ""`) must be reported, not skipped.
   */
  readonly held?: ReadonlySet<string>;
}

/**
 * Reads the files and directories a run names, without ever leaving `root` (see findFiles): a pull
 * request cannot make the tool read, and print, a file of the runner. Files come back sorted by path.
 * A YAML file found in a directory that holds none of our documents (see holdsOurDocuments) is not
 * returned but listed in `skipped`; a file named on the command line, or `held` at the base, is always
 * returned.
 */
export async function readSourceFiles(
  root: string,
  paths: readonly string[],
  options: ReadOptions = {},
): Promise<{ files: SourceFile[]; diagnostics: Diagnostic[]; skipped: string[] }> {
  const found = await findFiles(root, paths, options);
  const diagnostics = [...found.diagnostics];
  const skipped: string[] = [];
  const ours = async (file: FoundFile, bytes: Uint8Array): Promise<boolean> => {
    if (file.named || options.held?.has(file.rel) || (await holdsOurDocuments(bytes))) return true;
    skipped.push(file.rel);
    return false;
  };
  const refuse = (file: string, code: string, message: string) =>
    diagnostics.push(diagnostic('error', file, FILE_START, code, message));
  // Files past the run's byte limit are never read: a pull request of ten thousand 1 MB files stops here.
  const { kept, over } = withinRunBytes(found.files);
  if (over !== null) {
    refuse(
      over.file.rel,
      CODES.runTooLarge,
      runTooLargeMessage(over.total, found.files.length - kept.length),
    );
  }
  const read = await mapWithConcurrency(kept, READ_CONCURRENCY, async (file): Promise<SourceFile | null> => {
    if (file.size > MAX_FILE_BYTES) {
      const head =
        file.named || options.held?.has(file.rel)
          ? null
          : await readHead(file.abs, SNIFF_BYTES).catch(() => null);
      if (head === null || (await ours(file, head)))
        refuse(file.rel, CODES.fileTooLarge, tooLargeMessage(file.size));
      return null;
    }
    const bytes = await readBytes(file);
    if (bytes === null) {
      refuse(file.rel, CODES.fileUnreadable, `${file.rel} could not be read`);
      return null;
    }
    if (!(await ours(file, bytes))) return null;
    // Checked again after reading: the file may have grown since it was listed.
    if (bytes.byteLength > MAX_FILE_BYTES) {
      refuse(file.rel, CODES.fileTooLarge, tooLargeMessage(bytes.byteLength));
      return null;
    }
    return { path: file.rel, bytes };
  });
  return { files: read.filter((f) => f !== null), diagnostics, skipped: skipped.sort() };
}

async function readBytes(file: FoundFile): Promise<Uint8Array | null> {
  try {
    const buffer = await readFile(file.abs);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } catch {
    return null;
  }
}
