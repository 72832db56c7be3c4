import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostic.js';
import { diagnostic } from '../../../src/core/diagnostic.js';
import { countLine, formatDiagnosticsText } from '../../../src/report/diagnostics-text.js';

const at = (line: number, column: number) => ({ line, column, endLine: line, endColumn: column + 1 });
const findings: Diagnostic[] = [
  diagnostic('error', 'alerting/api.yaml', at(13, 11), 'schema.enum', '`severity` must be one of LOW, HIGH'),
  diagnostic('error', '', at(1, 1), 'file.not-found', 'path not found: missing'),
  diagnostic('warning', 'empty.yaml', at(1, 1), 'file.empty', 'no documents in this file'),
];

describe('formatDiagnosticsText', () => {
  it('prints compiler-style lines and a count line', () => {
    expect(formatDiagnosticsText(findings, { color: false })).toBe(
      [
        'alerting/api.yaml:13:11: error: `severity` must be one of LOW, HIGH [schema.enum]',
        'error: path not found: missing [file.not-found]',
        'empty.yaml:1:1: warning: no documents in this file [file.empty]',
        '2 errors, 1 warning',
        '',
      ].join('\n'),
    );
  });

  it('colours the place and the severity only when asked', () => {
    const text = formatDiagnosticsText(findings.slice(0, 1), { color: true });
    expect(text).toBe(
      '\u001b[1malerting/api.yaml:13:11\u001b[0m: \u001b[31merror\u001b[0m: `severity` must be one of LOW, HIGH [schema.enum]\n1 error, 0 warnings\n',
    );
  });

  it('escapes control characters that a document put into a message', () => {
    const hostile = diagnostic(
      'error',
      'a.yaml',
      at(1, 1),
      'schema.unknown-field',
      'unknown field `\u001b[2Jx\r`',
    );
    const text = formatDiagnosticsText([hostile], { color: false });
    expect(text).toContain('unknown field `\\u001b[2Jx\\u000d`');
    expect(text.split('\n')[0]).not.toMatch(/[\u0000-\u001f]/);
  });

  it('counts notices only when there are some, and says zero plainly', () => {
    expect(countLine([])).toBe('0 errors, 0 warnings');
    expect(countLine([diagnostic('notice', 'a', at(1, 1), 'x', 'y')])).toBe('0 errors, 0 warnings, 1 notice');
  });
});
