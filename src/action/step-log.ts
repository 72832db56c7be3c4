/**
 * The action's log, through the output boundary (core/printable.ts): every line the steps print passes
 * here, so that nothing a document, the service, GitHub or an error put in a string can start a workflow
 * command or carry a control character into the job's log. Only the annotations the action gives itself
 * start a line with `::`, and only through `commands`. @actions/core builds the rest of its commands
 * (`::error::`, `::warning::`, `::group::`) and escapes line breaks inside them; what it is given is made
 * safe first.
 */
import * as core from '@actions/core';
import { safeCommand, safeLine, safeOutput } from '../core/printable.js';

/** Text for the log, one or more lines. */
export function info(text: string): void {
  core.info(safeOutput(text));
}

/** One line for the log: a line break inside is shown, not made. */
export function infoLine(text: string): void {
  core.info(safeLine(text));
}

export function warning(text: string): void {
  core.warning(safeOutput(text));
}

export function notice(text: string): void {
  core.notice(safeOutput(text));
}

/** Fails the step with its one error annotation. */
export function fail(text: string): void {
  core.setFailed(safeOutput(text));
}

/** Workflow commands of our own (report/workflow-commands.ts), one per line. */
export function commands(lines: readonly string[]): void {
  for (const line of lines) process.stdout.write(`${safeCommand(line)}\n`);
}

export function group(name: string): void {
  core.startGroup(safeLine(name));
}

export function endGroup(): void {
  core.endGroup();
}
