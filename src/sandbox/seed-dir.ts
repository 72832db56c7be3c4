import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SEED_RELATIVE = join('fixtures', 'sandbox');

/**
 * The bundled seed's directory. From the bundle (dist/cli.js, or a chunk in dist/chunks/) and from the
 * sources (src/sandbox/), the seed sits at <root>/fixtures/sandbox: walk up from this module until it is
 * found, then fall back to the working directory.
 */
export function defaultSeedDir(moduleUrl: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (let depth = 0; depth < 4; depth++) {
    const candidate = join(dir, SEED_RELATIVE);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return resolve(process.cwd(), SEED_RELATIVE);
}
