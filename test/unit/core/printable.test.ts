import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../src/cli/render.js';
import { printable } from '../../../src/core/printable.js';
import { Redactor } from '../../../src/core/redact.js';
import { change, finding, plan, report, result } from '../report/report-factory.js';

const INJECTED = 'x\n::warning file=evil.yaml,line=1::INJECTED\n::stop-commands::pwn';
const ESCAPES = 'a\u001b[2K\u001b[1Arewritten\r\u202eevil\u2066\u200b\u0000';

describe('printable', () => {
  it('shows line breaks, controls, ESC, bidi and invisible characters as visible escapes', () => {
    expect(printable(INJECTED)).toBe(
      'x\\u000a::warning file=evil.yaml,line=1::INJECTED\\u000a::stop-commands::pwn',
    );
    expect(printable(ESCAPES)).toBe('a\\u001b[2K\\u001b[1Arewritten\\u000d\\u202eevil\\u2066\\u200b\\u0000');
  });

  it('a string that starts with `::`, even after blanks, cannot start a workflow command', () => {
    expect(printable('::error::x')).toBe('\\u003a:error::x');
    expect(printable('  ::error::x')).toBe('  \\u003a:error::x');
    expect(printable('a ::b')).toBe('a ::b');
  });

  it('leaves ordinary text, accents, emoji and right-to-left letters alone', () => {
    const text = 'api-p99 é 🚨 שלום {le="0.5"} 100%';
    expect(printable(text)).toBe(text);
  });
});

describe('the text and github forms never let a document start a line', () => {
  const named = { ...change(1, 'create'), name: INJECTED, file: `::error::${ESCAPES}.yaml` };
  const hostile = report({
    command: 'plan',
    plan: plan([named, { ...change(2), name: ESCAPES }]),
    diagnostics: [finding('error', `::x${ESCAPES}.yaml`, 3, `alert rule \`${INJECTED}\` is also defined`)],
    results: [{ ...result(1, false), change: { ...change(1), name: INJECTED }, error: INJECTED }],
    skipped: [INJECTED],
  });

  it.each(['text', 'github'] as const)('--format %s', (format) => {
    const out = renderReport(hostile, {
      format,
      color: format === 'text',
      redactor: new Redactor(),
      policy: {},
    });
    const lines = out.split('\n');
    // The only workflow commands are the findings', each ours from its first character.
    for (const line of lines.filter((l) => l.trimStart().startsWith('::'))) {
      expect(line).toMatch(/^::(error|warning|notice) file=/);
    }
    expect(out).not.toMatch(/^\s*::(warning file=evil|stop-commands)/m);
    expect(out).not.toContain('\u202e');
    expect(out).not.toContain('\u001b[2K');
    expect(out).not.toContain('\r');
    expect(out).toContain('INJECTED');
  });
});
