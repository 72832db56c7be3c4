/**
 * `alert_receivers: [name, …]` is a convenience over `alert_receiver_ids`: names are resolved with the one
 * receivers list of the organization. The service does not declare names unique, so a name that matches
 * several receivers is an error rather than a guess.
 */

import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { nearestName } from '../core/nearest-name.js';
import type { AlertRuleDocument } from '../documents/types.js';
import type { AlertReceiver } from '../service/types.js';
import { PLAN_CODES } from './codes.js';

export interface ResolvedReceivers {
  /** Ids in document order: `alert_receiver_ids` first, then the named receivers; duplicates dropped. */
  readonly ids: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

export function resolveReceivers(
  doc: AlertRuleDocument,
  organizationId: string,
  receivers: readonly AlertReceiver[] | null,
): ResolvedReceivers {
  const ids: string[] = [];
  const seen = new Set<string>();
  const add = (id: string): void => {
    if (seen.has(id.toLowerCase())) return;
    seen.add(id.toLowerCase());
    ids.push(id);
  };
  for (const id of doc.value.alert_receiver_ids ?? []) add(id);

  const names = doc.value.alert_receivers ?? [];
  const diagnostics: Diagnostic[] = [];
  if (names.length > 0 && receivers === null) {
    diagnostics.push(
      diagnostic(
        'error',
        doc.file,
        doc.locate(['alert_receivers']),
        PLAN_CODES.receiversUnavailable,
        `Receiver names cannot be resolved: the receivers of organization ${organizationId} could not be read. ` +
          'Use `alert_receiver_ids`, or run again when the service answers.',
      ),
    );
    return { ids, diagnostics };
  }
  names.forEach((name, index) => {
    const matches = (receivers ?? []).filter((r) => r.name === name);
    const at = doc.locate(['alert_receivers', index]);
    if (matches.length === 1) {
      add(matches[0]!.id);
    } else if (matches.length === 0) {
      diagnostics.push(
        diagnostic(
          'error',
          doc.file,
          at,
          PLAN_CODES.unknownReceiver,
          `No alert receiver is named "${name}" in organization ${organizationId}.${knownNames(name, receivers ?? [])}`,
        ),
      );
    } else {
      diagnostics.push(
        diagnostic(
          'error',
          doc.file,
          at,
          PLAN_CODES.ambiguousReceiver,
          `${matches.length} alert receivers are named "${name}" (${matches.map((r) => r.id).join(', ')}): ` +
            'list the one you mean in `alert_receiver_ids` instead.',
        ),
      );
    }
  });
  return { ids, diagnostics };
}

/** Shown names are capped: an organization may have hundreds of receivers, a message should stay readable. */
const MAX_NAMES_SHOWN = 10;

function knownNames(written: string, receivers: readonly AlertReceiver[]): string {
  if (receivers.length === 0) return ' The organization has no receivers.';
  const names = [...new Set(receivers.map((r) => r.name))].sort();
  const nearest = nearestName(written, names);
  if (nearest !== null) return ` Did you mean "${nearest}"?`;
  const more = names.length > MAX_NAMES_SHOWN ? `, and ${names.length - MAX_NAMES_SHOWN} more` : '';
  return ` Known receivers: ${names.slice(0, MAX_NAMES_SHOWN).join(', ')}${more}.`;
}
