/** How much a finding matters. `error` fails the run; `warning` and `notice` inform. */
export type Severity = 'error' | 'warning' | 'notice';

/** A span in a source file. Lines and columns are 1-based; the end is exclusive (like an editor selection). */
export interface SourceRange {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/**
 * One finding, tied to a place a person can open. Every layer (load, validate, plan, resolve, apply)
 * reports through this one shape; reporters decide how to show it.
 */
export interface Diagnostic extends SourceRange {
  readonly severity: Severity;
  /** Repository-relative path with `/` separators; `''` when the finding belongs to no file. */
  readonly file: string;
  /** Stable machine code, e.g. `yaml.syntax`, `schema.required`, `plan.immutable-field`, a service violation code. */
  readonly code: string;
  /** What is wrong and, where we know it, how to fix it. Never contains a secret. */
  readonly message: string;
  /** Short title for an annotation; defaults to the code's (src/report/finding-title.ts). */
  readonly title?: string;
}

export const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { error: 0, warning: 1, notice: 2 };

/** The range used when a finding has no better place: the first character of the file. */
export const FILE_START: SourceRange = { line: 1, column: 1, endLine: 1, endColumn: 1 };

export function diagnostic(
  severity: Severity,
  file: string,
  range: SourceRange,
  code: string,
  message: string,
  title?: string,
): Diagnostic {
  const { line, column, endLine, endColumn } = range;
  return title === undefined
    ? { severity, file, line, column, endLine, endColumn, code, message }
    : { severity, file, line, column, endLine, endColumn, code, message, title };
}

/** Most important first: errors, then warnings, then notices; within a level by file and position. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    a.file.localeCompare(b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    a.code.localeCompare(b.code)
  );
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
