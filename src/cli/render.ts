import { printable } from '../core/printable.js';
import type { Redactor } from '../core/redact.js';
import { annotationLines, selectAnnotations } from '../report/annotations.js';
import { formatApplyResultsText } from '../report/apply-text.js';
import { formatBacktestText } from '../report/backtest-text.js';
import { formatComponentsText } from '../report/components-text.js';
import { countLine, formatDiagnosticLines } from '../report/diagnostics-text.js';
import { formatHeldText, heldChanges } from '../report/held.js';
import { renderJson, writeJsonOutput } from '../report/json-output.js';
import { planCountsAreKnown } from '../report/plan-counts.js';
import { formatPlanText, planCountLine } from '../report/plan-text.js';
import { formatReceiverTestsText } from '../report/receiver-tests.js';
import { requestsSentence } from '../report/requests-line.js';
import { runOutcome } from '../report/run-counts.js';
import type { ExitPolicy } from '../run/exit-code.js';
import type { RunReport } from '../run/reports.js';
import type { OutputFormat } from '../run/types.js';

export interface RenderOptions {
  readonly format: OutputFormat;
  readonly color: boolean;
  readonly redactor: Redactor;
  readonly policy: ExitPolicy;
  /** List the YAML files skipped as not ours (text and github forms; JSON always has them). */
  readonly verbose?: boolean;
}

function requestsLine(report: RunReport): string {
  const seconds = (report.durationMs / 1000).toFixed(1);
  if (report.requests.total === 0) return `${requestsSentence(report.requests)}; ${seconds} s.`;
  const parts = Object.entries(report.requests.byOperation)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([operation, n]) => `${operation} ${n}`);
  return `${requestsSentence(report.requests)} (${parts.join(', ')}); ${seconds} s.`;
}

/**
 * What a person reads in a terminal: plan, components, results, findings, what it cost, then the one
 * closing line of the run's outcome (report/run-counts.ts). `listed` are the findings printed as lines (all
 * of them, unless some were already printed as workflow commands); the count line always counts every
 * finding.
 */
function renderText(report: RunReport, options: RenderOptions, listed = report.diagnostics): string {
  const color = options.format === 'text' && options.color;
  const verbose = options.verbose ?? false;
  const sections: string[] = [];
  const skippedFiles = report.skippedFiles ?? [];
  if (verbose && skippedFiles.length > 0) {
    sections.push(
      ['Skipped (no platform-gitops documents):', ...skippedFiles.map((file) => `  ${file}`)].join('\n'),
    );
  }
  // The errors the plan's sentence counts are those the count line below counts: every one of the run.
  const planText = { color, drift: report.command === 'drift', findings: report.diagnostics };
  // The count follows a plan or a drift check, as in Terraform. A run that wrote (an apply, a drift check
  // that remediated) says it with its plan, above the results: at the end it would read as what is left,
  // "1 to update" under a drift that was just written away. No count when it would say nothing true about
  // the live state (report/plan-counts.ts).
  const count = report.plan && planCountsAreKnown(report.plan) ? planCountLine(report.plan, planText) : '';
  const countWithPlan = report.command === 'apply' || report.results.length > 0;
  if (report.plan) sections.push(formatPlanText(report.plan, planText) + (countWithPlan ? count : ''));
  if (report.command === 'plan' && report.backtest) sections.push(formatBacktestText(report.backtest));
  if (report.components.length > 0) sections.push(formatComponentsText(report.components, { color }));
  const held = heldChanges(report.plan);
  if (held.length > 0) sections.push(formatHeldText(held));
  if (report.results.length > 0) sections.push(formatApplyResultsText(report.results, { color }));
  if (report.command === 'test-receivers' && report.receiverTests.length > 0) {
    sections.push(formatReceiverTestsText(report.receiverTests, { color }));
  }
  if (report.diagnostics.length > 0 || report.command === 'validate') {
    sections.push([...formatDiagnosticLines(listed, { color }), countLine(report.diagnostics)].join('\n'));
  }
  for (const line of report.skipped) sections.push(`Skipped: ${printable(line)}`);
  if (report.command !== 'validate') sections.push(requestsLine(report));
  if (count && !countWithPlan) sections.push(count);
  const closing = printable(runOutcome(report, options.policy.failOn).line);
  sections.push(color ? `\u001b[1m${closing}\u001b[0m` : closing);
  return `${sections.map((s) => s.trimEnd()).join('\n\n')}\n`;
}

/**
 * The workflow commands a runner reads, then the rest as text. A runner shows at most 10 annotations of
 * each level per step and drops the others silently: the most important are printed as commands, one
 * notice says how many more there are, and those are printed as plain lines so that none is lost.
 */
function renderGithub(report: RunReport, options: RenderOptions): RenderedReport {
  const { redactor } = options;
  const selection = selectAnnotations(report.diagnostics);
  const commands = annotationLines(selection, 'the log below', (text) => redactor.redact(text));
  const shown = new Set(selection.shown);
  const rest = report.diagnostics.filter((d) => !shown.has(d));
  return { commands, text: renderText(report, options, rest) };
}

/**
 * The whole of stdout for one run, redacted: the workflow commands of the `github` form apart from the
 * text, because the output boundary (cli/output.ts) lets a command start a line only when it is one of ours.
 */
export interface RenderedReport {
  readonly commands: readonly string[];
  readonly text: string;
}

/** The report's stdout in its parts, as the command line writes them. */
export function renderReportParts(report: RunReport, options: RenderOptions): RenderedReport {
  // The JSON form is redacted string by string, before it is JSON.
  if (options.format === 'json')
    return { commands: [], text: renderJson(report, options.redactor, options.policy) };
  const rendered =
    options.format === 'github'
      ? renderGithub(report, options)
      : { commands: [], text: renderText(report, options) };
  const redact = (text: string) => options.redactor.redact(text);
  return { commands: rendered.commands.map(redact), text: redact(rendered.text) };
}

/**
 * The report's stdout written to `out` as the command line writes it: the JSON form in pieces as it is
 * made (a plan of 100,000 rules is some 80 MB of it), the others as their commands, then their text.
 */
export function writeReport(
  report: RunReport,
  options: RenderOptions,
  out: { readonly commands: (lines: readonly string[]) => void; readonly stdout: (text: string) => void },
): void {
  if (options.format === 'json') {
    writeJsonOutput(report, options.redactor, options.policy, out.stdout);
    return;
  }
  const rendered = renderReportParts(report, options);
  out.commands(rendered.commands);
  out.stdout(rendered.text);
}

/** The whole of stdout for one run, redacted, as one text: the commands, then the rest. */
export function renderReport(report: RunReport, options: RenderOptions): string {
  const { commands, text } = renderReportParts(report, options);
  return commands.map((line) => `${line}\n`).join('') + text;
}
