/**
 * Which live receiver an AlertReceiver document manages: the one its `id` names, else the one of its name in
 * its organization (none: a create). An id that names no receiver, or a name several receivers share, is an
 * error on that key.
 */
import { type Diagnostic, diagnostic } from '../../core/diagnostic.js';
import type { AlertReceiverDocument } from '../../documents/types.js';
import { PLAN_CODES } from '../../model/codes.js';
import type { AlertReceiver } from '../../service/types.js';
import { sameId } from '../alert-rule/normalize.js';

export type FoundReceiver = { readonly receiver: AlertReceiver | null } | { readonly error: Diagnostic };

export function identifyReceiver(
  doc: AlertReceiverDocument,
  organizationId: string,
  live: readonly AlertReceiver[],
): FoundReceiver {
  const { id, name } = doc.value;
  if (id !== undefined) {
    const receiver = live.find((r) => sameId(r.id, id));
    if (receiver) return { receiver };
    return {
      error: diagnostic(
        'error',
        doc.file,
        doc.locate(['id'], 'value'),
        PLAN_CODES.receiverNotFound,
        `No alert receiver has the id ${id} in organization ${organizationId}: remove \`id\` to create the ` +
          'receiver, or give the id of one of its receivers.',
      ),
    };
  }
  const matches = live.filter((r) => r.name === name);
  if (matches.length <= 1) return { receiver: matches[0] ?? null };
  return {
    error: diagnostic(
      'error',
      doc.file,
      doc.locate(['name'], 'value'),
      PLAN_CODES.ambiguousReceiver,
      `${matches.length} alert receivers are named "${name}" in organization ${organizationId} ` +
        `(${matches.map((r) => r.id).join(', ')}): add the \`id\` of the one this document manages.`,
    ),
  };
}
