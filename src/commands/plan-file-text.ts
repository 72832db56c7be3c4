/**
 * The text of a saved plan, read so that no path can hang or exhaust the run: a FIFO, a device, a
 * directory or a huge file is refused with one sentence naming what it is, before a byte is read.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { PlanFileError } from '../plan/plan-file.js';

/** Far above any plan (a change takes a few kilobytes), far below what would exhaust the memory. */
export const MAX_PLAN_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Throws PlanFileError when the path is not a regular file or is larger than `maxBytes`; the fs error
 * (ENOENT, EACCES) when it cannot be opened.
 */
export async function readPlanFileText(path: string, maxBytes = MAX_PLAN_FILE_BYTES): Promise<string> {
  // Non-blocking: opening a FIFO for reading would otherwise wait for a writer, for ever. It changes
  // nothing for a regular file. The kind is then taken from the opened file itself, so that nothing can
  // be swapped in between the check and the read.
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) {
      throw new PlanFileError(
        `it is not a regular file but ${kindOf(stat)}: give the file that 'plan --out' wrote`,
      );
    }
    if (stat.size > maxBytes) throw tooLarge(maxBytes);
    // One byte more than allowed tells a file that grew since the stat.
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) throw tooLarge(maxBytes);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    await handle.close();
  }
}

function tooLarge(maxBytes: number): PlanFileError {
  return new PlanFileError(
    `it is larger than ${maxBytes} bytes, which no plan file is: give the file that 'plan --out' wrote`,
  );
}

function kindOf(stat: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'something else';
}
