import { isAbsolute, relative, sep } from 'node:path';

/** Absolute paths inside the root become relative; `:(literal)` keeps `*` or `:` in a name from being magic. */
export function pathspecOf(root: string, path: string): string {
  const rel = isAbsolute(path) ? relative(root, path) : path;
  const posix = rel.split(sep).join('/').replace(/\/+$/, '');
  return posix === '' || posix === '.' ? '.' : `:(literal)${posix}`;
}
