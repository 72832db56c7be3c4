/**
 * The pull-request plan's evidence that its base commit was applied (src/github/apply-run.ts), asked
 * before the plan is shown so that its comment claims no outside edit it cannot know. Bounded like every
 * GitHub request of the run; the GitHub client loads only here and in the other GitHub parts.
 */
import * as core from '@actions/core';
import type { Redactor } from '../core/redact.js';
import { AnswerWatchdog } from '../github/answer-watchdog.js';
import type { EventDecision } from '../github/event.js';
import type { RunnerEnvironment } from '../github/runner-env.js';
import { type BaseApplied, baseNotAsked } from '../plan/base-applied.js';
import type { Runtime } from '../runtime/runtime.js';
import type { ActionInputs } from './inputs.js';

export async function pullRequestBaseApplied(
  inputs: ActionInputs,
  redactor: Redactor,
  runner: RunnerEnvironment,
  decision: EventDecision,
  runtime: Runtime,
): Promise<BaseApplied> {
  if (!runner.repository || !inputs.githubToken)
    return baseNotAsked(decision.base, 'the github-token input is empty or GITHUB_REPOSITORY is not set');
  const watchdog = new AnswerWatchdog({ log: (line) => core.info(line) });
  try {
    const github = await runtime.github(inputs.githubToken, {
      baseUrl: runner.apiUrl,
      log: (line) => core.info(redactor.redact(line)),
      signal: watchdog.signal,
      onActivity: watchdog.activity,
    });
    const { pushBaseApplied } = await import('../runtime/github-loader.js');
    return await pushBaseApplied(github, runner.repository, inputs, decision.base);
  } finally {
    watchdog.dispose();
  }
}
