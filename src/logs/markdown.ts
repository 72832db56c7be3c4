import { formatAge } from '../core/age.js';
import type { Redactor } from '../core/redact.js';
import { BoundedMarkdown } from '../markdown/budget.js';
import { escapeInline, fenced, inlineCode, link } from '../markdown/escape.js';
import type { ClusterLogEntry } from '../service/types.js';
import { clusterLabel } from './cluster-label.js';
import { deploymentState, timestampMs } from './deployment.js';
import {
  describeTransmitter,
  entryDetails,
  entryLevel,
  entryMessage,
  entryStep,
  entryTime,
  hasDetails,
  newestEntries,
} from './entry-fields.js';
import { scrub } from './scrub.js';
import { displayTimestamp, formatTimeKey, parseTimestamp } from './timestamp.js';
import type { ClusterLogsReport, DeploymentSummary } from './types.js';

export interface LogsMarkdownOptions {
  readonly redactor: Redactor;
  /** Upper bound of the result in UTF-8 bytes (the job summary takes 1 MiB per step). */
  readonly maxBytes: number;
  /** The section's heading (default "Cluster logs"). */
  readonly title?: string;
  /**
   * The time of rendering (milliseconds since the epoch): deployment and error times are then ages
   * (`4 min ago`) with the exact UTC time in a tooltip. Without it, the exact times are shown.
   */
  readonly now?: number;
}

/** Redaction happens on the raw text, before escaping: an escaped secret would no longer match. */
type Safe = (text: string | undefined | null) => string;
/** A service timestamp as shown: an age with the exact time in a tooltip, or the exact time. */
type When = (text: string | undefined | null) => string;

function whenFor(now: number | undefined): When {
  return (text) => {
    const key = parseTimestamp(text);
    const ms = timestampMs(text);
    if (now === undefined || !key || ms === null)
      return escapeInline(displayTimestamp(text) || '(no time)', 100);
    // formatTimeKey writes digits, `-`, `:`, `.`, a space and `Z` only: safe inside the attribute.
    return `<span title="${formatTimeKey(key)}">${formatAge(now, ms)}</span>`;
  };
}

/** Another run's deployment: one line naming it (id and time), not its logs. */
function previousLine(cluster: string, d: DeploymentSummary, safe: Safe, when: When): string {
  const state = escapeInline(safe(deploymentState(d)), 100);
  const exact = escapeInline(displayTimestamp(d.created_at), 100);
  return `> No deployment of cluster ${cluster} during this run; the newest (**${state}**) is from ${when(d.created_at)}: deployment ${inlineCode(safe(d.id))}, created ${exact}. Its logs belong to an earlier run and are not shown.`;
}

function deploymentLine(d: DeploymentSummary, safe: Safe, when: When): string {
  const state = deploymentState(d);
  const icon = state === 'FAILED' ? '❌ ' : state === 'RUNNING' ? '⏳ ' : '';
  const status = `${icon}**${escapeInline(safe(d.status), 100)}** (action ${inlineCode(safe(d.action_status))})`;
  const parts = [
    `**Deployment** ${inlineCode(safe(d.id))}`,
    `trigger ${inlineCode(safe(d.trigger_action))}`,
    `status ${status}`,
    `created ${when(d.created_at)}`,
  ];
  const reason = d.reason.trim() ? `\n\n**Reason:** ${escapeInline(safe(d.reason), 1000)}` : '';
  return `${parts.join(' · ')}${reason}`;
}

function errorBlock(entry: ClusterLogEntry, safe: Safe, when: When): string {
  const error = entry.error;
  const tag = error?.tag?.trim() ? inlineCode(safe(error.tag)) : '`error`';
  const where = [when(entry.timestamp), entryStep(entry) && `step ${inlineCode(safe(entryStep(entry)))}`]
    .filter(Boolean)
    .join(' · ');
  const lines = [`**${tag}** · ${where}`, ''];
  const message = error?.user_log_message?.trim() || entry.message?.safe_message?.trim();
  if (message) lines.push(escapeInline(safe(message)), '');
  if (error?.hint_message?.trim()) lines.push(`**Hint:** ${escapeInline(safe(error.hint_message))}`, '');
  if (error?.link?.trim()) lines.push(`**Documentation:** ${link('read more', safe(error.link))}`, '');
  const underlying = error?.underlying_error?.message?.trim();
  if (underlying)
    lines.push(
      '**Underlying error:**',
      '',
      fenced(safe(underlying), 'text', { maxChars: 4000, maxLines: 60 }),
    );
  return lines.join('\n').trimEnd();
}

