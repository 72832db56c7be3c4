import { join } from 'node:path';
import { packageFile } from '../core/package-files.js';

const SEED_RELATIVE = join('fixtures', 'sandbox');

/** The bundled seed's directory, shipped in the package beside the code (never looked up in the cwd). */
export function defaultSeedDir(moduleUrl?: string): string {
  return packageFile(SEED_RELATIVE, moduleUrl);
}
