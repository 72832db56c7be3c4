/** The rules' exported documents, checked as `validate` would check them (../export-validation.ts). */
import { addReasons, type ExportCheck, refusals, sorted } from '../export-validation.js';
import type { ExportedDocument } from './export-documents.js';

export function checkExported(documents: readonly ExportedDocument[]): ExportCheck<ExportedDocument> {
  // The id form: the loader tells rules apart by cluster id, and the names were written from the ids.
  const reasons = refusals(documents.map((d) => ({ path: d.fileName, text: d.idText })));
  // And the text written, where it names something: a reference form the schema refuses fails there only.
  const named = documents.filter((d) => d.text !== d.idText);
  addReasons(reasons, refusals(named.map((d) => ({ path: d.fileName, text: d.text }))));
  return sorted(
    documents,
    reasons,
    (d) => d.fileName,
    (d) => `alert rule "${d.ruleName}" (${d.ruleId})`,
  );
}
