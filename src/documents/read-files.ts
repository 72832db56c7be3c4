import { readFile } from 'node:fs/promises';
import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic, FILE_START } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import type { FoundFile } from './find-files.js';
import { findFiles } from './find-files.js';
import { MAX_FILE_BYTES, runTooLargeMessage, tooLargeMessage, withinRunBytes } from './limits.js';
import type { SourceFile } from './types.js';

/** Enough reads in flight to hide disk latency, few enough to stay far from the open-files limit. */
const READ_CONCURRENCY = 16;

/**
 * Reads the files and directories a run names, without ever leaving `root` (see findFiles): a pull
 * request cannot make the tool read, and print, a file of the runner. Files come back sorted by path.
 */
export async function readSourceFiles(
  root: string,
  paths: readonly string[],
): Promise<{ files: SourceFile[]; diagnostics: Diagnostic[] }> {
  const found = await findFiles(root, paths);
  const diagnostics = [...found.diagnostics];
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
  const read = await mapBounded(kept, READ_CONCURRENCY, async (file): Promise<SourceFile | null> => {
    if (file.size > MAX_FILE_BYTES) {
      refuse(file.rel, CODES.fileTooLarge, tooLargeMessage(file.size));
      return null;
    }
    const bytes = await readBytes(file);
    if (bytes === null) {
      refuse(file.rel, CODES.fileUnreadable, `${file.rel} could not be read`);
      return null;
    }
    // Checked again after reading: the file may have grown since it was listed.
    if (bytes.byteLength > MAX_FILE_BYTES) {
      refuse(file.rel, CODES.fileTooLarge, tooLargeMessage(bytes.byteLength));
      return null;
    }
    return { path: file.rel, bytes };
  });
  return { files: read.filter((f) => f !== null), diagnostics };
}

async function readBytes(file: FoundFile): Promise<Uint8Array | null> {
  try {
    const buffer = await readFile(file.abs);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } catch {
    return null;
  }
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep the order of `items`. */
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
