import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '@actions/core';
import type { ReviewGate } from '../commands/apply.js';
import type { ClusterRef, RunReport } from '../commands/types.js';
import { systemClock } from '../core/clock.js';
import { UsageError } from '../core/errors.js';
import { Redactor } from '../core/redact.js';
import { AnswerWatchdog } from '../github/answer-watchdog.js';
import { decideCommand, type EventDecision, UnsupportedEventError } from '../github/event.js';
import { type RunnerEnvironment, readRunnerEnvironment, sourceLinks } from '../github/runner-env.js';
import { collectClusterLogs } from '../logs/fetch.js';
import { renderLogsMarkdown } from '../logs/markdown.js';
import { RUN_STARTED_STATE } from '../logs/post-settings.js';
import { ByteBudget } from '../markdown/budget.js';
import { baseNotAsked } from '../plan/base-applied.js';
import type { SourceLinks } from '../report/change-markdown.js';
import { renderJson } from '../report/json-output.js';
import { commentMarker, pathSetHash } from '../report/markers.js';
import { SUMMARY_LIMIT_BYTES } from '../report/summary.js';
import { dispatch } from '../runtime/dispatch.js';
import { createRuntime, type Runtime } from '../runtime/runtime.js';
import { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';
import { pullRequestBaseApplied } from './base-evidence.js';
import { type ActionInputs, readInputs } from './inputs.js';
import { type ActionVerdict, actionOutcome, actionVerdict, type PublishFacts } from './outcome.js';

const LOGS_TIME_LIMIT_MS = 20_000;

/**
 * The action's main step: read the inputs, choose the command from the event, run it, report it (Checks
 * run, annotations, comment, drift issue, summary, outputs, plan-json file, state for the post step) and
 * set the exit status. The one try/catch that maps errors to a failed step lives here.
 */
export async function run(): Promise<void> {
  // Every secret the run learns is also masked by the runner, for the rest of the job's log.
  const redactor = new Redactor({ onAdd: (secret) => core.setSecret(secret) });
  // First of all, before inputs that may be refused: the post step shows only deployments from here on.
  core.saveState(RUN_STARTED_STATE, new Date(systemClock.now()).toISOString());
  try {
    const inputs = readInputs(process.env);
    redactor.add(inputs.apiToken);
    redactor.add(inputs.githubToken);
    await runAction(inputs, redactor);
  } catch (error) {
    if (error instanceof UsageError || error instanceof UnsupportedEventError || error instanceof ApiError) {
      core.setFailed(redactor.redact(error.message));
    } else {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      core.setFailed(
        redactor.redact(
          `${detail}\nThis is a bug in platform-gitops, not a problem with your documents or inputs: please report it with the lines above.`,
        ),
      );
    }
  }
}

async function runAction(inputs: ActionInputs, redactor: Redactor): Promise<void> {
  const runner = readRunnerEnvironment(process.env);
  const decision = decideCommand({
    eventName: runner.eventName,
    payload: runner.payload,
    ref: runner.ref,
    sha: runner.sha,
    command: inputs.command,
    hasApiToken: inputs.apiToken !== null,
  });
  // Saved before the run so that the post step finds them even when the run throws. Never the token.
  core.saveState('organization-id', inputs.organizationId ?? '');
  core.saveState('api-url', inputs.apiUrl);
  core.info(`platform-gitops ${decision.command} (event ${runner.eventName || 'none'})`);
  for (const line of decision.skipped) core.info(line);

  const runtime = await createRuntime({
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
    concurrency: inputs.concurrency,
    allComponents: decision.allComponents,
    // A pull request's plan can fall back to resolving every component when the base is not in the clone.
    baseFallback: decision.command === 'plan' && decision.pullRequest !== null,
    clock: systemClock,
    redactor,
    // One line each: a newline in text that names user data could otherwise start a workflow command.
    progress: (line) => core.info(redactor.redact(line.replace(/[\r\n]+/g, ' '))),
    service: {
      token: inputs.apiToken,
      apiUrl: () => inputs.apiUrl,
      missingToken: 'The api-token input is empty: the service cannot be asked without a token.',
    },
  });
  try {
    await runAndReport(inputs, redactor, runner, decision, runtime);
  } finally {
    // The client keeps connections alive for reuse; the step must not wait for them to time out.
    await runtime.close();
  }
}

/** Runs the decided command, posts it to GitHub, then writes out its ActionOutcome. */
async function runAndReport(
  inputs: ActionInputs,
  redactor: Redactor,
  runner: RunnerEnvironment,
  decision: EventDecision,
  runtime: Runtime,
): Promise<void> {
  const ctx = runtime.context;
  const ran = await dispatch(
    decision.command === 'drift'
      ? { command: 'drift', remediate: inputs.remediate }
      : decision.command === 'apply' && runner.eventName === 'push'
        ? { command: 'apply', review: await reviewGate(inputs, redactor, runner, decision, runtime) }
        : decision.command === 'plan' && decision.pullRequest !== null
          ? {
              command: 'plan',
              baseApplied: await pullRequestBaseApplied(inputs, redactor, runner, decision, runtime),
            }
          : { command: decision.command },
    ctx,
  );
  // What the run left out (a shallow clone's missing base, say) belongs in the log too: on a runner
  // without job summaries, or for a reader of the log only, it is otherwise never seen.
  for (const line of ran.skipped) ctx.progress(line);
  const report: RunReport = { ...ran, skipped: [...decision.skipped, ...ran.skipped] };
  core.saveState('clusters', JSON.stringify(report.clusters));

  const verdict = actionVerdict(report, inputs);
  const links = sourceLinks(runner, decision.checkSha);
  const published = await publish(inputs, redactor, runner, decision, runtime, report, verdict, links);
  for (const note of published.notes) core.info(redactor.redact(note.replace(/[\r\n]+/g, ' ')));

  const planJsonPath = join(
    runner.tempDir,
    `platform-gitops-${pathSetHash(runner.workflow, inputs.paths)}-${process.pid}.json`,
  );
  writeFileSync(planJsonPath, renderJson(report, redactor, { failOn: inputs.failOn }), 'utf8');
  const outcome = actionOutcome(report, inputs, { links, ...published, planJsonPath }, redactor);
  for (const line of outcome.annotations) process.stdout.write(`${line}\n`);

  const service = runtime.serviceUsed();
  // One budget for the step summary: the report (which left room for the logs), then the logs.
  const budget = new ByteBudget(SUMMARY_LIMIT_BYTES);
  let summaryText = budget.spend(outcome.summary);
  if (verdict.wantsLogs && service !== null && logClusters(report, inputs).length > 0) {
    summaryText += budget.spend('\n\n');
    summaryText += budget.spend(await clusterLogsSection(service, report, inputs, redactor, budget.left()));
  }
  for (const [name, value] of Object.entries(outcome.outputs)) core.setOutput(name, value);
  await writeJobSummary(summaryText);
  if (outcome.failure !== null) core.setFailed(outcome.failure);
  else if (outcome.info !== null) core.info(outcome.info);
}

/** The Checks run, the comment and the drift issue; the GitHub client loads only when one is wanted. */
async function publish(
  inputs: ActionInputs,
  redactor: Redactor,
  runner: RunnerEnvironment,
  decision: EventDecision,
  runtime: Runtime,
  report: RunReport,
  verdict: ActionVerdict,
  links: SourceLinks | null,
): Promise<Omit<PublishFacts, 'planJsonPath' | 'links'> & Partial<Pick<PublishFacts, 'links'>>> {
  const wanted = inputs.checks || inputs.comment || inputs.driftIssue;
  if (!wanted) return { checkRunPublished: false, checkRunUrl: null, notes: [] };
  if (!runner.repository || !inputs.githubToken) {
    return {
      checkRunPublished: false,
      checkRunUrl: null,
      notes: ['Nothing posted to GitHub: the github-token input is empty or GITHUB_REPOSITORY is not set.'],
    };
  }
  // The GitHub part of the run is bounded: without an answer for 15 s, every request is abandoned.
  const watchdog = new AnswerWatchdog({ log: (line) => core.info(line) });
  const github = await openGitHub(inputs.githubToken, redactor, runner, runtime, watchdog);
  const { publishToGitHub } = await import('../runtime/github-loader.js');
  return publishToGitHub(
    github,
    report,
    verdict.counts,
    verdict.checkConclusion,
    {
      ...runner.repository,
      workflow: runner.workflow,
      paths: inputs.paths,
      checkSha: decision.checkSha,
      pullRequest: decision.pullRequest,
      runUrl: runner.runUrl,
      links,
      history: { git: runtime.context.git, base: decision.base, head: decision.head },
    },
    {
      checks: inputs.checks,
      comment: inputs.comment,
      driftIssue: inputs.driftIssue,
      driftLabel: inputs.driftLabel,
    },
    redactor,
  ).finally(() => watchdog.dispose());
}

/** The GitHub client of the run, its requests bounded by `watchdog`. */
function openGitHub(
  token: string,
  redactor: Redactor,
  runner: RunnerEnvironment,
  runtime: Runtime,
  watchdog: AnswerWatchdog,
) {
  return runtime.github(token, {
    baseUrl: runner.apiUrl,
    log: (line) => core.info(redactor.redact(line)),
    signal: watchdog.signal,
    onActivity: watchdog.activity,
  });
}

/**
 * The push run's review: the reviewed plan stored on the pull request the commit came from, or why there
 * is none. Bounded like every GitHub request of the run; the GitHub client loads only here and in publish.
 */
async function reviewGate(
  inputs: ActionInputs,
  redactor: Redactor,
  runner: RunnerEnvironment,
  decision: EventDecision,
  runtime: Runtime,
): Promise<ReviewGate> {
  const gate = (why: string, baseApplied = baseNotAsked(decision.base, why)): ReviewGate => ({
    review: { why },
    onUnreviewed: inputs.onUnreviewed,
    baseApplied,
  });
  if (!runner.repository || !inputs.githubToken) {
    return gate(
      'the pull request cannot be read: the github-token input is empty or GITHUB_REPOSITORY is not set',
    );
  }
  const watchdog = new AnswerWatchdog({ log: (line) => core.info(line) });
  try {
    const github = await openGitHub(inputs.githubToken, redactor, runner, runtime, watchdog);
    const { findReviewedPlan, pushBaseApplied } = await import('../runtime/github-loader.js');
    const baseApplied = await pushBaseApplied(github, runner.repository, inputs, decision.base);
    const found = await findReviewedPlan(github, {
      ...runner.repository,
      sha: decision.checkSha,
      marker: commentMarker(runner.workflow, inputs.paths),
    });
    if ('plan' in found) {
      core.info(
        `reviewed plan found on pull request #${found.pullRequest} (commit ${found.plan.head.slice(0, 12)})`,
      );
      return { review: { plan: found.plan }, onUnreviewed: inputs.onUnreviewed, baseApplied };
    }
    core.info(redactor.redact(`no reviewed plan: ${found.why}`));
    return gate(found.why, baseApplied);
  } finally {
    watchdog.dispose();
  }
}

/**
 * The job summary is the report's home, but a runner without one (an old GitHub Enterprise Server, a local
 * run) must not turn a finished run into a crash: say so in one line; the annotations and outputs stand.
 */
async function writeJobSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) {
    core.info('No job summary written: this runner does not set GITHUB_STEP_SUMMARY.');
    return;
  }
  try {
    await core.summary.addRaw(markdown, true).write();
  } catch (error) {
    // A log line, not an annotation: the annotations printed already used their caps.
    core.info(`The job summary could not be written: ${(error as Error).message}`);
  }
}

