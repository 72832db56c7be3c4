import type { LineCounter, Document as YamlDocument } from 'yaml';
import type { Diagnostic, SourceRange } from '../core/diagnostic.js';
import { compareDiagnostics, diagnostic, FILE_START } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import { crossDocumentDiagnostics } from './cross-checks.js';
import { decodeUtf8 } from './decode.js';
import { documentKind, isMapping, shapeOf } from './kind.js';
import { MAX_FILE_BYTES, tooLargeMessage } from './limits.js';
import { createKeptLocator, createLocator, documentStart, FileTrees } from './locate.js';
import { toPlainData } from './plain-data.js';
import { rangeOfNode } from './positions.js';
import { schemaDiagnostics } from './schema-diagnostics.js';
import { validateAgainstSchema } from './schema-validate.js';
import type { Document, LoadResult, SourceFile } from './types.js';
import { findUnsafeKeys } from './unsafe-keys.js';
import { parseYaml } from './yaml-parse.js';

/**
 * Files → documents and findings, with no I/O: the same bytes always give the same result, whether they
 * came from disk or from a git revision.
 */
export function parseFiles(files: readonly SourceFile[]): LoadResult {
  const documents: Document[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    for (const outcome of parseFile(file)) {
      if ('locate' in outcome) documents.push(outcome);
      else diagnostics.push(outcome);
    }
  }
  diagnostics.push(...crossDocumentDiagnostics(documents));
  return {
    documents,
    diagnostics: diagnostics.sort(compareDiagnostics),
    files: [...new Set(files.map((f) => f.path))].sort(),
  };
}

/** A file's documents that passed their own checks, and the findings of those that did not. */
function parseFile(file: SourceFile): (Document | Diagnostic)[] {
  const error = (range: SourceRange, code: string, message: string) => [
    diagnostic('error', file.path, range, code, message),
  ];
  // Files from a git revision never passed readSourceFiles: the same limit applies to them here.
  if (file.bytes.byteLength > MAX_FILE_BYTES) {
    return error(FILE_START, CODES.fileTooLarge, tooLargeMessage(file.bytes.byteLength));
  }
  const decoded = decodeUtf8(file.bytes);
  if (!decoded.ok) {
    const { line, column, offset } = decoded;
    const byte = (file.bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    const message = `not valid UTF-8: byte 0x${byte} at offset ${offset}; save the file as UTF-8`;
    return error({ line, column, endLine: line, endColumn: column + 1 }, CODES.notUtf8, message);
  }
  const text = decoded.text;
  const parsed = parseYaml(file.path, text);
  const source: Source = {
    file: file.path,
    text,
    lineCounter: parsed.lineCounter,
    trees: new FileTrees(text, parsed.lineCounter),
  };
  return [
    ...parsed.diagnostics,
    ...parsed.documents.flatMap(({ doc, index }) => checkDocument(source, doc, index)),
  ];
}

interface Source {
  readonly file: string;
  readonly text: string;
  readonly lineCounter: LineCounter;
  readonly trees: FileTrees;
}

/** One document through its own checks, in order; the first step that fails says why, and it stops there. */
function checkDocument(source: Source, doc: YamlDocument, index: number): (Document | Diagnostic)[] {
  const { file, text, lineCounter } = source;
  const error = (range: SourceRange, code: string, message: string) => [
    diagnostic('error', file, range, code, message),
  ];
  const unsafe = findUnsafeKeys(doc);
  if (unsafe.length > 0) {
    return unsafe.flatMap(({ name, node }) =>
      error(
        rangeOfNode(lineCounter, node, text),
        CODES.unsafeKey,
        `the key \`${name}\` is not allowed: no field has this name, and it could alter object prototypes`,
      ),
    );
  }
  const data = toPlainData(file, doc, lineCounter, text);
  if (!data.ok) return [data.finding];
  const value = data.value;
  if (!isMapping(value)) {
    const message = `a document must be a mapping with \`kind\` (found ${shapeOf(value)})`;
    return error(documentStart(doc, lineCounter, text), CODES.notMapping, message);
  }
  // While the tree is at hand its findings are located in it; the document keeps a locator that does not
  // hold the tree.
  const locateNow = createLocator(doc, lineCounter, text);
  const kind = documentKind(file, value, locateNow);
  if (!kind.ok) return [kind.finding];
  const errors = validateAgainstSchema(kind.kind, value);
  if (errors.length > 0) return schemaDiagnostics(file, kind.kind, value, errors, locateNow);
  const locate = createKeptLocator(doc, index, source.trees);
  const { line, column, endLine, endColumn } = locate([]);
  // The schema has checked the shape, so the value is what the kind's spec type describes.
  const document = {
    kind: kind.kind,
    file,
    index,
    value,
    range: { line, column, endLine, endColumn },
    text,
    locate,
  };
  return [document as unknown as Document];
}
