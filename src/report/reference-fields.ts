/**
 * A change's fields as a reviewer reads them: the cluster, the target and the receivers by name, with
 * their ids, wherever the change knows the names (`references`, `referencesBefore`: filled by the plan
 * whichever form the document used). The diff stays the truth of what changes; the references only name
 * its ids, so an id the references do not name is shown as the id, and a change without references reads
 * exactly as its diff. A receiver the same apply creates is in the diff's list as a pending reference (it
 * has no id yet), shown by its name. Shared by the Markdown reports (change-markdown.ts) and the terminal
 * (change-text.ts).
 */
import {
  type AlertRuleChange,
  isPendingNamed,
  type NamedId,
  type NamedTarget,
  type ReceiverReference,
  type RuleReferences,
} from '../model/alert-rule-change.js';
import type { FieldDiff } from '../model/change.js';
import { isPendingReference, type PendingReference, pendingKey } from '../model/pending-reference.js';
import type { Change } from '../model/types.js';

/** A receivers list changed by an update: who is paged from now on, who no longer is, who still is. */
export interface ReceiversChange {
  readonly added: readonly ReceiverReference[];
  readonly removed: readonly ReceiverReference[];
  readonly kept: readonly ReceiverReference[];
}

export type ChangeField =
  /** A field with no name to show: rendered from its diff, as ever. */
  | { readonly kind: 'field'; readonly diff: FieldDiff }
  /** `cluster_id` of a new (or deleted) rule, by name. */
  | { readonly kind: 'cluster'; readonly cluster: NamedId }
  /** `target.target_type` and `target.target_id` of a new (or deleted) rule, as one named target. */
  | { readonly kind: 'target'; readonly target: NamedTarget }
  /** `alert_receiver_ids` of a new (or deleted) rule, each by name. */
  | { readonly kind: 'receivers'; readonly receivers: readonly ReceiverReference[] }
  /** `alert_receiver_ids` of an update: receivers added and removed, by name. */
  | { readonly kind: 'receivers-change'; readonly change: ReceiversChange };

/** The diff of `change` in reading order, its reference fields by name when the change knows them. */
export function changeFields(change: Change): ChangeField[] {
  // Only a change that references other objects by id (a rule's) has names to show; any other reads as its diff.
  const references = 'references' in change ? change.references : undefined;
  if (references === undefined) return change.diff.map((diff) => ({ kind: 'field', diff }));
  const whole = change.action === 'create' || change.action === 'delete';
  const value = (d: FieldDiff): unknown => (change.action === 'delete' ? d.before : d.after);
  const named = receiverNames(references, 'referencesBefore' in change ? change.referencesBefore : undefined);
  const targetType = change.diff.find((d) => d.path === 'target.target_type');
  const targetId = change.diff.find((d) => d.path === 'target.target_id');
  const target =
    whole && targetId
      ? namedTarget(references.target, value(targetId), targetType && value(targetType))
      : null;

  const fields: ChangeField[] = [];
  for (const d of change.diff) {
    if (d.path === 'cluster_id' && whole) {
      const cluster = sameId(references.cluster, value(d));
      fields.push(cluster ? { kind: 'cluster', cluster } : { kind: 'field', diff: d });
    } else if (target && (d.path === 'target.target_type' || d.path === 'target.target_id')) {
      // One line for the two fields, where the first of them stood.
      if (!fields.some((f) => f.kind === 'target')) fields.push({ kind: 'target', target });
    } else if (
      d.path === 'alert_receiver_ids' &&
      isReceiverList(d.before) &&
      isReceiverList(d.after) &&
      anyNamed(d, named)
    ) {
      fields.push(
        whole
          ? { kind: 'receivers', receivers: itemsOf(value(d)).map(named) }
          : {
              kind: 'receivers-change',
              change: receiversChange(itemsOf(d.before), itemsOf(d.after), named),
            },
      );
    } else {
      fields.push({ kind: 'field', diff: d });
    }
  }
  return fields;
}

