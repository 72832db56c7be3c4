import type { Diagnostic, Severity } from '../core/diagnostic.js';
import { compareDiagnostics, diagnostic, FILE_START } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { formatWorkflowCommand } from './workflow-commands.js';

/**
 * GitHub shows at most this many workflow-command annotations of each level per step, and 50 per job;
 * the rest are dropped silently. We choose which are shown (the most important) and say how many were not.
 */
export const ANNOTATION_CAPS: Readonly<Record<Severity, number>> = { error: 10, warning: 10, notice: 10 };
export const MAX_ANNOTATIONS_PER_JOB = 50;

export interface AnnotationSelection {
  /** The findings to print, most important first. */
  readonly shown: readonly Diagnostic[];
  /** How many were not printed. */
  readonly hidden: number;
}

export interface AnnotationBudget {
  /**
   * Slots this step uses for annotations of its own (e.g. core.setFailed prints one error), so that our
   * findings and those lines together stay within the caps.
   */
  readonly reserved?: Partial<Record<Severity, number>>;
}

/**
 * Chooses which findings to print as workflow commands. Errors come first, then warnings, then notices;
 * within a level by file and position. When some are hidden one notice slot is kept for the "more" line.
 */
export function selectAnnotations(
  diagnostics: readonly Diagnostic[],
  budget: AnnotationBudget = {},
): AnnotationSelection {
  const sorted = [...diagnostics].sort(compareDiagnostics);
  const room: Record<Severity, number> = {
    error: Math.max(0, ANNOTATION_CAPS.error - (budget.reserved?.error ?? 0)),
    warning: Math.max(0, ANNOTATION_CAPS.warning - (budget.reserved?.warning ?? 0)),
    notice: Math.max(0, ANNOTATION_CAPS.notice - (budget.reserved?.notice ?? 0)),
  };
  const reservedTotal = Object.values(budget.reserved ?? {}).reduce((a, b) => a + (b ?? 0), 0);
  let jobRoom = MAX_ANNOTATIONS_PER_JOB - reservedTotal;

  const fitsAll =
    sorted.length <= jobRoom &&
    (['error', 'warning', 'notice'] as const).every(
      (level) => sorted.filter((d) => d.severity === level).length <= room[level],
    );
  if (!fitsAll) {
    // The "N more" line is itself a notice.
    room.notice = Math.max(0, room.notice - 1);
    jobRoom -= 1;
  }

  const shown: Diagnostic[] = [];
  for (const d of sorted) {
    if (jobRoom <= 0) break;
    if (room[d.severity] <= 0) continue;
    room[d.severity] -= 1;
    jobRoom -= 1;
    shown.push(d);
  }
  return { shown, hidden: sorted.length - shown.length };
}

/** The workflow-command lines to print: the chosen findings, then the "more" notice when needed. */
export function annotationLines(
  selection: AnnotationSelection,
  whereTheRestAre: string,
  redact: (text: string) => string,
): string[] {
  const lines = selection.shown.map((d) => formatWorkflowCommand({ ...d, message: redact(d.message) }));
  if (selection.hidden > 0) {
    const noun = selection.hidden === 1 ? 'finding' : 'findings';
    lines.push(
      formatWorkflowCommand(
        diagnostic(
          'notice',
          '',
          FILE_START,
          // No code: a line about the reporting, not a finding (nothing to search for).
          '',
          `${selection.hidden} more ${noun} in ${whereTheRestAre} (GitHub shows at most 10 annotations of each level per step).`,
          'More findings',
        ),
      ),
    );
  }
  return lines;
}

/** The one log line that stands for every finding when the Checks run carries them as annotations. */
export function checksRunLine(findings: number, checkRunUrl: string | null): string {
  const annotated = findings === 1 ? 'is annotated on its line' : 'are annotated on their lines';
  return `${plural(findings, 'finding')} ${annotated} by the Checks run${checkRunUrl ? `: ${checkRunUrl}` : ''} (not repeated here as workflow commands).`;
}
