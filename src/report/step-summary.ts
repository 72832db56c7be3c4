import { hasErrors } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { type Block, fitBlocks } from '../markdown/budget.js';
import {
  escapeInline,
  inlineCode,
  messageMarkdown,
  tableHead,
  tableRow,
  utf8Bytes,
} from '../markdown/escape.js';
import { type PendingChange, pendingChanges } from '../model/types.js';
import { countByKind } from '../plan/change-counts.js';
import type { RunReport } from '../run/reports.js';
import type { OperationId } from '../service/types.js';
import { backtestBlock } from './backtest-markdown.js';
import type { SourceLinks } from './change-markdown.js';
import { heldBlock, heldChanges } from './held.js';
import { driftedWords } from './kind-words.js';
import { receiverTestsBlock } from './receiver-tests.js';
import { requestsSentence } from './requests-line.js';
import type { RunCounts } from './run-counts.js';
import { runOutcome } from './run-counts.js';
import { componentsBlock, findingsBlock, paragraph, planBlock, resultsBlock, reviewBlock } from './tables.js';

/** GitHub refuses a step summary over 1 MiB (UTF-8 bytes); keep a margin for what the runner adds. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024 - 4096;

export interface SummaryOptions {
  /** Lines about the reporting itself, e.g. a Checks run that could not be created. */
  readonly notes?: readonly string[];
  /**
   * Whether the whole run is offered as JSON (the `plan-json` output). Its path is the runner's temporary
   * directory, which no reviewer can open: the summary names the output, never the path.
   */
  readonly planJsonPath?: string | null;
  /** Links from files and lines to the commit planned. */
  readonly links?: SourceLinks | null;
  readonly limitBytes?: number;
  /** Whether a Checks run holds every finding: the "left out" line then points there. */
  readonly findingsInChecksRun?: boolean;
  /**
   * Whether to start with the heading and the outcome line (default true). The Checks run shows its name
   * and title above the text: said again there, the outcome read three times.
   */
  readonly heading?: boolean;
  /** The lowest severity that fails the run (the fail-on input): it decides the verdict line. */
  readonly failOn?: 'error' | 'warning';
}

/**
 * The job summary: the verdict line (the run's outcome, as the terminal's closing line says it), what was
 * skipped, the plan, review, apply results, components, cost, then the findings; a run with an error
 * finding has its findings right after what was skipped.
 */
