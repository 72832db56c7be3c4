/**
 * `export` never writes a document that `validate` refuses: every exported text goes through the same
 * parse, schema and cross-document checks as a repository's files (two live rules of one name on a
 * cluster, fractional durations, empty or repeated receivers, blank names or queries, …). A document with
 * an error is left out and its rule named with the first reasons; the rest are written.
 */
import { duplicatedDocuments } from '../documents/cross-checks.js';
import { parseFiles } from '../documents/parse.js';
import type { ExportedDocument } from './export-documents.js';

export interface ExportCheck {
  readonly valid: ExportedDocument[];
  /** One sentence per rule left out. */
  readonly refused: string[];
}

const SHOWN_REASONS = 3;

export function checkExported(documents: readonly ExportedDocument[]): ExportCheck {
  const encoder = new TextEncoder();
  // The id form: the loader tells rules apart by cluster id, and the names were written from the ids.
  const result = parseFiles(documents.map((d) => ({ path: d.fileName, bytes: encoder.encode(d.idText) })));
  // And the text written, where it names something: a reference form the schema refuses fails there only.
  const named = documents.filter((d) => d.text !== d.idText);
  const written = parseFiles(named.map((d) => ({ path: d.fileName, bytes: encoder.encode(d.text) })));
  const reasons = new Map<string, string[]>();
  for (const finding of [...result.diagnostics, ...written.diagnostics]) {
    if (finding.severity !== 'error') continue;
    const list = reasons.get(finding.file) ?? [];
    const reason = `${finding.code}: ${finding.message}`;
    // A finding of both forms (a blank name, a duplicate) is one reason.
    if (!list.includes(reason)) list.push(reason);
    reasons.set(finding.file, list);
  }
  // A group of duplicates has one finding, on its first document; every member is left out all the same.
  for (const doc of duplicatedDocuments(result.documents)) {
    if (!reasons.has(doc.file)) {
      reasons.set(doc.file, ['another exported rule has the same id, or the same name on its cluster']);
    }
  }
  const valid: ExportedDocument[] = [];
  const refused: string[] = [];
  for (const doc of documents) {
    const found = reasons.get(doc.fileName);
    if (!found) {
      valid.push(doc);
      continue;
    }
    const shown = found.slice(0, SHOWN_REASONS).join('; ');
    const more = found.length > SHOWN_REASONS ? ` (and ${found.length - SHOWN_REASONS} more)` : '';
    refused.push(
      `alert rule "${doc.ruleName}" (${doc.ruleId}) not exported: validate would refuse its document: ${shown}${more}`,
    );
  }
  return { valid, refused };
}
