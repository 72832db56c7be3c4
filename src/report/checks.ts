import type { Diagnostic } from '../core/diagnostic.js';
import { compareDiagnostics } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { escapeInline, sliceChars, truncateUtf8, utf8Bytes } from '../markdown/escape.js';
import type { RunReport } from '../run/reports.js';
import { findingTitle, messageWithCode } from './finding-title.js';
import { planCountsSentence } from './plan-counts.js';

/** GitHub's limits on a Checks run (REST API, check runs). */
export const MAX_ANNOTATIONS_PER_REQUEST = 50;
export const MAX_CHECK_TITLE = 255;
export const MAX_ANNOTATION_MESSAGE_BYTES = 64 * 1024;
/** A Checks run's `output.summary` and `output.text`: GitHub counts UTF-8 bytes, not characters. */
export const MAX_OUTPUT_BYTES = 65_535;

export type CheckConclusion = 'success' | 'failure' | 'neutral';

export interface CheckAnnotation {
  readonly path: string;
  readonly start_line: number;
  readonly end_line: number;
  readonly start_column?: number;
  readonly end_column?: number;
  readonly annotation_level: 'notice' | 'warning' | 'failure';
  readonly message: string;
  readonly title: string;
}

const LEVEL: Readonly<Record<Diagnostic['severity'], CheckAnnotation['annotation_level']>> = {
  error: 'failure',
  warning: 'warning',
  notice: 'notice',
};

/**
 * Every finding that names a file, as a Checks annotation (findings about the run as a whole have no line
 * to sit on; they are in the run's text). Most important first, so that the first request carries them.
 */
export function toCheckAnnotations(
  diagnostics: readonly Diagnostic[],
  redact: (text: string) => string,
): CheckAnnotation[] {
  return [...diagnostics]
    .filter((d) => d.file !== '')
    .sort(compareDiagnostics)
    .map((d) => {
      const sameLine = d.endLine <= d.line;
      const base = {
        path: d.file,
        start_line: d.line,
        end_line: Math.max(d.line, d.endLine),
        annotation_level: LEVEL[d.severity],
        message: messageWithCode(
          redact(d.message),
          redact(d.code),
          MAX_ANNOTATION_MESSAGE_BYTES - 16,
          truncateUtf8,
          utf8Bytes,
        ),
        title: sliceChars(redact(findingTitle(d)), MAX_CHECK_TITLE),
      };
      // Columns are accepted only on a one-line annotation; GitHub's end column is inclusive.
      return sameLine
        ? { ...base, start_column: d.column, end_column: Math.max(d.column, d.endColumn - 1) }
        : base;
    });
}

/**
 * The Checks run's summary, under its title (the run's headline): what the title does not say, namely the
 * plan by action and where the findings are. The details below it (the job summary's parts, what was
 * skipped first) start without a heading of their own, so the page says its outcome once.
 */
export function checkRunSummary(report: RunReport): string {
  const lines: string[] = [];
  const counts = planCountsSentence(report);
  if (counts) lines.push(`**${escapeInline(counts)}.**`);
  const findings = report.diagnostics.length;
  const placed = report.diagnostics.filter((d) => d.file !== '').length;
  if (findings === 0) lines.push('No findings.');
  else if (placed === findings)
    lines.push(
      `${plural(findings, 'finding')}: annotated on ${findings === 1 ? 'its line' : 'their lines'} and listed below.`,
    );
  else
    lines.push(
      `${plural(findings, 'finding')}: listed below; ${placed} of them annotated on ${placed === 1 ? 'its line' : 'their lines'}.`,
    );
  return lines.join('\n\n');
}
