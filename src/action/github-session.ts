/**
 * The main step's GitHub client: made only when the run posts or reads something there, and bounded by a
 * watchdog, so that a GitHub that does not answer costs each session at most GITHUB_SILENCE_LIMIT_MS.
 */
import { AnswerWatchdog } from '../github/answer-watchdog.js';
import type { GitHubClient } from '../github/github-client.js';
import type { MainStep } from './main-step.js';
import * as log from './step-log.js';

/** The token and repository GitHub is reached with; null when either is missing (nothing can be asked). */
export interface GitHubAccess {
  readonly token: string;
  readonly owner: string;
  readonly repo: string;
}

/** Why nothing can be asked of GitHub when gitHubAccess gives null. */
export const NO_GITHUB_ACCESS = 'the github-token input is empty or GITHUB_REPOSITORY is not set';

export function gitHubAccess({ inputs, runner }: Pick<MainStep, 'inputs' | 'runner'>): GitHubAccess | null {
  if (!runner.repository || !inputs.githubToken) return null;
  return { token: inputs.githubToken, ...runner.repository };
}

/** Runs `use` with a GitHub client whose requests are all abandoned after GitHub's silence limit. */
export async function withGitHub<T>(
  { runner, runtime, redactor }: Pick<MainStep, 'runner' | 'runtime' | 'redactor'>,
  access: GitHubAccess,
  use: (github: GitHubClient) => Promise<T>,
): Promise<T> {
  const watchdog = new AnswerWatchdog({ log: (line) => log.info(line) });
  try {
    const github = await runtime.github(access.token, {
      baseUrl: runner.apiUrl,
      log: (line) => log.info(redactor.redact(line)),
      signal: watchdog.signal,
      onActivity: watchdog.activity,
    });
    return await use(github);
  } finally {
    watchdog.dispose();
  }
}
