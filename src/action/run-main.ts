import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '@actions/core';
import type { ClusterRef, RunContext, RunReport } from '../commands/types.js';
import { systemClock } from '../core/clock.js';
import { UsageError } from '../core/errors.js';
import { Redactor } from '../core/redact.js';
import { createGitReader } from '../git/reader.js';
import { AnswerWatchdog } from '../github/answer-watchdog.js';
import { createGitHubClient } from '../github/client.js';
import { runCommand } from '../github/dispatch.js';
import { decideCommand, type EventDecision, UnsupportedEventError } from '../github/event.js';
import { publishToGitHub } from '../github/publish.js';
import { type RunnerEnvironment, readRunnerEnvironment } from '../github/runner-env.js';
import { collectClusterLogs } from '../logs/fetch.js';
import { renderLogsMarkdown } from '../logs/markdown.js';
import { annotationLines, selectAnnotations } from '../report/annotations.js';
import { renderJson } from '../report/json-output.js';
import { utf8Bytes } from '../report/markdown.js';
import { pathSetHash } from '../report/markers.js';
import { countRun, headline, isFailing, plural, type RunCounts } from '../report/outcome.js';
import { renderSummary, SUMMARY_LIMIT_BYTES } from '../report/summary.js';
import { createServiceClient } from '../service/client.js';
import { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';
import { type ActionInputs, readInputs } from './inputs.js';

/** Part of the step summary kept for cluster logs when an apply fails. */
const LOGS_BUDGET_BYTES = 256 * 1024;
const LOGS_TIME_LIMIT_MS = 20_000;

/**
 * The action's main step: read the inputs, choose the command from the event, run it, report it (Checks
 * run, annotations, comment, drift issue, summary, outputs, plan-json file, state for the post step) and
 * set the exit status. The one try/catch that maps errors to a failed step lives here.
 */
export async function run(): Promise<void> {
  // Every secret the run learns is also masked by the runner, for the rest of the job's log.
  const redactor = new Redactor({ onAdd: (secret) => core.setSecret(secret) });
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

  // Created on first use only: validate and fork pull requests never build a client.
  const opened: { client: (ServiceClient & { close(): Promise<void> }) | null } = { client: null };
  const ctx: RunContext = {
    root: runner.workspace,
    paths: inputs.paths,
    ignore: inputs.ignore,
    allowEmpty: inputs.allowEmpty,
    organizationId: inputs.organizationId,
    service: () => {
      if (inputs.apiToken === null) {
        throw new UsageError('The api-token input is empty: the service cannot be asked without a token.');
      }
      opened.client ??= createServiceClient({ apiUrl: inputs.apiUrl, token: inputs.apiToken });
      return opened.client;
    },
    git: createGitReader(runner.workspace),
    base: decision.base,
    head: decision.head,
    prune: inputs.prune,
    concurrency: inputs.concurrency,
    allComponents: decision.allComponents,
    baseFallback: decision.command === 'plan' && decision.pullRequest !== null,
    clock: systemClock,
    redactor,
    // One line each: a newline in text that names user data could otherwise start a workflow command.
    progress: (line) => core.info(redactor.redact(line.replace(/[\r\n]+/g, ' '))),
  };

  try {
    await runAndReport(inputs, redactor, runner, decision, ctx, () => opened.client);
  } finally {
    // The client keeps connections alive for reuse; the step must not wait for them to time out.
    await opened.client?.close();
  }
}

async function runAndReport(
  inputs: ActionInputs,
  redactor: Redactor,
  runner: RunnerEnvironment,
  decision: EventDecision,
  ctx: RunContext,
  serviceUsed: () => ServiceClient | null,
): Promise<void> {
  const ran = await runCommand(decision.command, ctx, { remediate: inputs.remediate });
  // What the run left out (a shallow clone's missing base, say) belongs in the log too: on a runner
  // without job summaries, or for a reader of the log only, it is otherwise never seen.
  for (const line of ran.skipped) ctx.progress(line);
  const report: RunReport = { ...ran, skipped: [...decision.skipped, ...ran.skipped] };
  core.saveState('clusters', JSON.stringify(report.clusters));

  const counts = countRun(report);
  const failing = isFailing(counts, inputs.failOn);
  const notes: string[] = [];

  let checkRunPublished = false;
  if (runner.repository && inputs.githubToken) {
    const watchdog = new AnswerWatchdog({ log: (line) => core.info(line) });
    const github = createGitHubClient(inputs.githubToken, {
      baseUrl: runner.apiUrl,
      log: (line) => core.info(redactor.redact(line)),
      signal: watchdog.signal,
      onActivity: watchdog.activity,
    });
    const published = await publishToGitHub(
      github,
      report,
      counts,
      failing ? 'failure' : counts.drift > 0 ? 'neutral' : 'success',
      {
        ...runner.repository,
        workflow: runner.workflow,
        paths: inputs.paths,
        checkSha: decision.checkSha,
        pullRequest: decision.pullRequest,
        runUrl: runner.runUrl,
      },
      {
        checks: inputs.checks,
        comment: inputs.comment,
        driftIssue: inputs.driftIssue,
        driftLabel: inputs.driftLabel,
      },
      redactor,
    ).finally(() => watchdog.dispose());
    checkRunPublished = published.checkRunPublished;
    notes.push(...published.notes);
  } else if (inputs.checks || inputs.comment || inputs.driftIssue) {
    notes.push('Nothing posted to GitHub: the github-token input is empty or GITHUB_REPOSITORY is not set.');
  }
  for (const note of notes) core.info(redactor.redact(note.replace(/[\r\n]+/g, ' ')));

  // core.setFailed prints one error annotation of its own: keep a slot for it within the caps.
  const selection = selectAnnotations(report.diagnostics, { reserved: { error: failing ? 1 : 0 } });
  const where = checkRunPublished ? 'the Checks run and the job summary' : 'the job summary';
  for (const line of annotationLines(selection, where, (text) => redactor.redact(text))) {
    process.stdout.write(`${line}\n`);
  }

  const planJsonPath = join(
    runner.tempDir,
    `platform-gitops-${pathSetHash(runner.workflow, inputs.paths)}-${process.pid}.json`,
  );
  writeFileSync(planJsonPath, renderJson(report, redactor, { failOn: inputs.failOn }), 'utf8');

  const service = serviceUsed();
  const logs = decision.command === 'apply' && counts.failed > 0 && service !== null;
  const summary = redactor.redact(
    renderSummary(report, counts, {
      notes,
      planJsonPath,
      findingsInChecksRun: checkRunPublished,
      limitBytes: logs ? SUMMARY_LIMIT_BYTES - LOGS_BUDGET_BYTES : SUMMARY_LIMIT_BYTES,
    }),
  );
  let summaryText = summary;
  if (logs && service !== null && logClusters(report, inputs).length > 0) {
    summaryText += `\n\n${await clusterLogsSection(service, report, inputs, redactor, SUMMARY_LIMIT_BYTES - utf8Bytes(summary) - 4)}`;
  }
  setOutputs(report.command, counts, planJsonPath);
  await writeJobSummary(summaryText);
  if (failing) core.setFailed(redactor.redact(headline(report, counts)));
  else if (counts.drift > 0)
    core.info(
      `Drift found: ${plural(counts.drift, 'alert rule')} ${counts.drift === 1 ? 'differs' : 'differ'} from the default branch.`,
    );
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

function setOutputs(command: string, counts: RunCounts, planJsonPath: string): void {
  core.setOutput('command', command);
  core.setOutput('changes', counts.changes);
  core.setOutput('violations', counts.violations);
  core.setOutput('errors', counts.errors);
  core.setOutput('warnings', counts.warnings);
  core.setOutput('drift', counts.drift);
  core.setOutput('applied', counts.applied);
  core.setOutput('failed', counts.failed);
  core.setOutput('plan-json', planJsonPath);
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
  return renderLogsMarkdown(reports, { redactor, maxBytes, title: 'Recent cluster log entries' });
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
  const failed = report.results.filter((r) => !r.ok);
  const refs = new Map<string, ClusterRef>();
  for (const change of report.plan?.changes ?? []) {
    const matched = failed.some(
      (r) => r.file === change.file && r.line === change.line && r.name === change.name,
    );
    if (matched && change.clusterId) {
      refs.set(`${change.organizationId}/${change.clusterId}`, {
        organizationId: change.organizationId,
        clusterId: change.clusterId,
      });
    }
  }
  return refs.size > 0 ? [...refs.values()] : [...report.clusters];
}
