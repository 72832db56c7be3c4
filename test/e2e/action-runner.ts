/**
 * Runs the bundled action main (index.js, built by build-bundle.ts) as the runner does: a child process with the
 * runner's environment (INPUT_*, GITHUB_*, RUNNER_TEMP) and files for outputs, state and the step summary.
 * Also builds the throwaway git repositories the runs read.
 */

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runStepInProcess } from '../helpers/action-step-in-process.js';
import { type FakeGitHub, startFakeGitHub } from '../helpers/fake-github.js';
import { inRepository } from '../helpers/repository.js';
import { useSandbox } from '../helpers/sandbox.js';
import { bundle, runBundle } from './bundle.js';

export const MAIN = bundle('index.js');
export const EXAMPLE = inRepository('fixtures', 'example');

export interface ActionRun {
  readonly code: number | null;
  readonly stdout: string;
  /**
   * The log as the runner shows it: `::add-mask::` lines are read by the runner, never shown, and carry
   * exactly the values it must mask.
   */
  readonly log: string;
  readonly stderr: string;
  readonly summary: string;
  readonly outputs: Record<string, string>;
  readonly state: Record<string, string>;
  /** The workflow-command annotations printed (`::error …`, `::warning …`, `::notice …`). */
  readonly annotations: string[];
}

export interface ActionRunOptions {
  readonly workspace: string;
  readonly eventName: string;
  readonly payload: unknown;
  readonly inputs: Record<string, string>;
  /**
   * GitHub's API address (GITHUB_API_URL). A runner always sets it; without one here the run gets the fake
   * GitHub of the file's useActionWorld, so no run can reach the real api.github.com with a test token.
   */
  readonly githubUrl?: string;
  readonly sha?: string;
  readonly ref?: string;
  readonly workflow?: string;
  /** Runner variables this run goes without (e.g. GITHUB_STEP_SUMMARY, as on a runner without summaries). */
  readonly unset?: readonly string[];
  /** The step's `env:` (secrets a workflow passes); by default what the example repository reads. */
  readonly env?: Record<string, string>;
  /**
   * Runs the main step's entry function (`run`, what index.js calls) in this process with the same
   * environment, instead of index.js in a child process: for runs about what the step does rather than how
   * its process behaves, where a process added only its cold start. Such runs go one at a time.
   */
  readonly inProcess?: boolean;
}

/** The secret the example repository reads from the environment (`valueFrom`), as its workflow passes it. */
export const EXAMPLE_SECRETS: Readonly<Record<string, string>> = {
  GRAFANA_ADMIN_PASSWORD: 'Gr4fana-prod-eu-7c1d9e',
};

let runs = 0;
/** The fake GitHub of this file's useActionWorld: the API address of a run that names none. */
let worldGitHubUrl: string | undefined;
const temporary: string[] = [];