export function renderSummary(report: RunReport, counts: RunCounts, options: SummaryOptions = {}): string {
  const verdict = runOutcome(report, options.failOn, counts).line;
  const blocks: Block[] =
    options.heading === false
      ? []
      : [paragraph(`## platform-gitops ${report.command}\n\n**${escapeInline(verdict)}**`)];
  const notes = [...report.skipped, ...(options.notes ?? [])];
  if (notes.length > 0)
    blocks.push(paragraph(notes.map((n) => `> ${messageMarkdown(n, 2000)}`).join('\n>\n')));
  // A run with errors is read for what to fix: its findings come first, before the plan they hold up.
  const findingsFirst = hasErrors(report.diagnostics);
  if (findingsFirst) blocks.push(findingsBlock(report.diagnostics, options.links));

  if (report.plan) {
    // Every kind's changes in one list, counted alike (a receiver's as a rule's).
    const pending = pendingChanges(report.plan);
    const unchanged = report.plan.changes.length - pending.length;
    const heading = report.command === 'drift' ? '### Drift' : '### Plan';
    if (pending.length > 0) {
      const counts = planCounts(report.command, pending, unchanged, report.results.length > 0);
      blocks.push(planBlock(pending, `${heading} (${counts})`, options.links));
    } else if ((report.plan.unread?.length ?? 0) > 0) {
      // Nothing pending because nothing could be read: never call that "no changes".
      const orgs = (report.plan.unread ?? []).map((o) => inlineCode(o, 80)).join(', ');
      blocks.push(
        paragraph(
          `${heading}\n\nNot planned: the live rules of ${orgs} could not be read (see the findings).`,
        ),
      );
    } else {
      const none = report.command === 'drift' ? 'No drift' : 'No changes';
      const kinds = countByKind(report.plan.changes);
      const match = unchanged === 1 ? 'matches its document' : 'match their documents';
      blocks.push(paragraph(`${heading}\n\n${none}: ${driftedWords(kinds, 'alert rule')} ${match}.`));
    }
    const { unmanaged, ghosts, outdated } = report.plan;
    const extra: string[] = [];
    if (unmanaged.length > 0)
      extra.push(`${driftedWords(countByKind(unmanaged), 'live rule')} no document manages (left untouched)`);
    if (ghosts.length > 0)
      extra.push(`${plural(ghosts.length, 'ghost rule')} (in the alerting system only; cannot be managed)`);
    if (outdated.length > 0)
      extra.push(
        `${plural(outdated.length, 'rule')} with an outdated version deployed in the alerting system`,
      );
    if (extra.length > 0) blocks.push(paragraph(extra.join('; ')));
  }
  const backtest = backtestBlock(report.command === 'plan' ? report.backtest : undefined, options.links);
  if (backtest) blocks.push(backtest);
  if (report.command === 'apply' && report.review && report.review.length > 0)
    blocks.push(reviewBlock(report.review, options.links));
  const held = heldChanges(report.plan);
  if (held.length > 0) blocks.push(heldBlock(held, options.links));
  if (report.results.length > 0) blocks.push(resultsBlock(report.results, options.links));
  if (report.command === 'test-receivers' && report.receiverTests.length > 0)
    blocks.push(receiverTestsBlock(report.receiverTests));
  if (report.components.length > 0) blocks.push(componentsBlock(report.components, options.links));
  blocks.push(paragraph(costLine(report)));
  if (options.planJsonPath) {
    blocks.push(
      paragraph(
        "The whole run as JSON is the file named by this step's `plan-json` output: keep it with `actions/upload-artifact`.",
      ),
    );
  }
  // Otherwise last: the findings are the largest part and every one of them is also in the Checks run.
  if (!findingsFirst && report.diagnostics.length > 0)
    blocks.push(findingsBlock(report.diagnostics, options.links));

  const where = [
    options.findingsInChecksRun ? 'Every finding and change is in the Checks run.' : '',
    options.planJsonPath ? 'The whole run is in the `plan-json` output file (the JSON artifact).' : '',
  ].join(' ');
  return fitBlocks(blocks, options.limitBytes ?? SUMMARY_LIMIT_BYTES, utf8Bytes, where.trim()).markdown;
}

/** The plan's heading counts, in the words of the command: a drift is not pending, an apply is done. */
function planCounts(
  command: RunReport['command'],
  pending: readonly PendingChange[],
  unchanged: number,
  written: boolean,
): string {
  const n = pending.length;
  if (command === 'drift')
    return `${driftedWords(countByKind(pending), 'rule')} ${n === 1 ? 'differs' : 'differ'}, ${unchanged} in sync`;
  if (command === 'apply')
    return `${plural(n, 'change')}, ${unchanged} unchanged${written ? '; results below' : ''}`;
  return `${n} pending, ${unchanged} unchanged`;
}

/** Requests spent against the service's hourly budget, and time taken. */
export function costLine(report: RunReport): string {
  const seconds = (report.durationMs / 1000).toFixed(1);
  const byOperation = Object.entries(report.requests.byOperation)
    .filter(([, n]) => (n ?? 0) > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  if (byOperation.length === 0) return `${requestsSentence(report.requests)}; ${seconds} s.`;
  const table = [
    tableHead(['Operation', 'Requests']),
    ...byOperation.map(([op, n]) => tableRow([inlineCode(op as OperationId), String(n)])),
  ].join('\n');
  return `<details><summary>${requestsSentence(report.requests)}; ${seconds} s</summary>\n\n${table}\n\n</details>`;
}
