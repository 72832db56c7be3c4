import type { Document, YAMLError } from 'yaml';
import { isAlias, LineCounter, parseAllDocuments, visit } from 'yaml';
import type { Diagnostic, SourceRange } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import { documentStart } from './locate.js';
import { rangeOfNode, rangeOfOffsets } from './positions.js';

/** A document of a file that parsed without YAML errors and is not empty. */
export interface ParsedYaml {
  readonly doc: Document;
  /** 0-based position of the document within its file (empty documents count). */
  readonly index: number;
}

export interface ParsedFile {
  readonly documents: readonly ParsedYaml[];
  readonly diagnostics: readonly Diagnostic[];
  readonly lineCounter: LineCounter;
}

/**
 * The yaml library's alias limit: an alias-expanding document ("billion laughs") stops with an error
 * instead of exhausting memory. 100 is the library's own default, stated here so that it is a decision.
 */
export const MAX_ALIAS_COUNT = 100;

export function parseYaml(file: string, text: string): ParsedFile {
  const lineCounter = new LineCounter();
  // uniqueKeys: a repeated key is an error (YAML says keys are unique; a silent "last one wins" hides
  // mistakes). strict: report what the spec forbids rather than guessing.
  const docs = parseAllDocuments(text, { lineCounter, uniqueKeys: true, strict: true, prettyErrors: false });
  const diagnostics: Diagnostic[] = [];
  const documents: ParsedYaml[] = [];
  docs.forEach((doc, index) => {
    for (const warning of doc.warnings)
      diagnostics.push(yamlFinding(file, text, lineCounter, warning, 'warning'));
    if (doc.errors.length > 0) {
      for (const error of primaryErrors(doc.errors)) {
        diagnostics.push(yamlFinding(file, text, lineCounter, error, 'error', doc));
      }
      return;
    }
    // A stray `---` at the end of a file makes an empty document: nothing to check, nothing to report.
    if (doc.contents === null || (isEmptyScalar(doc) && !hasExplicitNull(doc, text))) return;
    documents.push({ doc, index });
  });
  const hadErrors = diagnostics.some((d) => d.severity === 'error');
  if (documents.length === 0 && !hadErrors) {
    diagnostics.push(diagnostic('warning', file, firstLine(), CODES.emptyFile, 'no documents in this file'));
  }
  return { documents, diagnostics, lineCounter };
}

/** Converts a document to plain data, or explains why it cannot be (an alias bomb). */
export function toPlainData(
  file: string,
  doc: Document,
  lineCounter: LineCounter,
  text: string,
): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly finding: Diagnostic } {
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    if (error instanceof RangeError) {
      // The stack ran out converting a deeply nested document (the parser itself stops a little earlier).
      const at = documentStart(doc, lineCounter, text);
      return {
        ok: false,
        finding: diagnostic('error', file, at, CODES.yamlSyntax, 'invalid YAML: nested too deeply to read'),
      };
    }
    if (!(error instanceof ReferenceError)) throw error;
    const range = firstAliasRange(doc, lineCounter, text) ?? documentStart(doc, lineCounter, text);
    return {
      ok: false,
      finding: diagnostic(
        'error',
        file,
        range,
        CODES.aliasLimit,
        `aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT} per alias): refused as a resource exhaustion risk`,
      ),
    };
  }
}

function yamlFinding(
  file: string,
  text: string,
  lineCounter: LineCounter,
  error: YAMLError,
  severity: 'error' | 'warning',
  doc?: Document,
): Diagnostic {
  const [start, end] = error.pos;
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
  const reason = error.message.split('\n')[0] ?? error.message;
  switch (error.code) {
    case 'DUPLICATE_KEY': {
      const key = /^[^:\n]*/.exec(text.slice(start))?.[0]?.trim() ?? '';
      const keyRange = key ? rangeOfOffsets(lineCounter, start, start + key.length) : range;
      return diagnostic(
        severity,
        file,
        keyRange,
        CODES.duplicateKey,
        `duplicate key${key ? ` \`${key}\`` : ''}: each key may appear once in a mapping`,
      );
    }
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
 */
function primaryErrors(errors: readonly YAMLError[]): readonly YAMLError[] {
  const tabs = errors.filter((e) => e.code === 'TAB_AS_INDENT');
  if (tabs.length > 0) return tabs;
  // Nesting deep enough to exhaust the stack fails at every level below the limit: the first says it all.
  const tooDeep = errors.find(isTooDeep);
  return tooDeep ? [tooDeep] : errors;
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

function isEmptyScalar(doc: Document): boolean {
  const contents = doc.contents as { value?: unknown } | null;
  return contents !== null && 'value' in (contents ?? {}) && contents.value === null;
}

/** `~` or `null` written out is a (non-mapping) document; an absent body is an empty one. */
function hasExplicitNull(doc: Document, text: string): boolean {
  const range = (doc.contents as { range?: [number, number, number] } | null)?.range;
  return range !== undefined && text.slice(range[0], range[1]).trim() !== '';
}

function firstAliasRange(doc: Document, lineCounter: LineCounter, text: string): SourceRange | null {
  let found: SourceRange | null = null;
  visit(doc, {
    Alias(_, node) {
      if (isAlias(node) && node.range) {
        found = rangeOfNode(lineCounter, node, text);
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

function firstLine(): SourceRange {
  return { line: 1, column: 1, endLine: 1, endColumn: 1 };
}
