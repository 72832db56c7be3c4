/**
 * Writing generated files into an --out directory, as `export` (rules and receivers) and `import` do: a
 * file already there is overwritten only when the command recognizes it as its own earlier write, so that
 * a directory of hand-written documents never loses one; each command says so in its own words.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../core/usage-error.js';

export interface OutFile {
  readonly fileName: string;
  readonly text: string;
}

/** The text of a file already there, or null when there is none (or it cannot be read). */
export function readIfAny(path: string): Promise<string | null> {
  return readFile(path, 'utf8').catch(() => null);
}

/** The names of the files already in `dir` that `ours` does not recognize as an earlier write of the same. */
export async function filesInTheWay(
  dir: string,
  files: readonly OutFile[],
  ours: (existing: string, file: OutFile) => boolean,
  read: (path: string) => Promise<string | null> = readIfAny,
): Promise<string[]> {
  const clobbered: string[] = [];
  for (const file of files) {
    const existing = await read(join(dir, file.fileName));
    if (existing !== null && !ours(existing, file)) clobbered.push(file.fileName);
  }
  return clobbered;
}

/** Writes every file into `dir`, created when missing; a failure is the UsageError `cannotWrite(reason)`. */
export async function writeFilesInto(
  dir: string,
  files: readonly OutFile[],
  cannotWrite: (reason: string) => string,
): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    for (const file of files) await writeFile(join(dir, file.fileName), file.text, 'utf8');
  } catch (error) {
    throw new UsageError(cannotWrite(failureReason(error)));
  }
}

/** An error of the file system in a word: its code (EACCES), or its message when it has none. */
export function failureReason(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** An export's first line names the live rule or receiver it came from. */
export function sameFirstLine(existing: string, file: OutFile): boolean {
  return firstLine(existing) === firstLine(file.text);
}

function firstLine(text: string): string {
  return text.slice(0, text.indexOf('\n') + 1 || undefined);
}
