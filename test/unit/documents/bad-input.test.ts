import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, parseFiles } from '../../../src/documents/index.js';
import { brief, parseText, VALID_COMPONENT, VALID_RULE } from './helpers.js';

describe('bad input: every case is a finding with file, line and column, never a crash', () => {
  it('invalid YAML at the line and column where the error is', () => {
    const result = parseText('kind: AlertRule\nname: a: b\n');
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'yaml.syntax', severity: 'error', line: 2, column: 7 },
    ]);
    expect(result.diagnostics[0]?.message).toMatch(/^invalid YAML: /);
    expect(result.documents).toEqual([]);
  });

  it('an unclosed quote at the quote that opens the string, not at the end of the file', () => {
    const result = parseText('kind: AlertRule\ndescription: "never closed\nseverity: HIGH\n');
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'yaml.syntax', severity: 'error', line: 2, column: 14 },
    ]);
  });

  it('a duplicate key at its second occurrence, naming it', () => {
    const result = parseText(`${VALID_RULE}severity: LOW\n`);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'yaml.duplicate-key', severity: 'error', line: 20, column: 1 },
    ]);
    expect(result.diagnostics[0]).toMatchObject({
      endColumn: 9,
      message: expect.stringContaining('`severity`'),
    });
  });

  it('tabs used as indentation, each at its tab, without the errors they cause downstream', () => {
    const result = parseText('kind: AlertRule\ncondition:\n\tkind: CUSTOM\n\tpromql: up\n');
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'yaml.tab', severity: 'error', line: 3, column: 1 },
      { code: 'yaml.tab', severity: 'error', line: 4, column: 1 },
    ]);
  });

  it('a tab inside a value is only a character', () => {
    const result = parseText(ruleWithTabInDescription());
    expect(result.diagnostics).toEqual([]);
    expect(result.documents[0]?.value).toMatchObject({ description: 'a\tb' });
  });

  it.each([
    ['an empty file', ''],
    ['a file of comments', '# nothing yet\n'],
    ['a file of separators', '---\n---\n'],
  ])('%s: a warning "no documents"', (_, text) => {
    const result = parseText(text);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'file.empty',
        severity: 'warning',
        line: 1,
        column: 1,
        file: 'rules.yaml',
      }),
    ]);
    expect(result.files).toEqual(['rules.yaml']);
  });

  it('a trailing separator is not an empty document to report', () => {
    const result = parseText(`${VALID_RULE}---\n`);
    expect(result.diagnostics).toEqual([]);
    expect(result.documents).toHaveLength(1);
  });

  it.each([
    ['a list', '- kind: AlertRule\n', 'found a list', 1, 1],
    ['a string', '---\njust words\n', 'found a string', 2, 1],
    ['an explicit null', '# nothing\n~\n', 'found null', 2, 1],
  ])('a document that is %s', (_, text, found, line, column) => {
    const result = parseText(text);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'document.not-mapping', severity: 'error', line, column },
    ]);
    expect(result.diagnostics[0]?.message).toBe(`a document must be a mapping with \`kind\` (${found})`);
  });

  it('a missing kind at the document start', () => {
    const result = parseText('# a comment\n\nname: x\nseverity: HIGH\n');
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'document.kind-missing', severity: 'error', line: 3, column: 1 },
    ]);
  });

  it('an unknown kind at its value, suggesting the nearest known kind', () => {
    const result = parseText('kind: PlatformComponents\n');
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'document.kind-unknown', severity: 'error', line: 1, column: 7 },
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      'unknown kind `PlatformComponents` — did you mean `PlatformComponent`?',
    );
  });

  it('a kind nothing like a known one lists the known kinds', () => {
    const result = parseText('kind: Deployment\n');
    expect(result.diagnostics[0]?.message).toBe(
      'unknown kind `Deployment`; known kinds: AlertRule, AlertReceiver, PlatformComponent, ServiceLevelObjective',
    );
  });

  it('a BOM and CRLF line ends keep positions right', () => {
    const text = `\uFEFF${VALID_RULE.replace('severity: HIGH', 'severity: SEVERE')}`.replace(/\n/g, '\r\n');
    const result = parseText(text);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'schema.enum', severity: 'error', line: 13, column: 11 },
    ]);
    expect(result.diagnostics[0]).toMatchObject({ endLine: 13, endColumn: 17 });
  });

  it('CRLF values carry no carriage return', () => {
    const result = parseText(VALID_RULE.replace(/\n/g, '\r\n'));
    expect(result.diagnostics).toEqual([]);
    expect(result.documents[0]?.value).toMatchObject({ name: 'api-latency', severity: 'HIGH' });
  });

  it('non-UTF-8 bytes at the line and column of the first bad byte', () => {
    const head = new TextEncoder().encode('kind: AlertRule\nname: caf');
    const bytes = Uint8Array.from([...head, 0xe9, 0x0a]);
    const result = parseFiles([{ path: 'latin1.yaml', bytes }]);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'file.encoding', severity: 'error', line: 2, column: 10 },
    ]);
    expect(result.diagnostics[0]?.message).toContain('byte 0xE9');
  });

  it.each([
    [
      'UTF-16 LE with its byte order mark',
      [0xff, 0xfe, 0x6b, 0x00, 0x69, 0x00],
      'UTF-16 LE (with a byte order mark)',
    ],
    [
      'UTF-16 BE with its byte order mark',
      [0xfe, 0xff, 0x00, 0x6b, 0x00, 0x69],
      'UTF-16 BE (with a byte order mark)',
    ],
    ['UTF-16 LE without one', [0x6b, 0x00, 0x69, 0x00], 'UTF-16 LE (without a byte order mark)'],
    ['UTF-16 BE without one', [0x00, 0x6b, 0x00, 0x69], 'UTF-16 BE (without a byte order mark)'],
    [
      'UTF-32 LE with its byte order mark',
      [0xff, 0xfe, 0x00, 0x00, 0x6b, 0, 0, 0],
      'UTF-32 LE (with a byte order mark)',
    ],
    [
      'UTF-32 BE with its byte order mark',
      [0, 0, 0xfe, 0xff, 0, 0, 0, 0x6b],
      'UTF-32 BE (with a byte order mark)',
    ],
    ['UTF-32 LE without one', [0x6b, 0, 0, 0, 0x69, 0, 0, 0], 'UTF-32 LE (without a byte order mark)'],
    ['UTF-32 BE without one', [0, 0, 0, 0x6b, 0, 0, 0, 0x69], 'UTF-32 BE (without a byte order mark)'],
  ])('%s is an error naming the encoding, at the start of the file', (_, bytes, found) => {
    const result = parseFiles([{ path: 'rules.yaml', bytes: Uint8Array.from(bytes) }]);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'file.encoding', severity: 'error', line: 1, column: 1 },
    ]);
    expect(result.diagnostics[0]?.message).toMatch(
      new RegExp(`^saved as ${found.replace(/[()]/g, '\\$&')}, not UTF-8: `),
    );
  });

  it('a NUL byte is an error at its line and column, after a UTF-8 byte order mark too', () => {
    const bytes = Uint8Array.from([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('kind: AlertRule\nname: é\u0000\n'),
    ]);
    const result = parseFiles([{ path: 'rules.yaml', bytes }]);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'file.encoding', severity: 'error', line: 2, column: 8 },
    ]);
    expect(result.diagnostics[0]?.message).toMatch(/^a NUL byte \(0x00\) at offset 27: /);
  });

  it('one swapped line is one error, where the structure breaks, inside the line', () => {
    // The separator swapped with the last line of the first rule: the stray lines that follow are read as
    // tokens of a broken document (70 errors, at columns past the ends of their lines, before).
    const lines = `${VALID_RULE}---\n${VALID_RULE}`.split('\n');
    const separator = lines.indexOf('---');
    [lines[separator - 1], lines[separator]] = [lines[separator]!, lines[separator - 1]!];
    const result = parseText(lines.join('\n'));
    const syntax = result.diagnostics.filter((d) => d.code === 'yaml.syntax');
    expect(syntax).toHaveLength(1);
    // Line 20 opens the second document indented; line 21 is where its mapping cannot go on.
    expect(syntax.map(brief)).toEqual([{ code: 'yaml.syntax', severity: 'error', line: 21, column: 1 }]);
  });

  test.prop([fc.nat(), fc.constantFrom('swap', 'delete', 'indent', 'quote', 'flow'), fc.boolean()], {
    numRuns: 300,
  })('puts every finding inside the text of the file, whatever line is broken', (at, how, crlf) => {
    const lines = `${VALID_RULE}---\n${VALID_COMPONENT}`.split('\n');
    const i = at % (lines.length - 1);
    if (how === 'swap') [lines[i], lines[i + 1]] = [lines[i + 1]!, lines[i]!];
    if (how === 'delete') lines.splice(i, 1);
    if (how === 'indent') lines[i] = ` ${lines[i]}`;
    if (how === 'quote') lines[i] = `${lines[i]} "`;
    if (how === 'flow') lines[i] = `${lines[i]}: [`;
    const result = parseText(lines.join(crlf ? '\r\n' : '\n'));
    const widthOf = (line: number) => (lines[line - 1] ?? '').length + 1;
    // The lines of the text: a final line break ends the last line, it does not open another.
    if (lines.at(-1) === '') lines.pop();
    for (const d of result.diagnostics) {
      expect(d.line, d.message).toBeGreaterThanOrEqual(1);
      expect(d.line, d.message).toBeLessThanOrEqual(lines.length);
      expect(d.column, d.message).toBeGreaterThanOrEqual(1);
      expect(d.column, d.message).toBeLessThanOrEqual(widthOf(d.line));
      expect(d.endLine ?? d.line, d.message).toBeLessThanOrEqual(lines.length);
      expect(d.endColumn ?? d.column, d.message).toBeLessThanOrEqual(widthOf(d.endLine ?? d.line));
    }
    expect(result.diagnostics.filter((d) => d.code === 'yaml.syntax').length).toBeLessThanOrEqual(2);
  });

  it('an error at the very end of the file is at the end of its last line', () => {
    const result = parseText('kind: AlertRule\nname: [a,\n');
    const [error] = result.diagnostics;
    expect(error?.code).toBe('yaml.syntax');
    expect([error?.line, error?.column, error?.endLine, error?.endColumn]).toEqual([2, 10, 2, 10]);
  });

  it('bytes over 1 MiB (from a git revision, say) are refused with their size', () => {
    const bytes = new Uint8Array(MAX_FILE_BYTES + 1).fill(0x23);
    const result = parseFiles([{ path: 'huge.yaml', bytes }]);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'file.too-large', severity: 'error', line: 1, column: 1 },
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      'file is 1.0 MiB (1,048,577 bytes), over the 1 MiB (1,048,576 bytes) limit: refused',
    );
  });

  it('an alias bomb is stopped by the alias limit and reported, not expanded', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (const name of ['b', 'c', 'd', 'e', 'f', 'g']) {
      const previous = String.fromCharCode(name.charCodeAt(0) - 1);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`);
    }
    const result = parseText(`kind: AlertRule\n${levels.join('\n')}\n`);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'yaml.alias-limit', severity: 'error', line: 3, column: 8 },
    ]);
  });

  it('nesting deep enough to exhaust the stack is one finding, not a crash', () => {
    const depth = 50_000;
    const result = parseText(`kind: AlertRule\nx: ${'['.repeat(depth)}${']'.repeat(depth)}\n`);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      code: 'yaml.syntax',
      line: 2,
      message: 'invalid YAML: nested too deeply to read',
    });
  });

  it('a few aliases are fine', () => {
    const text = `${VALID_RULE.replace('name: api-latency', 'name: &n api-latency\ndescription: *n')}`;
    const result = parseText(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.documents[0]?.value).toMatchObject({ description: 'api-latency' });
  });

  it('a YAML warning (an unknown tag) is reported and the document still checked', () => {
    const result = parseText(VALID_RULE.replace('severity: HIGH', 'severity: !urgent HIGH'));
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'yaml.warning', severity: 'warning', line: 13, column: 11 },
    ]);
    expect(result.diagnostics[0]?.message).toBe('YAML: Unresolved tag: !urgent');
    expect(result.documents).toHaveLength(1);
  });

  it('several documents per file, each checked on its own, with their index', () => {
    const result = parseText(`${VALID_RULE}---\nkind: Nope\n---\n${VALID_COMPONENT}`);
    expect(result.documents.map((d) => [d.kind, d.index])).toEqual([
      ['AlertRule', 0],
      ['PlatformComponent', 2],
    ]);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'document.kind-unknown', severity: 'error', line: 21, column: 7 },
    ]);
  });

  it('a YAML error in one document leaves the others of the file alone', () => {
    const result = parseText(`${VALID_RULE}---\nkind: AlertRule\nname: [unclosed\n`);
    expect(result.documents).toHaveLength(1);
    expect(result.diagnostics.every((d) => d.code === 'yaml.syntax' && d.line > 20)).toBe(true);
  });
});

function ruleWithTabInDescription(): string {
  return VALID_RULE.replace('name: api-latency', 'name: api-latency\ndescription: "a\tb"');
}