async function temporaryDirectory(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** Removes the directories the runs and repositories of this test file created (call in afterAll). */
export async function removeTemporaryDirectories(): Promise<void> {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Parses the runner's file-command format: `name<<DELIMITER\nvalue\nDELIMITER`. */
function parseFileCommands(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern = /^([^<\n]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const match of text.matchAll(pattern)) out[match[1]!] = match[3]!;
  return out;
}

export async function runAction(options: ActionRunOptions): Promise<ActionRun> {
  const githubUrl = options.githubUrl ?? worldGitHubUrl;
  if (!githubUrl) throw new Error('runAction needs githubUrl, or a useActionWorld in the test file');
  runs += 1;
  const dir = await temporaryDirectory(`action-e2e-${runs}-`);
  const files = {
    event: join(dir, 'event.json'),
    output: join(dir, 'output'),
    state: join(dir, 'state'),
    summary: join(dir, 'summary.md'),
  };
  await writeFile(files.event, JSON.stringify(options.payload));
  await Promise.all([files.output, files.state, files.summary].map((f) => writeFile(f, '')));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_REPOSITORY: 'acme/gitops',
    GITHUB_SHA: options.sha ?? 'f'.repeat(40),
    GITHUB_REF: options.ref ?? 'refs/heads/main',
    GITHUB_WORKFLOW: options.workflow ?? 'gitops',
    GITHUB_RUN_ID: String(1000 + runs),
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_API_URL: githubUrl,
    RUNNER_TEMP: dir,
    ...(options.env ?? EXAMPLE_SECRETS),
  };
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  for (const name of options.unset ?? []) delete env[name];
  const { code, stdout, stderr, summary } = options.inProcess
    ? await runInProcess(env)
    : await runIndexJs(env, options.workspace, files.summary);
  return {
    code,
    stdout,
    log: withoutMaskCommands(stdout),
    stderr,
    summary,
    outputs: parseFileCommands(await readFile(files.output, 'utf8')),
    state: parseFileCommands(await readFile(files.state, 'utf8')),
    annotations: stdout.split('\n').filter((line) => /^::(error|warning|notice)[ :]/.test(line)),
  };
}

async function runIndexJs(env: Record<string, string>, cwd: string, summaryFile: string) {
  const run = await runBundle('index.js', [], { env, cwd });
  return { ...run, summary: await readFile(summaryFile, 'utf8') };
}

async function runInProcess(env: Record<string, string>) {
  const { run } = await import('../../src/action/run-main.js');
  // The in-process step writes its own summary file (see runStepInProcess), where the runner gave one.
  const { GITHUB_STEP_SUMMARY, ...rest } = env;
  return runStepInProcess(run, rest, { withSummary: GITHUB_STEP_SUMMARY !== undefined });
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'e2e',
      GIT_AUTHOR_EMAIL: 'e2e@example.invalid',
      GIT_COMMITTER_NAME: 'e2e',
      GIT_COMMITTER_EMAIL: 'e2e@example.invalid',
    },
  }).trim();
}

/** A git repository holding the example documents; returns its path and first commit. */
export async function exampleRepository(): Promise<{ dir: string; first: string }> {
  const dir = await temporaryDirectory('action-e2e-repo-');
  await cp(EXAMPLE, dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'documents');
  return { dir, first: git(dir, 'rev-parse', 'HEAD') };
}

/** Rewrites a file of the repository with `edit` and commits it; returns the new commit. */
export async function commitEdit(dir: string, file: string, edit: (text: string) => string): Promise<string> {
  const path = join(dir, file);
  await writeFile(path, edit(await readFile(path, 'utf8')));
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', `edit ${file}`);
  return git(dir, 'rev-parse', 'HEAD');
}

export function pullRequestEvent(number: number, base: string, head: string, headRepo = 'acme/gitops') {
  return {
    number,
    pull_request: {
      number,
      base: { sha: base, repo: { full_name: 'acme/gitops' } },
      head: { sha: head, repo: { full_name: headRepo } },
    },
    repository: { full_name: 'acme/gitops', default_branch: 'main' },
  };
}

export function pushEvent(before: string, after: string, ref = 'refs/heads/main') {
  return { ref, before, after, repository: { full_name: 'acme/gitops', default_branch: 'main' } };
}

/**
 * The world every action test runs in: the sandbox, a fake GitHub, and the bundle checked to exist, started
 * before the file's tests and stopped after them. `inputs` are the action inputs that point at both.
 */
export function useActionWorld(paths: string) {
  const sandbox = useSandbox({ rateLimit: false });
  let github: FakeGitHub | undefined;
  beforeAll(async () => {
    if (!existsSync(MAIN))
      throw new Error(
        `${MAIN} is missing: DIST_DIR must name a directory built by node scripts/build.mjs --outdir DIR`,
      );
    github = await startFakeGitHub();
    worldGitHubUrl = github.url;
  });
  afterAll(async () => {
    worldGitHubUrl = undefined;
    await github?.close();
    await removeTemporaryDirectories();
  });
  const fakeGitHub = (): FakeGitHub => {
    if (!github) throw new Error('the fake GitHub starts in beforeAll');
    return github;
  };
  return {
    sandbox,
    github: fakeGitHub,
    inputs: () => ({
      'api-url': sandbox().url,
      'api-token': sandbox().token,
      'github-token': fakeGitHub().token,
      paths,
    }),
    /** What the run sent to the service that was not a read. */
    writes: () => sandbox().requests.filter((r) => r.method !== 'GET'),
  };
}

/** Output as the runner shows it: its own mask commands are read, never shown. */
export function withoutMaskCommands(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
}
