/**
 * Global set-up of the end-to-end tests: bundles the current sources into a temporary directory, so a test
 * run after an edit never runs an old dist/. The directory mirrors the package (`dist/` beside `fixtures/`)
 * because the bundle finds its seed and example next to itself. DIST_DIR names a build to test instead
 * (the committed dist/, say): then nothing is built.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory holding index.js, post.js and cli.js for this run. */
    distDir: string;
  }
}

export default async function buildBundle(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DIST_DIR) {
    project.provide('distDir', resolve(process.env.DIST_DIR));
    return undefined;
  }
  const root = await mkdtemp(join(tmpdir(), 'platform-gitops-bundle-'));
  const outdir = join(root, 'dist');
  execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], { stdio: 'inherit' });
  await symlink(resolve('fixtures'), join(root, 'fixtures'), 'dir');
  project.provide('distDir', outdir);
  return () => rm(root, { recursive: true, force: true });
}
