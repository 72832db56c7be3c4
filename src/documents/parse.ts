import { LineCounter, type Document as YamlDocument } from 'yaml';
import type { Diagnostic, SourceRange } from '../core/diagnostic.js';
import { compareDiagnostics, diagnostic, FILE_START } from '../core/diagnostic.js';
import type { QueryDocument } from '../promql/query-document.js';
import { CONDITION_OPERATORS } from '../service/types.js';
import { CODES } from './codes.js';
import { thresholdFindings } from './condition-threshold.js';
import { crossDocumentDiagnostics } from './cross-checks.js';
import { decodeUtf8, positionOf } from './decode.js';
import { foreignEncoding, foreignEncodingMessage, nulByteMessage } from './encoding.js';
import { keyProblemFinding } from './key-findings.js';
import { findKeyProblems } from './keys.js';
import { documentKind, isMapping, shapeOf } from './kind.js';
import {
  capFindings,
  MAX_FILE_BYTES,
  MAX_RUN_DOCUMENTS,
  runTooLargeMessage,
  tooLargeMessage,
  tooManyDocumentsMessage,
  withinRunBytes,
} from './limits.js';
import { createKeptLocator, createLocator, documentStart, FileTrees, type Locator } from './locate.js';
import { expandObjective } from './objective-expand.js';
import { toPlainData } from './plain-data.js';
import { rangeOfNode } from './positions.js';
import { receiverDocumentFindings } from './receiver-secrets.js';
import { referenceFormDiagnostics } from './reference-forms.js';
import { schemaDiagnostics } from './schema-diagnostics.js';
import { validateAgainstSchema } from './schema-validate.js';
import type {
  Document,
  DocumentKind,
  LoadResult,
  ServiceLevelObjectiveDocument,
  SourceFile,
} from './types.js';
import { parseYaml } from './yaml-parse.js';

/**
 * Files → documents and findings, with no I/O: the same bytes always give the same result, whether they
 * came from disk or from a git revision.
 */
export function parseFiles(files: readonly SourceFile[], maxDocuments = MAX_RUN_DOCUMENTS): LoadResult {
  const documents: Document[] = [];
  const diagnostics: Diagnostic[] = [];
  const refusedQueries: QueryDocument[] = [];
  const objectives: ServiceLevelObjectiveDocument[] = [];
  const indicatorQueries: QueryDocument[] = [];
  // Files from a git revision never passed readSourceFiles: the run's byte limit applies to them here.
  const sized = files.map((file) => ({ file, size: file.bytes.byteLength }));
  const { kept, over } = withinRunBytes(sized);
  if (over !== null) {
    const message = runTooLargeMessage(over.total, sized.length - kept.length);
    diagnostics.push(diagnostic('error', over.file.file.path, FILE_START, CODES.runTooLarge, message));
  }
  const budget = { documents: maxDocuments, limit: maxDocuments };
  for (const { file } of kept) {
    for (const outcome of parseFile(file, budget)) {
      if ('refused' in outcome) refusedQueries.push(outcome.refused);
      else if ('locate' in outcome && outcome.kind === 'ServiceLevelObjective') {
        // An objective is planned as the alert rules it generates (docs/decisions/service-level-objectives.md).
        const expanded = expandObjective(outcome);
        objectives.push(outcome);
        documents.push(...expanded.rules);
        diagnostics.push(...expanded.findings);
        indicatorQueries.push(...expanded.queries);
      } else if ('locate' in outcome) documents.push(outcome);
      else diagnostics.push(outcome);
    }
    if (budget.documents < 0) break;
  }
  diagnostics.push(...crossDocumentDiagnostics(documents));
  return {
    documents,
    diagnostics: capFindings(diagnostics.sort(compareDiagnostics)),
    files: [...new Set(files.map((f) => f.path))].sort(),
    ...(refusedQueries.length > 0 ? { refusedQueries } : {}),
    ...(objectives.length > 0 ? { objectives, indicatorQueries } : {}),
  };
}

