/**
 * Deletion only by explicit opt-in, and only for what git managed: a rule is deleted when the document
 * that declared it was removed in the change being applied and no remaining document declares it. A file
 * still in the repository whose documents could not all be read (removed.ts, unreadFiles) removed
 * nothing: what it declared at the base is held, and the plan says why.
 */

import { type Diagnostic, diagnostic, FILE_START } from '../../core/diagnostic.js';
import type { AlertRuleDocument } from '../../documents/types.js';
import type { AlertRuleChange, DeleteChange } from '../../model/alert-rule-change.js';
import { PLAN_CODES } from '../../model/codes.js';
import { fingerprintOf } from './fingerprint.js';
import { identify, type LiveIndex } from './identity.js';
import { withObjective } from './objective-source.js';

export interface PruneInput {
  readonly removed: readonly AlertRuleDocument[];
  readonly liveByOrganization: ReadonlyMap<string, LiveIndex>;
  readonly defaultOrganizationId: string | null;
  /** Ids of live rules that a document at the head revision declares: never deleted. */
  readonly claimed: ReadonlySet<string>;
  readonly prune: boolean;
  /** Files of the head whose documents were not all read: their base documents are held, never deleted. */
  readonly unread: ReadonlySet<string>;
}

/**
 * `held`: ids of the rules an unread file still declares (never deleted, and not "managed by no document"
 * either: the plan does not list them as unmanaged).
 */
export function planDeletes(input: PruneInput): {
  changes: AlertRuleChange[];
  diagnostics: Diagnostic[];
  held: string[];
} {
  const changes: AlertRuleChange[] = [];
  const diagnostics: Diagnostic[] = [];
  const held: string[] = [];
  const deleted = new Set<string>();
  for (const doc of input.removed) {
    const org = doc.value.organization_id ?? input.defaultOrganizationId;
    const live = org === null ? undefined : input.liveByOrganization.get(org);
    if (org === null || live === undefined) continue;
    const identity = identify(doc, org, live);
    // Already gone, or never created: nothing to delete.
    if (identity.kind !== 'existing') continue;
    const rule = identity.rule;
    if (input.claimed.has(rule.id) || deleted.has(rule.id)) continue;
    deleted.add(rule.id);
    if (input.unread.has(doc.file)) {
      held.push(rule.id);
      diagnostics.push(heldInUnreadFile('rule', rule, doc.file));
      continue;
    }
    if (!input.prune) {
      diagnostics.push(keptWithoutPrune('rule', rule, doc.file));
      continue;
    }
    const change: DeleteChange = {
      kind: 'AlertRule',
      action: 'delete',
      id: rule.id,
      against: fingerprintOf(rule),
      name: rule.name,
      organizationId: rule.organization_id,
      clusterId: rule.cluster_id,
      file: doc.file,
      line: doc.range.line,
      diff: [],
    };
    changes.push(withObjective(change, doc));
  }
  return { changes, diagnostics, held };
}

/** The notice for an alert rule or receiver whose document was removed while prune is off: kept, and why. */
export function keptWithoutPrune(
  noun: 'rule' | 'receiver',
  object: { readonly name: string; readonly id: string },
  file: string,
): Diagnostic {
  return diagnostic(
    'notice',
    '',
    FILE_START,
    PLAN_CODES.removedNotPruned,
    `The document for alert ${noun} "${object.name}" (${object.id}) was removed from ${file}; the ${noun} is ` +
      `kept because prune is off (turn on \`prune\` to delete ${noun}s whose documents are removed).`,
  );
}

/**
 * The finding for an alert rule or receiver whose base document's file is still in the repository but
 * could not be read whole: it is not deleted (with or without prune), and the file's own errors say what
 * to fix. A warning: those errors already fail the run.
 */
export function heldInUnreadFile(
  noun: 'rule' | 'receiver',
  object: { readonly name: string; readonly id: string },
  file: string,
): Diagnostic {
  return diagnostic(
    'warning',
    file,
    FILE_START,
    PLAN_CODES.removedHeld,
    `Alert ${noun} "${object.name}" (${object.id}) is not deleted: ${file} declared it at the base revision ` +
      `and is still in the repository, but its documents could not all be read (see the errors in ${file}). ` +
      `A file that is still there removes nothing: fix it, or delete the file to delete the ${noun}.`,
  );
}
