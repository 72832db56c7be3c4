import type { Diagnostic, Severity } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { printable } from '../core/printable.js';
import { leftOutClause } from '../documents/limits.js';

const COLORS: Readonly<Record<Severity, string>> = {
  error: '\u001b[31m',
  warning: '\u001b[33m',
  notice: '\u001b[36m',
};
const BOLD = '\u001b[1m';
const RESET = '\u001b[0m';

/**
 * Findings the way compilers print them (`file:line:col: error: message [code]`), so that terminals and
 * editors turn each line into a link, then one count line.
 */
export function formatDiagnosticsText(
  diagnostics: readonly Diagnostic[],
  options: { color: boolean },
): string {
  return `${[...formatDiagnosticLines(diagnostics, options), countLine(diagnostics)].join('\n')}\n`;
}

/** One compiler-style line per finding, without the count line. */
export function formatDiagnosticLines(
  diagnostics: readonly Diagnostic[],
  options: { color: boolean },
): string[] {
  const paint = (code: string, text: string) => (options.color ? `${code}${text}${RESET}` : text);
  return diagnostics.map((d) => {
    const place = d.file === '' ? '' : `${paint(BOLD, `${printable(d.file)}:${d.line}:${d.column}`)}: `;
    return `${place}${paint(COLORS[d.severity], d.severity)}: ${printable(d.message)} [${printable(d.code)}]`;
  });
}

/** "2 errors, 1 warning" (notices only when there are some). */
export function countLine(diagnostics: readonly Diagnostic[]): string {
  const count = (severity: Severity) => diagnostics.filter((d) => d.severity === severity).length;
  const parts = [plural(count('error'), 'error'), plural(count('warning'), 'warning')];
  const notices = count('notice');
  if (notices > 0) parts.push(plural(notices, 'notice'));
  return parts.join(', ') + leftOutClause(diagnostics);
}
