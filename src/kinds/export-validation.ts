/**
 * What each kind's export check shares (alert-rule/export-check.ts, alert-receiver/export-check.ts):
 * `export` never writes a document that `validate` refuses: every exported text goes through the same
 * parse, schema and cross-document checks as a repository's files (two live rules of one name on a
 * cluster, fractional durations, empty or repeated receivers, blank names or queries, two receivers of one
 * name, …). A document with an error is left out and named with the first reasons; the rest are written.
 */
import { duplicatedDocuments } from '../documents/cross-checks.js';
import { parseFiles } from '../documents/parse.js';

export interface ExportCheck<D> {
  readonly valid: D[];
  /** One sentence per document left out. */
  readonly refused: string[];
}

const SHOWN_REASONS = 3;

/** The errors validate finds in each file, by path; every member of a duplicate group has one. */
export function refusals(files: readonly { path: string; text: string }[]): Map<string, string[]> {
  const encoder = new TextEncoder();
  const result = parseFiles(files.map((f) => ({ path: f.path, bytes: encoder.encode(f.text) })));
  const reasons = new Map<string, string[]>();
  for (const finding of result.diagnostics) {
    if (finding.severity !== 'error') continue;
    addReasons(reasons, new Map([[finding.file, [`${finding.code}: ${finding.message}`]]]));
  }
  // A group of duplicates has one finding, on its first document; every member is left out all the same.
  for (const doc of duplicatedDocuments(result.documents)) {
    if (!reasons.has(doc.file)) {
      reasons.set(doc.file, [
        'another exported document has the same id, or the same name (for a rule, on its cluster)',
      ]);
    }
  }
  return reasons;
}

/** A reason found in both forms (a blank name, a duplicate) is said once. */
export function addReasons(into: Map<string, string[]>, from: ReadonlyMap<string, readonly string[]>): void {
  for (const [file, found] of from) {
    const list = into.get(file) ?? [];
    for (const reason of found) if (!list.includes(reason)) list.push(reason);
    into.set(file, list);
  }
}

export function sorted<D>(
  documents: readonly D[],
  reasons: ReadonlyMap<string, readonly string[]>,
  fileOf: (d: D) => string,
  what: (d: D) => string,
): ExportCheck<D> {
  const valid: D[] = [];
  const refused: string[] = [];
  for (const doc of documents) {
    const found = reasons.get(fileOf(doc));
    if (!found) {
      valid.push(doc);
      continue;
    }
    const shown = found.slice(0, SHOWN_REASONS).join('; ');
    const more = found.length > SHOWN_REASONS ? ` (and ${found.length - SHOWN_REASONS} more)` : '';
    refused.push(`${what(doc)} not exported: validate would refuse its document: ${shown}${more}`);
  }
  return { valid, refused };
}
