/**
 * Global set-up of the end-to-end tests: bundles the current sources into a temporary directory, so a test
 * run after an edit never runs an old dist/. The directory mirrors the package (`dist/` beside `fixtures/`)
 * because the bundle finds its seed and example next to itself. DIST_DIR names a build to test instead
 * (the committed dist/, say): then nothing is built.
 */
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { writeBundle } from '../../scripts/bundle.mjs';
import { inRepository } from '../helpers/repository.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory holding index.js, post.js and cli.js for this run. */
    distDir: string;
    /** What that build holds, file by file (scripts/bundle.mjs); null for a DIST_DIR build. */
    bundleOutputs: Metafile['outputs'] | null;
  }
}

export default async function buildBundle(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DIST_DIR) {
    project.provide('distDir', resolve(process.env.DIST_DIR));
    project.provide('bundleOutputs', null);
    return undefined;
  }
  const root = await mkdtemp(join(tmpdir(), 'platform-gitops-bundle-'));
  const outdir = join(root, 'dist');
  // The same build as `npm run build`, in this process: the tests of what loads up front read its outputs.
  const outputs = await writeBundle(outdir);
  await symlink(inRepository('fixtures'), join(root, 'fixtures'), 'dir');
  project.provide('distDir', outdir);
  project.provide('bundleOutputs', outputs);
  return () => rm(root, { recursive: true, force: true });
}
