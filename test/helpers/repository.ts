/**
 * The repository's own files, found from this file's location: a test never derives a path from the
 * working directory (which is wherever the test runner was started), unless it set that directory itself.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root of the clone the tests run from, wherever it lives. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A path inside the clone, from its parts relative to the root (`inRepository('fixtures', 'example')`). */
export const inRepository = (...parts: string[]): string => join(REPOSITORY_ROOT, ...parts);
