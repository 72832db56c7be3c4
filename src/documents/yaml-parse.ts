import type { Document, LineCounter, YAMLError } from 'yaml';
import { Composer, isScalar, Parser, parseAllDocuments, visit } from 'yaml';
import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic, FILE_START } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import { rangeOfOffsets } from './positions.js';
import { quoteSource } from './quote.js';

/** A document of a file that parsed without YAML errors and is not empty. */
export interface ParsedYaml {
  readonly doc: Document;
  /** 0-based position of the document within its file (empty documents count). */
  readonly index: number;
}

// uniqueKeys off: the library's check is quadratic in a mapping's size; findKeyProblems (keys.ts) checks
// the same in one pass, after aliases are resolved. strict: report what the spec forbids, not guesses.
const OPTIONS = { uniqueKeys: false, strict: true, prettyErrors: false } as const;

/**
 * Parses a file's documents one at a time and hands each that parsed without errors (and is not empty) to
 * `check` before the next is composed: a document's tree then lives only while it is checked, not until
 * the whole file is (parseAllDocuments composes every document of a file first; this is the same Parser
 * and Composer, driven one document at a time). `check` returns false to check no further document; the
 * rest of the file is still parsed for its YAML findings, which are returned. `lineCounter` learns every
 * line of the file first, from the text: the parser tells it only of the line breaks of the tokens it
 * reads, and after an error it reads the rest of a document as tokens spanning lines it never reports, so
 * that later positions landed past the end of their line.
 */
export function parseYaml(
  file: string,
  text: string,
  lineCounter: LineCounter,
  check: (parsed: ParsedYaml) => boolean,
): Diagnostic[] {
  const composer = new Composer(OPTIONS);
  const diagnostics: Diagnostic[] = [];
  let index = 0;
  let checking = true;
  let found = false;
  countLines(text, lineCounter);
  for (const doc of composer.compose(new Parser().parse(text))) {
    const at = index++;
    for (const warning of doc.warnings) {
      diagnostics.push(yamlFinding(file, lineCounter, text, warning, 'warning'));
    }
    if (doc.errors.length > 0) {
      for (const error of primaryErrors(doc.errors)) {
        diagnostics.push(yamlFinding(file, lineCounter, text, error, 'error', doc));
      }
      continue;
    }
    // A stray `---` at the end of a file makes an empty document: nothing to check, nothing to report.
    if (isAbsent(doc, text)) continue;
    found = true;
    if (checking) checking = check({ doc, index: at });
  }
  const hadErrors = diagnostics.some((d) => d.severity === 'error');
  if (!found && !hadErrors) {
    diagnostics.push(diagnostic('warning', file, FILE_START, CODES.emptyFile, 'no documents in this file'));
  }
  return diagnostics;
}

/** Tells `lineCounter` where each line of `text` starts (line breaks are LF alone here: see parse.ts). */
function countLines(text: string, lineCounter: LineCounter): void {
  lineCounter.addNewLine(0);
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1);
}

/**
 * The same file's trees again, node for node as `parseYaml` made them (same text, same options), indexed
 * like `ParsedYaml.index`. For looking up positions after the first trees were let go.
 */
export function parseTreesAgain(text: string): readonly Document[] {
  const docs = parseAllDocuments(text, OPTIONS);
  return Array.isArray(docs) ? docs : [];
}

function yamlFinding(
  file: string,
  lineCounter: LineCounter,
  text: string,
  error: YAMLError,
  severity: 'error' | 'warning',
  doc?: Document,
): Diagnostic {
  // An error at the end of the file has its end one past the last character, on a line after the last
  // when the file ends with a line break: it is put at the end of the last line, as an editor shows it.
  const last = text.length - (text.endsWith('\r\n') ? 2 : text.endsWith('\n') ? 1 : 0);
  const start = Math.min(error.pos[0], last);
  const end = Math.min(Math.max(start, error.pos[1]), last);
  const range = rangeOfOffsets(lineCounter, start, end);
  const unclosed = error.code === 'MISSING_CHAR' && doc ? unclosedQuoteStart(doc, start) : null;
  if (unclosed !== null) {
    // The library notices a missing quote where the file ends; the place to fix is where the string opens.
    const at = rangeOfOffsets(lineCounter, unclosed, unclosed + 1);
    return diagnostic(
      severity,
      file,
      at,
      CODES.yamlSyntax,
      `invalid YAML: this quoted string is never closed`,
    );
  }
  const reason = quoteSource(error.message.split('\n')[0] ?? error.message);
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return diagnostic(
        severity,
        file,
        range,
        CODES.tabIndent,
        'tab used for indentation: YAML indents with spaces',
      );
    default:
      if (isTooDeep(error)) {
        return diagnostic(severity, file, range, CODES.yamlSyntax, 'invalid YAML: nested too deeply to read');
      }
      return severity === 'warning'
        ? diagnostic(severity, file, range, CODES.yamlWarning, `YAML: ${reason}`)
        : diagnostic(severity, file, range, CODES.yamlSyntax, `invalid YAML: ${reason}`);
  }
}

/**
 * Tabs used as indentation scramble the structure, and the errors that follow from it (duplicate keys,
 * bad indentation) only confuse: report the tabs alone, like a compiler stops at the first real cause.
 * Otherwise the document's first error alone: once the parser has lost the structure (two lines swapped,
 * a key out of place) it reads the rest of the document as stray tokens, one error each, every one a
 * consequence of the first (70 errors for one swapped line of a rule).
 */
function primaryErrors(errors: readonly YAMLError[]): readonly YAMLError[] {
  const tabs = errors.filter((e) => e.code === 'TAB_AS_INDENT');
  if (tabs.length > 0) return tabs;
  // Nesting deep enough to exhaust the stack fails at every level below the limit: the first says it all.
  const tooDeep = errors.find(isTooDeep);
  if (tooDeep) return [tooDeep];
  const first = errors.reduce((a, b) => (b.pos[0] < a.pos[0] ? b : a));
  return [first];
}

function isTooDeep(error: YAMLError): boolean {
  return error.message.includes('Maximum call stack size exceeded');
}

/** Start offset of the quoted scalar that runs up to `errorOffset` without its closing quote, if any. */
function unclosedQuoteStart(doc: Document, errorOffset: number): number | null {
  let found: number | null = null;
  visit(doc, {
    Scalar(_, node) {
      const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
      if (quoted && node.range && node.range[0] < errorOffset && node.range[1] >= errorOffset) {
        found = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** `---` with nothing after it: no node was written (an explicit `~` or `null` is a written node). */
function isAbsent(doc: Document, text: string): boolean {
  const contents = doc.contents;
  if (contents === null) return true;
  if (!isScalar(contents) || contents.value !== null) return false;
  const [start, end] = contents.range ?? [0, 0];
  return text.slice(start, end).trim() === '';
}
