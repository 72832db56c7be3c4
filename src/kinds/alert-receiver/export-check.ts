import { type ExportCheck, refusals, sorted } from '../export-validation.js';

/** What the check reads of an exported receiver's document (export-receivers.ts makes them). */
interface ReceiverFile {
  readonly fileName: string;
  readonly text: string;
  readonly receiverId: string;
  readonly receiverName: string;
}

/**
 * The receivers' documents alike: a receiver the service holds with a blank name, or two of one name,
 * would make validate refuse the whole directory. Their files are read apart from the rules' (their own
 * directory), so they are checked apart.
 */
export function checkExportedReceivers<D extends ReceiverFile>(documents: readonly D[]): ExportCheck<D> {
  const reasons = refusals(documents.map((d) => ({ path: d.fileName, text: d.text })));
  return sorted(
    documents,
    reasons,
    (d) => d.fileName,
    (d) => `alert receiver "${d.receiverName}" (${d.receiverId})`,
  );
}