/**
 * Where an update's or a delete's rule sits, for the line under its heading: its diff does not carry the
 * cluster and target (they cannot change), and a reviewer still asks which service an alert watches. Null
 * when no name is known: the ids alone would repeat what the rule's id already finds.
 */
export function changePlacement(
  change: AlertRuleChange,
): { readonly target: NamedTarget | null; readonly cluster: NamedId | null } | null {
  if (change.action !== 'update' && change.action !== 'delete') return null;
  const references = change.references;
  if (references === undefined) return null;
  const known = (n: NamedId | null): boolean => n !== null && hasName(n);
  if (!known(references.target) && !known(references.cluster)) return null;
  // A CLUSTER target on its own cluster says the cluster once.
  const cluster =
    references.target?.type === 'CLUSTER' && sameId(references.cluster, references.target.id) !== null
      ? null
      : references.cluster;
  return { target: references.target, cluster };
}

/** A name a reader can use: present and not blank. */
export function hasName(n: NamedId): n is NamedId & { readonly name: string } {
  return n.name !== null && n.name.trim() !== '';
}

function namedTarget(target: NamedTarget | null, id: unknown, type: unknown): NamedTarget | null {
  const same = sameId(target, id);
  if (same === null || target === null || !hasName(target)) return null;
  return { ...target, type: typeof type === 'string' ? type : target.type };
}

/** The reference when it names `id` (uuids compare without case) and has a name, else null. */
function sameId<T extends NamedId>(reference: T | null, id: unknown): T | null {
  if (reference === null || typeof id !== 'string') return null;
  return reference.id.toLowerCase() === id.toLowerCase() && hasName(reference) ? reference : null;
}

/** An item of a diff's receivers list: an id, or a receiver the same apply creates (no id yet). */
type ReceiverItem = string | PendingReference;

/**
 * Every receiver the change's references name, by lower-cased id; an id they do not name keeps no name. A
 * receiver the same apply creates is named by its reference.
 */
function receiverNames(
  references: RuleReferences,
  before: RuleReferences | undefined,
): (item: ReceiverItem) => ReceiverReference {
  const names = new Map<string, string>();
  for (const r of [...(before?.receivers ?? []), ...references.receivers]) {
    if (!isPendingNamed(r) && hasName(r)) names.set(r.id.toLowerCase(), r.name);
  }
  return (item) =>
    typeof item === 'string'
      ? { id: item, name: names.get(item.toLowerCase()) ?? null }
      : { id: null, name: item.name, pending: true };
}

/** Items compare as their ids do (without case), a receiver to be created by its kind, organization and name. */
function itemKey(item: ReceiverItem): string {
  return typeof item === 'string' ? item.toLowerCase() : pendingKey(item);
}

function receiversChange(
  before: readonly ReceiverItem[],
  after: readonly ReceiverItem[],
  named: (item: ReceiverItem) => ReceiverReference,
): ReceiversChange {
  const had = new Set(before.map(itemKey));
  const has = new Set(after.map(itemKey));
  return {
    added: after.filter((item) => !had.has(itemKey(item))).map(named),
    removed: before.filter((item) => !has.has(itemKey(item))).map(named),
    kept: after.filter((item) => had.has(itemKey(item))).map(named),
  };
}

/** Whether the references name any receiver of the diff: with none named, the diff of ids says as much. */
function anyNamed(d: FieldDiff, named: (item: ReceiverItem) => ReceiverReference): boolean {
  return [...itemsOf(d.before), ...itemsOf(d.after)].some((item) => named(item).name !== null);
}

/** A list of receivers, or nothing (the side a create or a delete does not have). */
function isReceiverList(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return Array.isArray(value) && value.every((item) => typeof item === 'string' || isPendingReference(item));
}

function itemsOf(value: unknown): ReceiverItem[] {
  return Array.isArray(value) ? (value as ReceiverItem[]) : [];
}
