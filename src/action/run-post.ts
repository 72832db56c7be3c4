import * as core from '@actions/core';
import { type Clock, systemClock } from '../core/clock.js';
import { Redactor } from '../core/redact.js';
import { collectClusterLogs } from '../logs/fetch.js';
import { renderLogsMarkdown } from '../logs/markdown.js';
import { renderLogsText } from '../logs/text.js';
import type { ClusterLogsReport } from '../logs/types.js';
import type { Timeouts } from '../service/transport-config.js';
import type { ClosableServiceClient } from '../service/types.js';
import { appendJobSummary } from './job-summary.js';
import { type PostSettings, readPostSettings } from './post-settings.js';
import * as log from './step-log.js';

export interface PostOptions {
  readonly clock?: Clock;
  /** The whole step's time bound: a failed job should not wait long for its logs (default 20 s). */
  readonly timeLimitMs?: number;
  /** The job summary's limit is 1 MiB per step; a margin keeps us under it. */
  readonly maxSummaryBytes?: number;
  /** Each request's timeouts (default POST_TIMEOUTS): shorter in tests of a service that never answers. */
  readonly timeouts?: Partial<Timeouts>;
}

/** Shorter than a run's: a failed job should not wait long for its logs. */
const POST_TIMEOUTS: Timeouts = { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000 };

const DEFAULT_TIME_LIMIT_MS = 20_000;
const DEFAULT_SUMMARY_BYTES = 1_000_000;
const CONCURRENCY = 4;

/**
 * The action's post step (runs only when the job failed): recent cluster log entries into the job summary.
 * It never makes things worse: every problem is a warning, nothing fails the step, and it gives up within
 * the time bound.
 */
export async function runPost(options: PostOptions = {}): Promise<void> {
  // Before anything can print: the token is a secret for the runner's log and for our own redaction.
  const redactor = new Redactor({ onAdd: (secret) => core.setSecret(secret) });
  redactor.add(core.getInput('api-token'));
  try {
    await postClusterLogs(redactor, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.warning(redactor.redact(`Could not add the cluster logs to the job summary: ${message}`));
  }
}

/**
 * Log entries may quote a component's setting (a password the installer rejected). The post step has no
 * resolve answers to say which fields are sensitive, so it reads the documents the main step read and
 * hides every value that looks like a credential, before anything is printed.
 */
async function registerDocumentSecrets(redactor: Redactor): Promise<void> {
  const root = process.env.GITHUB_WORKSPACE || process.cwd();
  const paths = core
    .getInput('paths')
    .split(/[\n,]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  // Loaded here, not at start: a post step with no logs to show never pays for the YAML parser.
  const [{ loadDocuments }, { registerLikelySecretsIn }, { registerReceiverSecrets }] = await Promise.all([
    import('../documents/index.js'),
    import('../components/sensitive-values.js'),
    import('../documents/receiver-secrets.js'),
  ]);
  const { documents } = await loadDocuments(root, paths.length > 0 ? paths : ['.']);
  for (const document of documents) {
    if (document.kind === 'PlatformComponent') registerLikelySecretsIn(document.value, process.env, redactor);
  }
  registerReceiverSecrets(documents, process.env, redactor);
}

async function postClusterLogs(redactor: Redactor, options: PostOptions): Promise<void> {
  const { settings, warnings } = readPostSettings({ input: core.getInput, state: core.getState });
  for (const warning of warnings) log.warning(redactor.redact(warning));
  if (!settings) return;
  if (settings.alreadyShown.length > 0) {
    const ids = settings.alreadyShown.map((c) => c.clusterId).join(', ');
    log.info(`Recent log entries of ${ids} are already in the main step's summary.`);
  }
  if (settings.clusters.length === 0) {
    if (settings.alreadyShown.length === 0) {
      log.info('No cluster to show logs for: the run touched none and the cluster-id input is empty.');
    }
    return;
  }
  if (!settings.apiToken) {
    log.warning('Cluster logs skipped: the api-token input is empty.');
    return;
  }
  // Only when there are logs to show: reading the documents is the slowest part of a post step that has none.
  await registerDocumentSecrets(redactor);
  const reports = await fetchWithinLimit(settings, options);
  for (const report of reports) {
    const cluster = report.cluster.clusterId;
    if (report.failure !== null)
      log.warning(redactor.redact(`Cluster logs of ${cluster}: ${report.failure}`));
    for (const notice of report.notices) log.notice(redactor.redact(`Cluster logs of ${cluster}: ${notice}`));
  }
  const now = (options.clock ?? systemClock).now();
  log.group('Recent cluster log entries');
  // Text from the service: the log's boundary keeps any line of it from starting a workflow command.
  log.info(renderLogsText(reports, { redactor, now }));
  log.endGroup();
  // The entries are in the log already; a runner without job summaries (an old GitHub Enterprise Server)
  // is not a problem worth a warning.
  const summaryFile = process.env.GITHUB_STEP_SUMMARY;
  if (!summaryFile) {
    log.info('No job summary written: this runner does not set GITHUB_STEP_SUMMARY.');
    return;
  }
  const maxBytes = options.maxSummaryBytes ?? DEFAULT_SUMMARY_BYTES;
  const markdown = renderLogsMarkdown(reports, {
    redactor,
    maxBytes,
    now,
    title: 'Recent cluster log entries',
  });
  appendJobSummary(summaryFile, markdown);
}

/**
 * Requests get short timeouts and few retries, waits end when the bound is reached, and the connection
 * pool is destroyed at the end, so no request left hanging keeps the step alive.
 */
async function fetchWithinLimit(settings: PostSettings, options: PostOptions): Promise<ClusterLogsReport[]> {
  const clock = options.clock ?? systemClock;
  const limitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const deadline = new AbortController();
  const finished = new AbortController();
  clock.sleep(limitMs, finished.signal).then(
    () => deadline.abort(new Error(`time limit of ${Math.round(limitMs / 1000)} s reached`)),
    () => {},
  );
  const boundedClock: Clock = {
    now: () => clock.now(),
    sleep: (ms, signal) => clock.sleep(ms, signal ?? deadline.signal),
  };
  let client: ClosableServiceClient | undefined;
  // Everything after the timer started sits in the try: whatever throws, the timer is cleared and the step
  // does not wait out the bound for nothing.
  try {
    // Loaded here: a post step with no logs to fetch (the usual one) never loads the HTTP client.
    const { createServiceClient } = await import('../runtime/service-loader.js');
    client = createServiceClient({
      apiUrl: settings.apiUrl,
      token: settings.apiToken ?? '',
      clock: boundedClock,
      retry: { maxAttempts: 2, maxElapsedMs: 8_000, maxRateLimitWaitMs: 5_000 },
      timeouts: { ...POST_TIMEOUTS, ...options.timeouts },
    });
    return await collectClusterLogs(client, settings.clusters, {
      entries: settings.entries,
      // Another run's failure is not this run's: only deployments from the run's start on are shown.
      runStartedAt: settings.runStartedAt,
      signal: deadline.signal,
      concurrency: CONCURRENCY,
    });
  } finally {
    finished.abort();
    // A request left hanging must not keep the step alive.
    await client?.destroy();
  }
}
