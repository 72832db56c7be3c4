/**
 * The step's job summary: one byte budget within GitHub's limit, shared by the report and the cluster
 * logs under it, and a runner without job summaries that is told, not crashed on.
 */
import { appendFileSync } from 'node:fs';
import { EOL } from 'node:os';
import { safeOutput } from '../core/printable.js';
import { ByteBudget } from '../markdown/budget.js';
import { SUMMARY_LIMIT_BYTES } from '../report/step-summary.js';
import * as log from './step-log.js';

/**
 * The report's summary (which left room for the logs: main-step-result.ts), then the logs section given every
 * byte that is left. Without a logs section, the summary alone.
 */
export async function budgetedSummary(
  summary: string,
  logsSection: ((maxBytes: number) => Promise<string>) | null,
): Promise<string> {
  const budget = new ByteBudget(SUMMARY_LIMIT_BYTES);
  let text = budget.spend(summary);
  if (logsSection === null) return text;
  text += budget.spend('\n\n');
  text += budget.spend(await logsSection(budget.left()));
  return text;
}

/**
 * The job summary is the report's home, but a runner without one (an old GitHub Enterprise Server, a local
 * run) must not turn a finished run into a crash: say so in one line; the annotations and outputs stand.
 */
export function writeJobSummary(markdown: string, env: NodeJS.ProcessEnv = process.env): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) {
    log.info('No job summary written: this runner does not set GITHUB_STEP_SUMMARY.');
    return;
  }
  try {
    appendJobSummary(file, markdown);
  } catch (error) {
    // A log line, not an annotation: the annotations printed already used their caps.
    log.info(`The job summary could not be written: ${(error as Error).message}`);
  }
}

/**
 * Appends `markdown` to the job summary file, as core.summary.addRaw(markdown, true).write() does. Not
 * with core.summary: its module reads node:fs/promises as it loads, about 3 ms of every run's start
 * (docs/decisions/cold-start-and-apply-throughput.md). Throws what the file system throws.
 */
export function appendJobSummary(file: string, markdown: string): void {
  appendFileSync(file, `${safeOutput(markdown)}${EOL}`, 'utf8');
}
