/**
 * A change's fields as a reviewer reads them: the cluster, the target and the receivers by name, with
 * their ids, wherever the change knows the names (`references`, `referencesBefore`: filled by the plan
 * whichever form the document used). The diff stays the truth of what changes; the references only name
 * its ids, so an id the references do not name is shown as the id, and a change without references reads
 * exactly as its diff. Shared by the Markdown reports (change-markdown.ts) and the terminal (change-text.ts).
 */
import type { AlertRuleChange, NamedId, NamedTarget, RuleReferences } from '../model/alert-rule-change.js';
import type { FieldDiff } from '../model/change.js';
import type { Change } from '../model/types.js';

/** A receivers list changed by an update: who is paged from now on, who no longer is, who still is. */
export interface ReceiversChange {
  readonly added: readonly NamedId[];
  readonly removed: readonly NamedId[];
  readonly kept: readonly NamedId[];
}

export type ChangeField =
  /** A field with no name to show: rendered from its diff, as ever. */
  | { readonly kind: 'field'; readonly diff: FieldDiff }
  /** `cluster_id` of a new (or deleted) rule, by name. */
  | { readonly kind: 'cluster'; readonly cluster: NamedId }
  /** `target.target_type` and `target.target_id` of a new (or deleted) rule, as one named target. */
  | { readonly kind: 'target'; readonly target: NamedTarget }
  /** `alert_receiver_ids` of a new (or deleted) rule, each by name. */
  | { readonly kind: 'receivers'; readonly receivers: readonly NamedId[] }
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
      isIdList(d.before) &&
      isIdList(d.after) &&
      anyNamed(d, named)
    ) {
      fields.push(
        whole
          ? { kind: 'receivers', receivers: idsOf(value(d)).map(named) }
          : { kind: 'receivers-change', change: receiversChange(idsOf(d.before), idsOf(d.after), named) },
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

/** Every receiver the change's references name, by lower-cased id; an id they do not name keeps no name. */
function receiverNames(
  references: RuleReferences,
  before: RuleReferences | undefined,
): (id: string) => NamedId {
  const names = new Map<string, string>();
  for (const r of [...(before?.receivers ?? []), ...references.receivers]) {
    if (hasName(r)) names.set(r.id.toLowerCase(), r.name);
  }
  return (id) => ({ id, name: names.get(id.toLowerCase()) ?? null });
}

function receiversChange(
  before: readonly string[],
  after: readonly string[],
  named: (id: string) => NamedId,
): ReceiversChange {
  const had = new Set(before.map((id) => id.toLowerCase()));
  const has = new Set(after.map((id) => id.toLowerCase()));
  return {
    added: after.filter((id) => !had.has(id.toLowerCase())).map(named),
    removed: before.filter((id) => !has.has(id.toLowerCase())).map(named),
    kept: after.filter((id) => had.has(id.toLowerCase())).map(named),
  };
}

/** Whether the references name any receiver of the diff: with none named, the diff of ids says as much. */
function anyNamed(d: FieldDiff, named: (id: string) => NamedId): boolean {
  return [...idsOf(d.before), ...idsOf(d.after)].some((id) => named(id).name !== null);
}

/** A list of ids, or nothing (the side a create or a delete does not have). */
function isIdList(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return Array.isArray(value) && value.every((id) => typeof id === 'string');
}

function idsOf(value: unknown): string[] {
  return Array.isArray(value) ? (value as string[]) : [];
}
