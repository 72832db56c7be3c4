import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from './usage-error.js';

/**
 * A file or directory shipped inside the package (fixtures/sandbox, fixtures/example), found from the code
 * that runs, never from the working directory: the bundle (dist/cli.js, or a chunk in dist/chunks/) and the
 * sources (src/core/) both sit one or two levels below the package root, wherever npm installed it.
 */
export function packageFile(relative: string, moduleUrl: string = import.meta.url): string {
  const start = dirname(fileURLToPath(moduleUrl));
  let dir = start;
  for (let depth = 0; depth < 4; depth++) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new UsageError(
    `the installed package is incomplete: ${relative} is not beside ${start}; reinstall platform-gitops`,
  );
}
