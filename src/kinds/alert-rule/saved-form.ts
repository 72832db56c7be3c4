/**
 * A rule's change as the saved plan holds it (src/plan/plan-file.ts): what its write sends, the receivers
 * created by the same apply it awaits (only when it does), its place, and the live rule it was planned
 * against. Its references, objective and outside edits are what a reviewer reads: apply takes them from
 * the plan made again, never from the file.
 */
import type { PendingRuleChange } from '../../model/alert-rule-change.js';
import type { LiveFingerprint } from '../../model/change.js';
import type { PendingReference } from '../../model/pending-reference.js';
import type { AlertRuleCreationRequest, AlertRuleEditRequest } from '../../service/types.js';

interface SavedRuleBase {
  readonly kind: 'AlertRule';
  readonly name: string;
  readonly organizationId: string;
  readonly clusterId: string | null;
  readonly file: string;
  readonly line: number;
}

/** A rule's pending change as the file holds it: what it sends and what it was planned against. */
export type SavedRuleChange =
  | (SavedRuleBase & {
      readonly action: 'create';
      readonly clusterId: string;
      readonly request: AlertRuleCreationRequest;
      readonly awaits?: readonly PendingReference[];
      readonly against: null;
    })
  | (SavedRuleBase & {
      readonly action: 'update';
      readonly id: string;
      readonly request: AlertRuleEditRequest;
      readonly awaits?: readonly PendingReference[];
      readonly against: LiveFingerprint;
    })
  | (SavedRuleBase & { readonly action: 'delete'; readonly id: string; readonly against: LiveFingerprint });

// The saved plan's union of forms is the kinds' own: each declares its form here (src/kinds/change-kind.ts).
declare module '../change-kind.js' {
  interface SavedForms {
    readonly AlertRule: SavedRuleChange;
  }
}

/** The change as the file holds it, its fields in the file's order (a file is compared field by field). */
export function savedRule(change: PendingRuleChange): SavedRuleChange {
  const base = {
    kind: change.kind,
    name: change.name,
    organizationId: change.organizationId,
    clusterId: change.clusterId,
    file: change.file,
    line: change.line,
  };
  // After the request: a file edited there is refused naming the request's field first, what the write sends.
  const awaits = change.action !== 'delete' && change.awaits?.length ? { awaits: change.awaits } : {};
  switch (change.action) {
    case 'create':
      return {
        ...base,
        action: 'create',
        clusterId: change.clusterId,
        request: change.request,
        ...awaits,
        against: null,
      };
    case 'update':
      return {
        ...base,
        action: 'update',
        id: change.id,
        request: change.request,
        ...awaits,
        against: change.against,
      };
    case 'delete':
      return { ...base, action: 'delete', id: change.id, against: change.against };
  }
}

/** The change apply takes back from the file: no diff (it was shown when the plan was made), a create no id. */
export function ruleFromSaved(saved: SavedRuleChange): PendingRuleChange {
  return saved.action === 'create' ? { diff: [], ...saved, id: null } : { diff: [], ...saved };
}
