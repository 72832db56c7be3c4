/**
 * What the action's main step settles before its command runs (the inputs, the runner's environment, the
 * command the event calls for, the runtime built from them), and the pure choices made from it.
 */
import { DEFAULT_BACKTEST_WINDOW_SECONDS } from '../backtest/window.js';
import { systemClock } from '../core/clock.js';
import type { Redactor } from '../core/redact.js';
import type { BaseApplied } from '../evidence/base-apply.js';
import type { ReviewGate } from '../evidence/review-gate.js';
import { decideCommand } from '../github/event.js';
import type { EventDecision } from '../github/event-decision.js';
import type { RunnerEnvironment } from '../github/runner-env.js';
import type { ReportCommand } from '../runtime/dispatch.js';
import type { Runtime, RuntimeOptions } from '../runtime/runtime.js';
import type { ActionInputs } from './inputs.js';

export interface MainStep {
  readonly inputs: ActionInputs;
  readonly runner: RunnerEnvironment;
  readonly decision: EventDecision;
  /** Knows every secret of the run; the runner masks them too. */
  readonly redactor: Redactor;
  readonly runtime: Runtime;
}

/** The command the event calls for, with what was left out and why. */
export function decide(inputs: ActionInputs, runner: RunnerEnvironment): EventDecision {
  return decideCommand({
    eventName: runner.eventName,
    payload: runner.payload,
    ref: runner.ref,
    sha: runner.sha,
    command: inputs.command,
    hasApiToken: inputs.apiToken !== null,
  });
}

/** The action's plan of a pull request: it asks for its base's evidence, and may fall back to every component. */
export function isPullRequestPlan(decision: Pick<EventDecision, 'command' | 'pullRequest'>): boolean {
  return decision.command === 'plan' && decision.pullRequest !== null;
}

/** The runtime's settings; `log` writes one line to the step's log. */
export function runtimeOptions(
  inputs: ActionInputs,
  runner: RunnerEnvironment,
  decision: EventDecision,
  redactor: Redactor,
  log: (line: string) => void,
): RuntimeOptions {
  return {
    command: decision.command,
    root: runner.workspace,
    paths: inputs.paths,
    ignore: inputs.ignore,
    allowEmpty: inputs.allowEmpty,
    organizationId: inputs.organizationId,
    env: process.env,
    base: decision.base,
    head: decision.head,
    prune: inputs.prune,
    rotateSecrets: inputs.rotateSecrets,
    concurrency: inputs.concurrency,
    allComponents: decision.allComponents,
    // A pull request's plan can fall back to resolving every component when the base is not in the clone.
    baseFallback: isPullRequestPlan(decision),
    clock: systemClock,
    redactor,
    progress: (line) => log(logLine(redactor, line)),
    service: {
      token: inputs.apiToken,
      tokenName: 'The api-token input',
      apiUrl: () => inputs.apiUrl,
      missingToken: 'The api-token input is empty: the service cannot be asked without a token.',
    },
  };
}

/**
 * What to dispatch: a push's apply carries the review found on its pull request, a pull request's plan
 * whether its base commit was applied (the run's evidence, run-evidence.ts).
 */
export function commandRequest(
  inputs: Pick<ActionInputs, 'remediate' | 'receivers'> &
    Partial<
      Pick<
        ActionInputs,
        | 'backtest'
        | 'backtestMaxRules'
        | 'liveSeries'
        | 'liveSeriesErrors'
        | 'driftPullRequest'
        | 'driftAdoptInto'
      >
    >,
  decision: Pick<EventDecision, 'command'> & Partial<Pick<EventDecision, 'pullRequest'>>,
  review: ReviewGate | null,
  baseApplied: BaseApplied | null = null,
): ReportCommand {
  if (decision.command === 'drift') {
    // The pull request adopts the drift; remediation overwrites it: remediation, asked for, wins.
    const adopt = inputs.driftPullRequest === true && !inputs.remediate;
    return {
      command: 'drift',
      remediate: inputs.remediate,
      ...(adopt ? { adopt: { into: inputs.driftAdoptInto ?? null, tree: false } } : {}),
    };
  }
  if (decision.command === 'test-receivers') return { command: 'test-receivers', names: inputs.receivers };
  if (decision.command === 'apply' && review !== null) return { command: 'apply', review };
  if (decision.command === 'plan') {
    // A pull request's plan only: a fork's never gets here (it validates offline, github/event.ts).
    const backtest =
      inputs.backtest === true &&
      (inputs.backtestMaxRules ?? 0) > 0 &&
      (decision.pullRequest ?? null) !== null
        ? { windowSeconds: DEFAULT_BACKTEST_WINDOW_SECONDS, maxRules: inputs.backtestMaxRules! }
        : undefined;
    const live =
      inputs.liveSeries !== undefined &&
      inputs.liveSeries !== 'false' &&
      (decision.pullRequest ?? null) !== null
        ? { scope: inputs.liveSeries, asErrors: inputs.liveSeriesErrors === true }
        : undefined;
    if (baseApplied !== null || backtest !== undefined || live !== undefined) {
      return {
        command: 'plan',
        ...(baseApplied !== null ? { baseApplied } : {}),
        ...(backtest ? { backtest } : {}),
        ...(live ? { live } : {}),
      };
    }
  }
  return { command: decision.command };
}

/**
 * A line for the step's log, redacted and on one line: a newline in text that names user data could
 * otherwise start a workflow command.
 */
export function logLine(redactor: Redactor, text: string): string {
  return redactor.redact(text.replace(/[\r\n]+/g, ' '));
}
