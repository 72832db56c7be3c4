/**
 * `alert_receivers: [name, …]` is a convenience over `alert_receiver_ids`: names are resolved with the one
 * receivers list of the organization. The service does not declare names unique, so a name that matches
 * several receivers is an error rather than a guess. The same list checks every id of
 * `alert_receiver_ids`: the service refuses a rule naming a receiver the organization does not have (HTTP
 * 400 at apply, after the merge), so the plan says so first, on the id's own line. A name of a receiver this
 * plan creates resolves to a pending reference (`awaits`), never to an id: it has none until apply creates it.
 */

import { type Diagnostic, diagnostic } from '../../core/diagnostic.js';
import type { AlertRuleDocument } from '../../documents/types.js';
import { PLAN_CODES } from '../../model/codes.js';
import { isReceiverToCreate, type PendingReference } from '../../model/pending-reference.js';
import { closestEntries, didYouMeanNames } from '../../names/index.js';
import type { AlertReceiver } from '../../service/types.js';

export interface ResolvedReceivers {
  /** Ids in document order: `alert_receiver_ids` first, then the named receivers; duplicates dropped. */
  readonly ids: readonly string[];
  /** The named receivers this plan creates, in document order: the rule's change awaits them. */
  readonly awaits: readonly PendingReference[];
  readonly diagnostics: readonly Diagnostic[];
}

export function resolveReceivers(
  doc: AlertRuleDocument,
  organizationId: string,
  receivers: readonly AlertReceiver[] | null,
): ResolvedReceivers {
  const ids: string[] = [];
  const awaits: PendingReference[] = [];
  const seen = new Set<string>();
  const add = (id: string): void => {
    if (seen.has(id.toLowerCase())) return;
    seen.add(id.toLowerCase());
    ids.push(id);
  };
  for (const id of doc.value.alert_receiver_ids ?? []) add(id);

  const names = doc.value.alert_receivers ?? [];
  const diagnostics: Diagnostic[] = unknownIds(doc, organizationId, receivers);
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
    return { ids, awaits, diagnostics };
  }
  names.forEach((name, index) => {
    const matches = (receivers ?? []).filter((r) => r.name === name);
    const at = doc.locate(['alert_receivers', index]);
    const match = matches.length === 1 ? matches[0]! : null;
    if (match !== null && isReceiverToCreate(match)) {
      // Names are unique in a document (its schema): each is awaited once.
      awaits.push(match.pending);
    } else if (match !== null) {
      add(match.id);
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
  return { ids, awaits, diagnostics };
}

/**
 * The receiver findings of documents refused before planning (a name of theirs resolves to no single
 * entry): their receivers are still checked, so that one run reports every fault of a document, and they
 * are never planned. A document of an organization whose receivers were not read says nothing more.
 */
export function refusedDocumentReceiverFindings(
  documents: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
  receivers: ReadonlyMap<string, readonly AlertReceiver[]> | null,
): Diagnostic[] {
  return documents.flatMap((doc) => {
    const organizationId = doc.value.organization_id ?? defaultOrganizationId;
    const known = organizationId === null ? undefined : receivers?.get(organizationId);
    if (organizationId === null || known === undefined) return [];
    return resolveReceivers(doc, organizationId, known).diagnostics;
  });
}

/**
 * Each id of `alert_receiver_ids` that is not one of the organization's receivers (compared as uuids are,
 * without regard to case), at its item. Without the list (not read) nothing can be said.
 */
function unknownIds(
  doc: AlertRuleDocument,
  organizationId: string,
  receivers: readonly AlertReceiver[] | null,
): Diagnostic[] {
  if (receivers === null) return [];
  const known = knownIdsOf(receivers);
  const diagnostics: Diagnostic[] = [];
  (doc.value.alert_receiver_ids ?? []).forEach((id, index) => {
    if (known.has(id.toLowerCase())) return;
    diagnostics.push(
      diagnostic(
        'error',
        doc.file,
        doc.locate(['alert_receiver_ids', index]),
        PLAN_CODES.unknownReceiver,
        `No alert receiver has the id ${id} in organization ${organizationId}: the service would refuse this rule. ` +
          `Use the id of one of its receivers, or name one in \`alert_receivers\`.${knownReceivers(receivers)}`,
      ),
    );
  });
  return diagnostics;
}

/** The lower-cased ids of an organization's receivers, made once per list rather than once per rule. */
const knownIds = new WeakMap<readonly AlertReceiver[], ReadonlySet<string>>();

function knownIdsOf(receivers: readonly AlertReceiver[]): ReadonlySet<string> {
  let ids = knownIds.get(receivers);
  if (ids === undefined) {
    // A receiver this plan creates has no id a document could give.
    ids = new Set(receivers.flatMap((r) => (isReceiverToCreate(r) ? [] : [r.id.toLowerCase()])));
    knownIds.set(receivers, ids);
  }
  return ids;
}

/** The receivers an id could have meant, by name and id, capped like knownNames. */
function knownReceivers(receivers: readonly AlertReceiver[]): string {
  if (receivers.length === 0) return ' The organization has no receivers.';
  const sorted = [...receivers].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const shown = sorted
    .slice(0, MAX_NAMES_SHOWN)
    .map((r) => `${r.name} (${isReceiverToCreate(r) ? 'created by this apply' : r.id})`);
  const more = sorted.length > MAX_NAMES_SHOWN ? `, and ${sorted.length - MAX_NAMES_SHOWN} more` : '';
  return ` Its receivers: ${shown.join(', ')}${more}.`;
}

/** Shown names are capped: an organization may have hundreds of receivers, a message should stay readable. */
const MAX_NAMES_SHOWN = 10;

function knownNames(written: string, receivers: readonly AlertReceiver[]): string {
  if (receivers.length === 0) return ' The organization has no receivers.';
  // The closest names as every name kind offers them (names/name-match.ts).
  const closest = closestEntries(written, receivers);
  if (closest.length > 0) return didYouMeanNames(distinctNames(closest));
  const names = [...new Set(receivers.map((r) => r.name))].sort();
  const more = names.length > MAX_NAMES_SHOWN ? `, and ${names.length - MAX_NAMES_SHOWN} more` : '';
  return ` Known receivers: ${names.slice(0, MAX_NAMES_SHOWN).join(', ')}${more}.`;
}

/** Receivers of one name are offered once: their ids are not what a name typo needs. */
function distinctNames(receivers: readonly AlertReceiver[]): { name: string }[] {
  return [...new Set(receivers.map((r) => r.name))].map((name) => ({ name }));
}
