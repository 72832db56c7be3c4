import * as core from '@actions/core';
import { systemClock } from '../core/clock.js';
import { Redactor } from '../core/redact.js';
import { UsageError } from '../core/usage-error.js';
import { MissingTokenError } from '../github/event-refusals.js';
import { readRunnerEnvironment, sourceLinks } from '../github/runner-env.js';
import { messageMarkdown } from '../markdown/escape.js';
import type { RunReport } from '../run/reports.js';
import { dispatch } from '../runtime/dispatch.js';
import { createRuntime } from '../runtime/runtime.js';
import { ApiError } from '../service/errors.js';
import { clusterLogsSection } from './failed-apply-logs.js';
import { setOutput } from './file-commands.js';
import { type ActionInputs, readInputs } from './inputs.js';
import { budgetedSummary, writeJobSummary } from './job-summary.js';
import { commandRequest, decide, logLine, type MainStep, runtimeOptions } from './main-step.js';
import { actionOutcome, actionVerdict } from './main-step-result.js';
import { writePlanJson } from './plan-json.js';
import { savePostState } from './post-state.js';
import { publish } from './publish-run.js';
import { gatherEvidence, type RunEvidence } from './run-evidence.js';
import * as log from './step-log.js';

/**
 * The action's main step: read the inputs, choose the command from the event, run it, report it (Checks
 * run, annotations, comment, drift issue, summary, outputs, plan-json file, state for the post step) and
 * set the exit status. The one try/catch that maps errors to a failed step lives here.
 */
export async function run(): Promise<void> {
  // Every secret the run learns is also masked by the runner, for the rest of the job's log.
  const redactor = new Redactor({ onAdd: (secret) => core.setSecret(secret) });
  // First of all, before inputs that may be refused: the post step shows only deployments from here on.
  savePostState({ runStartedAt: systemClock.now() });
  try {
    // The tokens, and any input that looks like one, are secrets before any input can be refused.
    const inputs = readInputs(process.env, (secret) => redactor.add(secret));
    await runAction(inputs, redactor);
  } catch (error) {
    // UnsupportedEventError is a UsageError: the event's one line, no stack trace.
    if (error instanceof MissingTokenError) {
      // The one error of a run that was started to write: the summary says so as the log does.
      writeJobSummary(
        `## platform-gitops ${error.command}\n\n**Nothing was applied: the api-token input is empty.**\n\n${messageMarkdown(error.message)}`,
      );
    }
    if (error instanceof UsageError || error instanceof ApiError) {
      log.fail(redactor.redact(error.message));
    } else {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log.fail(
        redactor.redact(
          `${detail}\nThis is a bug in platform-gitops, not a problem with your documents or inputs: please report it with the lines above.`,
        ),
      );
    }
  }
}

async function runAction(inputs: ActionInputs, redactor: Redactor): Promise<void> {
  const runner = readRunnerEnvironment(process.env);
  const decision = decide(inputs, runner);
  // Saved before the run so that the post step finds them even when the run throws. Never the token.
  savePostState({ organizationId: inputs.organizationId ?? '', apiUrl: inputs.apiUrl });
  log.info(`platform-gitops ${decision.command} (event ${runner.eventName || 'none'})`);
  for (const line of decision.skipped) log.info(redactor.redact(line));

  const runtime = await createRuntime(runtimeOptions(inputs, runner, decision, redactor, log.infoLine));
  try {
    await runAndReport({ inputs, runner, decision, redactor, runtime });
  } finally {
    // The client keeps connections alive for reuse; the step must not wait for them to time out.
    await runtime.close();
  }
}

/** Runs the decided command, posts it to GitHub, then writes out its ActionOutcome. */
async function runAndReport(step: MainStep): Promise<void> {
  const { inputs, runner, decision, redactor } = step;
  const evidence = await gatherEvidence(step);
  const report = await runCommand(step, evidence);
  savePostState({ clusters: report.clusters });

  const verdict = actionVerdict(report, inputs);
  const links = sourceLinks(runner, decision.checkSha);
  const published = await publish(step, report, verdict, links, evidence.lookup);
  for (const note of published.notes) log.infoLine(logLine(redactor, note));

  const planJsonPath = writePlanJson(step, report);
  const outcome = actionOutcome(report, inputs, { links, ...published, planJsonPath }, redactor);
  log.commands(outcome.annotations);
  const summary = await budgetedSummary(outcome.summary, clusterLogsSection(step, report, verdict));
  for (const [name, value] of Object.entries(outcome.outputs)) setOutput(name, String(value));
  writeJobSummary(summary);
  if (outcome.failure !== null) log.fail(outcome.failure);
  else if (outcome.info !== null) log.info(outcome.info);
}

/** The command's report, with what the event left out first. A push's apply waits for its review. */
async function runCommand(step: MainStep, evidence: RunEvidence): Promise<RunReport> {
  const ctx = step.runtime.context;
  const ran = await dispatch(
    commandRequest(step.inputs, step.decision, evidence.review, evidence.baseApplied),
    ctx,
  );
  // What the run left out (a shallow clone's missing base, say) belongs in the log too: on a runner
  // without job summaries, or for a reader of the log only, it is otherwise never seen.
  for (const line of ran.skipped) ctx.progress(line);
  return { ...ran, skipped: [...step.decision.skipped, ...ran.skipped] };
}
