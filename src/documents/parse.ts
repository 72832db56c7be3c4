import type { Diagnostic } from '../core/diagnostic.js';
import { compareDiagnostics, diagnostic, FILE_START } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import { crossDocumentDiagnostics } from './cross-checks.js';
import { decodeUtf8 } from './decode.js';
import { documentKind, isMapping, shapeOf } from './kind.js';
import { MAX_FILE_BYTES, tooLargeMessage } from './limits.js';
import { createLocator, documentStart } from './locate.js';
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
    const result = parseFile(file);
    documents.push(...result.documents);
    diagnostics.push(...result.diagnostics);
  }
  diagnostics.push(...crossDocumentDiagnostics(documents));
  return {
    documents,
    diagnostics: diagnostics.sort(compareDiagnostics),
    files: [...new Set(files.map((f) => f.path))].sort(),
  };
}

function parseFile(file: SourceFile): { documents: Document[]; diagnostics: Diagnostic[] } {
  // Files from a git revision never passed readSourceFiles: the same limit applies to them here.
  if (file.bytes.byteLength > MAX_FILE_BYTES) {
    const finding = diagnostic(
      'error',
      file.path,
      FILE_START,
      CODES.fileTooLarge,
      tooLargeMessage(file.bytes.byteLength),
    );
    return { documents: [], diagnostics: [finding] };
  }
  const decoded = decodeUtf8(file.bytes);
  if (!decoded.ok) {
    const byte = file.bytes[decoded.offset] ?? 0;
    const at = {
      line: decoded.line,
      column: decoded.column,
      endLine: decoded.line,
      endColumn: decoded.column + 1,
    };
    const message = `not valid UTF-8: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} at offset ${decoded.offset}; save the file as UTF-8`;
    return { documents: [], diagnostics: [diagnostic('error', file.path, at, CODES.notUtf8, message)] };
  }
  const text = decoded.text;
  const parsed = parseYaml(file.path, text);
  const diagnostics = [...parsed.diagnostics];
  const documents: Document[] = [];
  for (const { doc, index } of parsed.documents) {
    const locate = createLocator(doc, parsed.lineCounter, text);
    const unsafe = findUnsafeKeys(doc);
    if (unsafe.length > 0) {
      for (const { name, node } of unsafe) {
        const message = `the key \`${name}\` is not allowed: no field has this name, and it could alter object prototypes`;
        diagnostics.push(
          diagnostic(
            'error',
            file.path,
            rangeOfNode(parsed.lineCounter, node, text),
            CODES.unsafeKey,
            message,
          ),
        );
      }
      continue;
    }
    const data = toPlainData(file.path, doc, parsed.lineCounter, text);
    if (!data.ok) {
      diagnostics.push(data.finding);
      continue;
    }
    const value = data.value;
    if (!isMapping(value)) {
      const message = `a document must be a mapping with \`kind\` (found ${shapeOf(value)})`;
      diagnostics.push(
        diagnostic(
          'error',
          file.path,
          documentStart(doc, parsed.lineCounter, text),
          CODES.notMapping,
          message,
        ),
      );
      continue;
    }
    const kind = documentKind(file.path, value, locate);
    if (!kind.ok) {
      diagnostics.push(kind.finding);
      continue;
    }
    const errors = validateAgainstSchema(kind.kind, value);
    if (errors.length > 0) {
      diagnostics.push(...schemaDiagnostics(file.path, kind.kind, value, errors, locate));
      continue;
    }
    // The schema has checked the shape, so the value is what the kind's spec type describes.
    const { line, column, endLine, endColumn } = locate([]);
    const range = { line, column, endLine, endColumn };
    documents.push({ kind: kind.kind, file: file.path, index, value, range, locate } as unknown as Document);
  }
  return { documents, diagnostics };
}
