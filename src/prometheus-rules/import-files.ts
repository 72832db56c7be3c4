/**
 * The files `import` writes, and what validate says of them: one per group, or, for a group whose
 * documents do not fit the size a file `validate` reads (MAX_FILE_BYTES), numbered parts in the order of
 * its rules (`latency-part-1.yaml`, `latency-part-2.yaml`, …; of one width, `part-01` … `part-46`), each
 * as full as stays under it. The same rules give the same files. Pure.
 */
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { formatSize, MAX_FILE_BYTES } from '../documents/limits.js';
import { parseFiles } from '../documents/parse.js';
import { slug } from '../kinds/alert-rule/export-documents.js';
import { RULES_IO_CODES } from './codes.js';
import type { SourceGroup, SourceRule } from './read-rules.js';

/** The first line of every file import writes: a later import may overwrite such a file, nothing else. */
export const IMPORTED_MARK = '# Imported from Prometheus rules by platform-gitops import';

export interface ImportedFile {
  readonly fileName: string;
  readonly text: string;
  readonly source: string;
  readonly group: string;
  readonly documents: number;
  /** Which part of its group, when the group is written as several files. */
  readonly part?: { readonly index: number; readonly of: number };
}

/** A rule's document, and the rule it was mapped from. */
export interface MappedDocument {
  readonly rule: SourceRule;
  readonly text: string;
}

/** Where a rule's document starts in the file written: validation findings are told back to the rule. */
export interface Placed {
  readonly file: string;
  readonly startLine: number;
  readonly rule: SourceRule;
}

export interface GroupFiles {
  readonly files: ImportedFile[];
  readonly placed: Placed[];
  /** A notice that the group was split, at the group, or null when it is one file. */
  readonly split: Diagnostic | null;
}

const encoder = new TextEncoder();

/**
 * The files of `group`, their names made unique in `taken` (case-insensitive file systems see "A" and "a"
 * as one file: collisions are suffixed -2, -3, …). `limit` is the per-file limit (a parameter for tests).
 */
export function groupFiles(
  group: SourceGroup,
  documents: readonly MappedDocument[],
  taken: Set<string>,
  limit = MAX_FILE_BYTES,
): GroupFiles {
  if (documents.length === 0) return { files: [], placed: [], split: null };
  const header = (part: string) => `${IMPORTED_MARK}: ${group.file}, group "${group.name}"${part}.\n`;
  // Room for the longest header a part can have, so that no part goes over once it is numbered.
  const budget = limit - encoder.encode(header(`, part ${documents.length} of ${documents.length}`)).length;
  const chunks = pack(documents, budget);
  // A group exported from a document file is named by its path (alerting/api.yaml → alerting-api.yaml).
  const base = slug(group.name.replace(/\.ya?ml$/i, ''));
  const files: ImportedFile[] = [];
  const placed: Placed[] = [];
  // Numbers of one width (part-01 … part-46), so that the files sort in the order of their rules.
  const width = String(chunks.length).length;
  chunks.forEach((chunk, i) => {
    const numbered = chunks.length > 1;
    const number = String(i + 1).padStart(width, '0');
    const fileName = uniqueFileName(numbered ? `${base}-part-${number}` : base, taken);
    const texts: string[] = [];
    let line = 2;
    for (const doc of chunk) {
      const separator = texts.length > 0 ? '---\n' : '';
      line += separator ? 1 : 0;
      placed.push({ file: fileName, startLine: line, rule: doc.rule });
      texts.push(separator + doc.text);
      line += countLines(doc.text);
    }
    files.push({
      fileName,
      text: header(numbered ? `, part ${i + 1} of ${chunks.length}` : '') + texts.join(''),
      source: group.file,
      group: group.name,
      documents: chunk.length,
      ...(numbered ? { part: { index: i + 1, of: chunks.length } } : {}),
    });
  });
  return { files, placed, split: files.length > 1 ? splitNotice(group, files, limit) : null };
}

/** The bytes of the `---` line between two documents of a file. */
const SEPARATOR = 4;

/** The documents in order, in as few runs as each fits `budget` bytes (a document alone over it is a run). */
function pack(documents: readonly MappedDocument[], budget: number): MappedDocument[][] {
  const chunks: MappedDocument[][] = [];
  let current: MappedDocument[] = [];
  let bytes = 0;
  for (const doc of documents) {
    const size = encoder.encode(doc.text).length;
    if (current.length > 0 && bytes + SEPARATOR + size > budget) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    bytes += (current.length > 0 ? SEPARATOR : 0) + size;
    current.push(doc);
  }
  chunks.push(current);
  return chunks;
}

function splitNotice(group: SourceGroup, files: readonly ImportedFile[], limit: number): Diagnostic {
  return diagnostic(
    'notice',
    group.file,
    group.at,
    RULES_IO_CODES.splitGroup,
    `group "${group.name}" is written as ${files.length} files, ${files[0]!.fileName} to ` +
      `${files.at(-1)!.fileName}, in the order of its rules: one file would be over the ` +
      `${formatSize(limit)} a file validate reads`,
  );
}

function countLines(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

function uniqueFileName(base: string, taken: Set<string>): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  taken.add(candidate);
  return `${candidate}.yaml`;
}

/**
 * Every written document through validate's own parse and schema checks. What fails is a
 * value the rule file holds that the service's rule cannot (a blank name, …): reported at the rule's line.
 * PromQL errors are reported above, on the expression.
 */
export function validationFindings(files: readonly ImportedFile[], placed: readonly Placed[]): Diagnostic[] {
  const encoder = new TextEncoder();
  // Each file alone: the documents' names are distinct (names.ts) and they carry no id, so the checks
  // across documents have nothing to find between files, and only one file's trees are held at a time
  // (100 000 rules at once held some 2 GiB).
  const found = files.flatMap(
    (f) => parseFiles([{ path: f.fileName, bytes: encoder.encode(f.text) }]).diagnostics,
  );
  // The documents of each file in line order: a finding's rule is found by a binary search, not a scan.
  const byFile = new Map<string, Placed[]>();
  for (const p of placed) {
    const list = byFile.get(p.file);
    if (list) list.push(p);
    else byFile.set(p.file, [p]);
  }
  const findings: Diagnostic[] = [];
  for (const finding of found) {
    if (finding.severity !== 'error') continue;
    const rule = ownerOf(byFile.get(finding.file) ?? [], finding.line)?.rule;
    findings.push(
      rule
        ? diagnostic(
            'error',
            rule.file,
            rule.at,
            RULES_IO_CODES.invalidRule,
            `${rule.name}: the imported document would not validate (${finding.code}: ${finding.message})`,
          )
        : finding,
    );
  }
  return findings;
}

/** The last document of `inFile` (in line order) that starts at or before `line`. */
function ownerOf(inFile: readonly Placed[], line: number): Placed | undefined {
  let [low, high] = [0, inFile.length - 1];
  let found: Placed | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (inFile[middle]!.startLine <= line) {
      found = inFile[middle];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
