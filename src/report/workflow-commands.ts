import type { Diagnostic } from '../core/diagnostic.js';
import { printable } from '../core/printable.js';
import { findingTitle, messageWithCode } from './finding-title.js';

/** GitHub cuts annotation messages here; we cut first so that the cut is ours and says so. */
export const MAX_ANNOTATION_MESSAGE = 4096;
const CUT_MARK = ' …(cut)';

// The runner's escaping rules (as @actions/core's command.ts applies them).
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function truncateMessage(message: string, max = MAX_ANNOTATION_MESSAGE): string {
  return message.length <= max ? message : message.slice(0, max - CUT_MARK.length) + CUT_MARK;
}

/** `::error file=…,line=…,endLine=…,col=…,endColumn=…,title=Title::message [code]` for one finding. */
export function formatWorkflowCommand(d: Diagnostic): string {
  const properties: string[] = [];
  if (d.file) {
    properties.push(`file=${escapeProperty(printable(d.file))}`);
    properties.push(`line=${d.line}`);
    if (d.endLine !== d.line) properties.push(`endLine=${d.endLine}`);
    properties.push(`col=${d.column}`);
    // Our ranges end exclusively (like an editor selection); the runner's endColumn is the last column.
    if (d.endLine === d.line && d.endColumn - 1 > d.column) properties.push(`endColumn=${d.endColumn - 1}`);
  }
  properties.push(`title=${escapeProperty(printable(findingTitle(d)))}`);
  // Documents' text is made printable first: no line break, control or bidi character reaches the log.
  const message = messageWithCode(
    printable(d.message),
    printable(d.code),
    MAX_ANNOTATION_MESSAGE,
    truncateMessage,
    // Counted as printed: the line break before the code's page is escaped to three characters.
    (text) => escapeData(text).length,
  );
  return `::${d.severity} ${properties.join(',')}::${escapeData(message)}`;
}
