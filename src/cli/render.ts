import type { ExitPolicy } from '../commands/exit-code.js';
import type { OutputFormat, RunReport } from '../commands/types.js';
import type { Redactor } from '../core/redact.js';
import { formatComponentsText } from '../report/components-text.js';
import { formatDiagnosticsText } from '../report/diagnostics-text.js';
import { renderJson } from '../report/json-output.js';
import { formatApplyResultsText, formatPlanText } from '../report/plan-text.js';
import { formatWorkflowCommand } from '../report/workflow-commands.js';

export interface RenderOptions {
  readonly format: OutputFormat;
  readonly color: boolean;
  readonly redactor: Redactor;
  readonly policy: ExitPolicy;
}

function requestsLine(report: RunReport): string {
  const seconds = (report.durationMs / 1000).toFixed(1);
  if (report.requests.total === 0) return `No requests to the service; ${seconds} s.`;
  const parts = Object.entries(report.requests.byOperation)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([operation, n]) => `${operation} ${n}`);
  const noun = report.requests.total === 1 ? 'request' : 'requests';
  return `${report.requests.total} ${noun} to the service (${parts.join(', ')}); ${seconds} s.`;
}

/** What a person reads in a terminal: plan, components, results, findings, then what it cost. */
function renderText(report: RunReport, color: boolean): string {
  const sections: string[] = [];
  if (report.plan) sections.push(formatPlanText(report.plan, { color }));
  if (report.components.length > 0) sections.push(formatComponentsText(report.components, { color }));
  if (report.results.length > 0) sections.push(formatApplyResultsText(report.results, { color }));
  if (report.diagnostics.length > 0 || report.command === 'validate') {
    sections.push(formatDiagnosticsText(report.diagnostics, { color }));
  }
  for (const line of report.skipped) sections.push(`Skipped: ${line}`);
  if (report.command !== 'validate') sections.push(requestsLine(report));
  return `${sections.map((s) => s.trimEnd()).join('\n\n')}\n`;
}

/** The workflow commands a runner reads (one per finding, most important first), then the plan as text. */
function renderGithub(report: RunReport): string {
  const lines = report.diagnostics.map(formatWorkflowCommand);
  const rest = { ...report, diagnostics: [] };
  return `${lines.join('\n')}${lines.length > 0 ? '\n' : ''}${renderText(rest, false)}`;
}

/** The whole of stdout for one run, redacted. */
export function renderReport(report: RunReport, options: RenderOptions): string {
  if (options.format === 'json') return renderJson(report, options.redactor, options.policy);
  const text = options.format === 'github' ? renderGithub(report) : renderText(report, options.color);
  return options.redactor.redact(text);
}
