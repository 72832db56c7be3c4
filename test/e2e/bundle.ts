/**
 * Where the end-to-end tests find the bundles (built from the current sources by build-bundle.ts) and the
 * Node binary that runs them (E2E_NODE, e.g. Node 24 in CI; the test runner's own Node otherwise).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';
import { REPOSITORY_ROOT } from '../helpers/repository.js';

export const DIST = inject('distDir');
export const NODE = process.env.E2E_NODE ?? process.execPath;

/** The path of one bundle: index.js (the action's main step), post.js or cli.js. */
export const bundle = (name: 'index.js' | 'post.js' | 'cli.js'): string => join(DIST, name);

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs one bundle in a child process with exactly the environment given, in `cwd` (default: the root of
 * the clone the tests run from, never the test runner's own directory); its output is collected.
 */
export function runBundle(
  name: 'index.js' | 'post.js' | 'cli.js',
  args: readonly string[],
  options: { readonly cwd?: string; readonly env: Record<string, string> },
): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(NODE, [bundle(name), ...args], {
      cwd: options.cwd ?? REPOSITORY_ROOT,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/**
 * Runs the bundled CLI as a user would: in `cwd` (default: the clone's root), with PATH and only the
 * environment given, so no secret of the machine running the tests leaks in.
 */
export function runCli(
  args: readonly string[],
  options: { readonly cwd?: string; readonly env?: Record<string, string> } = {},
): Promise<CliRun> {
  return runBundle('cli.js', args, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { PATH: process.env.PATH ?? '', ...options.env },
  });
}