function entryRow(entry: ClusterLogEntry, safe: Safe): string {
  const level = entryLevel(entry);
  const shownLevel =
    level.toLowerCase() === 'error' ? `**${escapeInline(level, 20)}**` : escapeInline(level, 20);
  const cells = [
    escapeInline(entryTime(entry), 60),
    shownLevel,
    escapeInline(safe(entryStep(entry)), 60),
    escapeInline(safe(entryMessage(entry)), 1000),
  ];
  return `| ${cells.join(' | ')} |`;
}

function detailRow(entry: ClusterLogEntry, safe: Safe): string {
  const details = entryDetails(entry);
  const cells = [
    escapeInline(entryTime(entry), 60),
    escapeInline(safe(details?.provider_kind), 60),
    escapeInline(safe(details?.region), 60),
    escapeInline(safe(describeTransmitter(details)), 300),
  ];
  return `| ${cells.join(' | ')} |`;
}

function renderCluster(out: BoundedMarkdown, report: ClusterLogsReport, safe: Safe, when: When): void {
  const cluster = inlineCode(safe(clusterLabel(report.cluster)));
  out.block(`### Cluster ${cluster}`, `the section of cluster ${cluster}`);
  if (report.failure !== null) {
    out.block(`> [!WARNING]\n> Could not fetch the logs: ${escapeInline(safe(report.failure))}`, 'a failure');
    return;
  }
  if (report.previous) {
    out.block(previousLine(cluster, report.previous, safe, when), `the earlier deployment of ${cluster}`);
    return;
  }
  if (report.deployment)
    out.block(deploymentLine(report.deployment, safe, when), `the deployment of ${cluster}`);
  for (const notice of report.notices) out.block(`> ${escapeInline(safe(notice))}`, 'a notice');

  if (report.errors.length > 0) {
    const of =
      report.totalErrors > report.errors.length
        ? ` (newest ${report.errors.length} of ${report.totalErrors})`
        : '';
    out.block(`#### Errors${of}`, `the errors of ${cluster}`);
    // Newest first: the last error is usually the one that failed the deployment.
    for (const entry of [...report.errors].reverse())
      out.block(errorBlock(entry, safe, when), `an error of ${cluster}`);
  }

  if (report.entries.length === 0) {
    const none = report.deployment ? 'The deployment has no log entries.' : 'There are no log entries.';
    out.block(`_${none}_`, 'a note');
    return;
  }
  const newest = newestEntries(report.entries.length, report.totalEntries);
  out.block(`#### ${newest}`, `the entries heading of ${cluster}`);
  out.table(
    ['| Time (UTC) | Level | Step | Message |', '|---|---|---|---|'],
    report.entries.map((entry) => entryRow(entry, safe)),
    { keep: 'tail', what: `entries of cluster ${cluster}` },
  );
  const detailed = report.entries.filter((entry) => hasDetails(entryDetails(entry)));
  if (detailed.length > 0) {
    out.table(
      ['| Time (UTC) | Provider | Region | Transmitter |', '|---|---|---|---|'],
      detailed.map((entry) => detailRow(entry, safe)),
      {
        keep: 'tail',
        what: `entry details of cluster ${cluster}`,
        open: '<details><summary>Details: provider, region, transmitter</summary>\n\n',
        close: '\n</details>\n',
      },
    );
  }
}

/**
 * The job summary section for recent cluster logs: per cluster, which deployment and its status and
 * trigger, its errors (tag, message, hint, link, underlying error), the newest entries in time order and
 * their details folded away. Within `maxBytes`, Markdown-safe and redacted.
 */
export function renderLogsMarkdown(
  reports: readonly ClusterLogsReport[],
  options: LogsMarkdownOptions,
): string {
  const safe: Safe = (text) => (text ? scrub(text, options.redactor) : '');
  const out = new BoundedMarkdown(options.maxBytes);
  out.block(`## ${escapeInline(options.title ?? 'Cluster logs', 200)}`, 'the title');
  if (reports.length === 0) out.block('_No cluster to show logs for._', 'a note');
  const when = whenFor(options.now);
  for (const report of reports) renderCluster(out, report, safe, when);
  // A last pass with the redactor: nothing registered may leave, whatever path it took.
  return options.redactor.redact(out.toString());
}
