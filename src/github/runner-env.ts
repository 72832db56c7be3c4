import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { UsageError } from '../core/usage-error.js';
import type { SourceLinks } from '../report/change-markdown.js';

/** What the runner tells a step about the workflow run, read once from its environment. */
export interface RunnerEnvironment {
  readonly eventName: string;
  /** The event's payload (GITHUB_EVENT_PATH), `{}` when there is none. */
  readonly payload: unknown;
  readonly ref: string;
  readonly sha: string;
  /** owner/repo; null outside a repository (nothing can be posted then). */
  readonly repository: { readonly owner: string; readonly repo: string } | null;
  readonly workflow: string;
  /**
   * The workflow's file name under `.github/workflows` (from GITHUB_WORKFLOW_REF), which `gh workflow run`
   * and the workflow's Actions page take; null when the runner did not say.
   */
  readonly workflowFile: string | null;
  /** The checked-out repository: documents are read from here. */
  readonly workspace: string;
  /** Where files for later steps go (the plan-json file). */
  readonly tempDir: string;
  /** GITHUB_API_URL: GitHub Enterprise Server sets its own. */
  readonly apiUrl: string;
  /** Link to this run, for the drift issue; null when the runner did not say. */
  readonly runUrl: string | null;
  /** GITHUB_SERVER_URL without a trailing slash (https://github.com, or a GitHub Enterprise Server). */
  readonly serverUrl: string;
}

type Env = Readonly<Record<string, string | undefined>>;

export function readRunnerEnvironment(env: Env = process.env): RunnerEnvironment {
  const repository = parseRepository(env.GITHUB_REPOSITORY ?? '');
  const serverUrl = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const runId = env.GITHUB_RUN_ID ?? '';
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    payload: readPayload(env.GITHUB_EVENT_PATH ?? ''),
    ref: env.GITHUB_REF ?? '',
    sha: env.GITHUB_SHA ?? '',
    repository,
    workflow: env.GITHUB_WORKFLOW ?? '',
    workflowFile: workflowFileOf(env.GITHUB_WORKFLOW_REF ?? ''),
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    tempDir: env.RUNNER_TEMP || tmpdir(),
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    serverUrl,
    runUrl:
      repository && /^\d+$/.test(runId)
        ? `${serverUrl}/${repository.owner}/${repository.repo}/actions/runs/${runId}`
        : null,
  };
}

/** `owner/repo/.github/workflows/checks.yml@refs/heads/main` → `checks.yml`. */
function workflowFileOf(ref: string): string | null {
  const match = /^[\w.-]+\/[\w.-]+\/\.github\/workflows\/([^/@]+\.ya?ml)@/.exec(ref);
  return match ? match[1]! : null;
}

function parseRepository(value: string): RunnerEnvironment['repository'] {
  const match = /^([\w.-]+)\/([\w.-]+)$/.exec(value);
  return match ? { owner: match[1]!, repo: match[2]! } : null;
}

function readPayload(path: string): unknown {
  if (path === '') return {};
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `Cannot read the event payload GITHUB_EVENT_PATH=${path}: ${(error as Error).message}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`The event payload GITHUB_EVENT_PATH=${path} is not valid JSON.`);
  }
}

/** Links from the report's files and lines to `sha` in this repository; null outside a repository. */
export function sourceLinks(runner: RunnerEnvironment, sha: string): SourceLinks | null {
  if (!runner.repository || !sha) return null;
  return {
    server: runner.serverUrl,
    repository: `${runner.repository.owner}/${runner.repository.repo}`,
    sha,
  };
}