/** A file's documents that passed their own checks, and the findings of those that did not. */
function parseFile(file: SourceFile, budget: { documents: number; readonly limit: number }): Outcome[] {
  const error = (range: SourceRange, code: string, message: string) => [
    diagnostic('error', file.path, range, code, message),
  ];
  // Files from a git revision never passed readSourceFiles: the same limit applies to them here.
  if (file.bytes.byteLength > MAX_FILE_BYTES) {
    return error(FILE_START, CODES.fileTooLarge, tooLargeMessage(file.bytes.byteLength));
  }
  const foreign = foreignEncoding(file.bytes);
  if (foreign !== null) return error(FILE_START, CODES.notUtf8, foreignEncodingMessage(foreign));
  const decoded = decodeUtf8(file.bytes);
  if (!decoded.ok) {
    const { line, column, offset } = decoded;
    const byte = (file.bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    const message = `not valid UTF-8: byte 0x${byte} at offset ${offset}; save the file as UTF-8`;
    return error({ line, column, endLine: line, endColumn: column + 1 }, CODES.notUtf8, message);
  }
  const nul = file.bytes.indexOf(0x00);
  if (nul !== -1) {
    const { line, column } = positionOf(decoded.text, decoded.text.indexOf('\u0000'));
    return error({ line, column, endLine: line, endColumn: column + 1 }, CODES.notUtf8, nulByteMessage(nul));
  }
  const text = normalizeLineBreaks(decoded.text);
  const lineCounter = new LineCounter();
  const source: Source = { file: file.path, text, lineCounter, trees: new FileTrees(text, lineCounter) };
  const outcomes: Outcome[] = [];
  const yamlFindings = parseYaml(file.path, text, lineCounter, ({ doc, index }) => {
    if (--budget.documents < 0) {
      const at = documentStart(doc, lineCounter, text);
      outcomes.push(
        diagnostic('error', file.path, at, CODES.runTooManyDocuments, tooManyDocumentsMessage(budget.limit)),
      );
      return false;
    }
    outcomes.push(...checkDocument(source, doc, index));
    return true;
  });
  return [...yamlFindings, ...outcomes];
}

/**
 * What YAML allows and the yaml library does not read, made readable without moving any offset (so every
 * position stays that of the file). A lone CR ends a line (YAML 1.2 §5.4; old Mac files): it becomes LF,
 * one character for one. A BOM may open every document of a stream (§9.1.1), not only the first: one
 * right after a line break that starts a document is dropped (positions on that line then count from
 * after it, as editors show it).
 */
export function normalizeLineBreaks(text: string): string {
  const lf = text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
  return lf.includes('\uFEFF') ? lf.replace(DOCUMENT_BOM, '$1$2') : lf;
}

/** A BOM at the start of a line that begins with `---`, or on the line after a `---` or `...` marker. */
const DOCUMENT_BOM = /(\n)\uFEFF(?=---|%)|(\n(?:---|\.\.\.)[ \t]*\r?\n)\uFEFF/g;

interface Source {
  readonly file: string;
  readonly text: string;
  readonly lineCounter: LineCounter;
  readonly trees: FileTrees;
}

/** A document's outcome: the document, a finding, or a refused rule whose query is still to be checked. */
type Outcome = Document | ServiceLevelObjectiveDocument | Diagnostic | RefusedQuery;

interface RefusedQuery {
  readonly refused: QueryDocument;
}

/**
 * One document through its own checks. The steps that tell what the document is (keys, plain data, a
 * mapping, its kind) stop at the first that fails: nothing after them could be read. The rest are
 * independent and all reported at once (docs/decisions/document-loading.md): schema errors, and with a
 * valid shape its reference forms, receiver fields and threshold; an alert rule's query is checked even
 * when the rest of its document is refused, so that fixing one fault does not reveal the next.
 */
function checkDocument(source: Source, doc: YamlDocument, index: number): Outcome[] {
  const { file, text, lineCounter } = source;
  const error = (range: SourceRange, code: string, message: string) => [
    diagnostic('error', file, range, code, message),
  ];
  const keyProblems = findKeyProblems(doc);
  if (keyProblems.length > 0) {
    return keyProblems.map((problem) =>
      keyProblemFinding(file, rangeOfNode(lineCounter, problem.node, text), problem),
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
  const findings =
    errors.length > 0
      ? [
          ...schemaDiagnostics(file, kind.kind, value, errors, locateNow),
          // It reads the data, not the shape: a schema error elsewhere does not hide it. One in the condition
          // may be the same fault (`treshold:` is the missing threshold): that one is said alone.
          ...(kind.kind === 'AlertRule' && !errors.some((e) => e.instancePath.startsWith('/condition'))
            ? thresholdFindings(file, value, locateNow)
            : []),
        ]
      : shapedDocumentFindings(file, kind.kind, value, locateNow);
  const locate = createKeptLocator(doc, index, source.trees);
  if (findings.length > 0) {
    const refused = kind.kind === 'AlertRule' ? refusedQuery(file, text, value, locate) : null;
    return refused === null ? findings : [...findings, { refused }];
  }
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

/** The checks that read a document of a valid shape, each independent of the others. */
function shapedDocumentFindings(
  file: string,
  kind: DocumentKind,
  value: Readonly<Record<string, unknown>>,
  locate: Locator,
): Diagnostic[] {
  const forms = referenceFormDiagnostics(file, kind, value, locate);
  if (kind === 'AlertReceiver') return [...forms, ...receiverDocumentFindings(file, value, locate)];
  if (kind === 'AlertRule') return [...forms, ...thresholdFindings(file, value, locate)];
  return forms;
}

/** The operators the PromQL checks weigh a query against; another value is the schema's finding to make. */
const OPERATORS: ReadonlySet<unknown> = new Set(CONDITION_OPERATORS);

/**
 * A refused alert rule as the PromQL checks read it, when its query is a string and its operator one they
 * know (or absent): a misspelt operator would make them warn about a comparison nobody wrote.
 */
function refusedQuery(
  file: string,
  text: string,
  value: Readonly<Record<string, unknown>>,
  locate: Locator,
): QueryDocument | null {
  const condition = value.condition;
  if (!isMapping(condition)) return null;
  const { promql, operator } = condition as Record<string, unknown>;
  if (typeof promql !== 'string' || promql.trim() === '') return null;
  if (operator !== undefined && !OPERATORS.has(operator)) return null;
  return {
    kind: 'AlertRule',
    file,
    text,
    value: { condition: { promql, operator: operator as string | undefined } },
    locate,
  };
}