/** An apply that failed writes gets the clusters' recent log entries right under its results. */
async function clusterLogsSection(
  service: ServiceClient,
  report: RunReport,
  inputs: ActionInputs,
  redactor: Redactor,
  maxBytes: number,
): Promise<string> {
  const clusters = logClusters(report, inputs);
  const reports = await collectClusterLogs(service, clusters, {
    entries: inputs.logEntries,
    signal: AbortSignal.timeout(LOGS_TIME_LIMIT_MS),
  });
  // The post step (which runs because this job fails) need not ask for the same entries again.
  core.saveState('logs-attached', JSON.stringify(clusters));
  return renderLogsMarkdown(reports, {
    redactor,
    maxBytes,
    now: systemClock.now(),
    title: 'Recent cluster log entries',
  });
}

/** The cluster-id input when given (in the organization-id input's organization), else the failed writes' clusters. */
function logClusters(report: RunReport, inputs: ActionInputs): ClusterRef[] {
  const { organizationId, clusterIds } = inputs;
  if (clusterIds.length > 0 && organizationId)
    return clusterIds.map((clusterId) => ({ organizationId, clusterId }));
  return failedClusters(report);
}

/**
 * The clusters of the writes that failed: their logs explain the failure, and asking only for those spends
 * the fewest requests. A failure that matches no planned change falls back to every cluster of the run.
 */
function failedClusters(report: RunReport): ClusterRef[] {
  const refs = new Map<string, ClusterRef>();
  for (const { change } of report.results.filter((r) => !r.ok)) {
    if (change.clusterId) {
      refs.set(`${change.organizationId}/${change.clusterId}`, {
        organizationId: change.organizationId,
        clusterId: change.clusterId,
      });
    }
  }
  return refs.size > 0 ? [...refs.values()] : [...report.clusters];
}
