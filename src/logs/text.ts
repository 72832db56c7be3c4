import { formatAge } from '../core/age.js';
import type { Redactor } from '../core/redact.js';
import { capText, stripControl } from '../markdown/escape.js';
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
  newestEntries,
} from './entry-fields.js';
import { scrub } from './scrub.js';
import { displayTimestamp } from './timestamp.js';
import type { ClusterLogsReport } from './types.js';

export interface LogsTextOptions {
  readonly redactor: Redactor;
  /** Show provider, region and transmitter under each entry. */
  readonly details?: boolean;
  /** The time of rendering (milliseconds since the epoch): an earlier run's deployment is named with its age. */
  readonly now?: number;
}

type Clean = (text: string | undefined | null, max?: number) => string;

/** Terminal text must not carry escape sequences from the service: they could rewrite what a person sees. */
function cleaner(redactor: Redactor): Clean {
  return (text, max = 2000) => (text ? capText(stripControl(scrub(text, redactor)), max) : '');
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
}

function errorLines(entry: ClusterLogEntry, clean: Clean): string[] {
  const error = entry.error;
  const tag = clean(error?.tag, 200) || 'error';
  const step = entryStep(entry) ? ` (${clean(entryStep(entry), 100)})` : '';
  const lines = [`  [${tag}] ${entryTime(entry)}${step}`];
  const message = error?.user_log_message?.trim() || entry.message?.safe_message?.trim();
  if (message) lines.push(indent(clean(message), '    '));
  if (error?.hint_message?.trim()) lines.push(`    hint: ${clean(error.hint_message)}`);
  if (error?.link?.trim()) lines.push(`    docs: ${clean(error.link, 500)}`);
  const underlying = error?.underlying_error?.message?.trim();
  if (underlying) lines.push('    underlying error:', indent(clean(underlying, 4000), '      '));
  return lines;
}

function entryLine(entry: ClusterLogEntry, clean: Clean, withDetails: boolean): string[] {
  const level = clean(entryLevel(entry), 20).padEnd(7);
  const step = clean(entryStep(entry), 60);
  const message = clean(entryMessage(entry)).replace(/\s*\n\s*/g, ' ');
  const lines = [`  ${entryTime(entry)}  ${level} ${step ? `${step}: ` : ''}${message}`];
  const details = entryDetails(entry);
  if (withDetails && details) {
    const parts = [
      details.provider_kind && `provider ${clean(details.provider_kind, 60)}`,
      details.region && `region ${clean(details.region, 60)}`,
      describeTransmitter(details) && `transmitter ${clean(describeTransmitter(details), 300)}`,
    ].filter(Boolean);
    if (parts.length > 0) lines.push(`      ${parts.join(', ')}`);
  }
  return lines;
}

/** Another run's deployment, named with its age when the time of rendering is known, never its logs. */
function previousText(report: ClusterLogsReport, clean: Clean, now: number | undefined): string {
  const d = report.previous!;
  const created = displayTimestamp(d.created_at);
  const ms = timestampMs(d.created_at);
  const from = now !== undefined && ms !== null ? formatAge(now, ms) : created;
  return `  no deployment of cluster ${clean(clusterLabel(report.cluster), 300)} during this run; the newest (${clean(deploymentState(d), 60)}) is from ${from}: deployment ${clean(d.id, 200)}, created ${created}. Its logs belong to an earlier run and are not shown.`;
}

function clusterText(
  report: ClusterLogsReport,
  clean: Clean,
  withDetails: boolean,
  now: number | undefined,
): string[] {
  const lines = [`Cluster ${clean(clusterLabel(report.cluster), 300)}`];
  if (report.failure !== null) return [...lines, `  could not fetch the logs: ${clean(report.failure)}`];
  if (report.previous) return [...lines, previousText(report, clean, now)];
  const d = report.deployment;
  if (d) {
    lines.push(
      `  deployment ${clean(d.id, 200)}: ${clean(d.trigger_action, 60)} ${clean(d.status, 60)} (action ${clean(d.action_status, 60)}), created ${displayTimestamp(d.created_at)}`,
    );
    if (d.reason.trim()) lines.push(`  reason: ${clean(d.reason, 1000)}`);
  }
  for (const notice of report.notices) lines.push(`  note: ${clean(notice)}`);
  if (report.errors.length > 0) {
    const of =
      report.totalErrors > report.errors.length
        ? ` (newest ${report.errors.length} of ${report.totalErrors})`
        : '';
    lines.push('', `Errors${of}, newest first:`);
    for (const entry of [...report.errors].reverse()) lines.push(...errorLines(entry, clean));
  }
  if (report.entries.length === 0) {
    lines.push('', report.deployment ? 'The deployment has no log entries.' : 'There are no log entries.');
    return lines;
  }
  const newest = newestEntries(report.entries.length, report.totalEntries);
  lines.push('', `${newest}:`);
  for (const entry of report.entries) lines.push(...entryLine(entry, clean, withDetails));
  return lines;
}

/** Readable terminal text for recent cluster logs; redacted, without control characters from the service. */
export function renderLogsText(reports: readonly ClusterLogsReport[], options: LogsTextOptions): string {
  const clean = cleaner(options.redactor);
  if (reports.length === 0) return 'No cluster to show logs for.\n';
  const blocks = reports.map((report) =>
    clusterText(report, clean, options.details ?? false, options.now).join('\n'),
  );
  return `${options.redactor.redact(blocks.join('\n\n'))}\n`;
}
