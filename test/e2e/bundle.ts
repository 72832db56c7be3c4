/**
 * Where the end-to-end tests find the bundles (built from the current sources by build-bundle.ts) and the
 * Node binary that runs them (E2E_NODE, e.g. Node 24 in CI; the test runner's own Node otherwise).
 */
import { join } from 'node:path';
import { inject } from 'vitest';

export const DIST = inject('distDir');
export const NODE = process.env.E2E_NODE ?? process.execPath;

/** The path of one bundle: index.js (the action's main step), post.js or cli.js. */
export const bundle = (name: 'index.js' | 'post.js' | 'cli.js'): string => join(DIST, name);
