import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Redactor } from '../core/redact.js';
import type { PathSegment } from '../documents/types.js';
import type { Violation } from '../service/types.js';
import type { ComponentTarget } from './component-target.js';
import { existingPrefix, formatPath, parseFieldPath } from './field-path.js';

/**
 * One violation as an error on the line a person must edit. The service's message is customer-facing fix
 * text, so it is shown as written (redacted: it may quote a sensitive value back); the code is the
 * service's, and the annotation's title says it in words (src/report/finding-title.ts). When the field is
 * absent we point at its nearest existing parent, and when the path has a form we do not know, at the
 * document's `component` line; both say which path the service meant.
 */
export function violationDiagnostic(
  target: ComponentTarget,
  violation: Violation,
  redactor: Redactor,
): Diagnostic {
  const code = violation.code.trim() || 'component.violation';
  const serviceText =
    violation.message.trim() || `The service reported ${code} for \`${violation.fieldPath}\`.`;
  const path = parseFieldPath(violation.fieldPath);
  let message = serviceText;
  let at: readonly PathSegment[] = [];
  if (path === null) {
    message = `${serviceText} (field path \`${violation.fieldPath}\`, a form this tool cannot place in the document)`;
  } else {
    at = existingPrefix(target.document.value, path);
    if (at.length < path.length)
      message = `${serviceText} (\`${formatPath(path)}\` is not set in this document)`;
  }
  return diagnostic('error', target.document.file, anchor(target, at), code, redactor.redact(message));
}

/** The key at `path`, or the `component` line when nothing of the path exists in the document. */
export function anchor(target: ComponentTarget, path: readonly PathSegment[]) {
  const { line, column, endLine, endColumn } = target.document.locate(path.length > 0 ? path : ['component']);
  return { line, column, endLine, endColumn };
}
