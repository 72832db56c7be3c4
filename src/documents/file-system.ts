/**
 * The file system calls the document reader makes, as promises over node:fs's callbacks. node:fs/promises
 * offers the same, but loading it costs every run about 3 ms before it reads anything (it brings readline
 * and the REPL's history with it), and a run that finds no file never needs more than these
 * (docs/decisions/cold-start-and-apply-throughput.md). Errors are node:fs's own (ENOENT, EACCES…).
 */
import * as fs from 'node:fs';

type Callback<T> = (error: NodeJS.ErrnoException | null, value: T) => void;

function promised<T>(call: (callback: Callback<T>) => void): Promise<T> {
  return new Promise((resolve, reject) => call((error, value) => (error ? reject(error) : resolve(value))));
}

/** The real path, resolved by the operating system (as fs/promises' realpath). */
export const realpath = (path: string) => promised<string>((done) => fs.realpath.native(path, done));
export const readlink = (path: string) => promised<string>((done) => fs.readlink(path, done));
export const stat = (path: string) => promised<fs.Stats>((done) => fs.stat(path, done));
export const lstat = (path: string) => promised<fs.Stats>((done) => fs.lstat(path, done));
export const readdir = (path: string) =>
  promised<fs.Dirent[]>((done) => fs.readdir(path, { withFileTypes: true }, done));
export const readFile = (path: string) => promised<Buffer>((done) => fs.readFile(path, done));

/** At most the first `length` bytes of the file. */
export async function readHead(path: string, length: number): Promise<Uint8Array> {
  const fd = await promised<number>((done) => fs.open(path, 'r', done));
  try {
    const buffer = new Uint8Array(length);
    const bytesRead = await promised<number>((done) => fs.read(fd, buffer, 0, length, 0, done));
    return buffer.subarray(0, bytesRead);
  } finally {
    await promised<void>((done) => fs.close(fd, (error) => done(error, undefined)));
  }
}
