/**
 * Field-level comparison of two alert rules' user-owned fields. Equality follows what the service treats
 * as the same rule, so that a plan right after an apply is empty:
 * - receivers are a set (order and case of ids do not matter);
 * - `for_duration` compares as a length of time (PT5M == PT300S);
 * - numbers compare numerically;
 * - an absent `operator` or `function` equals NONE, an absent `threshold` equals null
 *   (docs/decisions/alert-rule-field-defaults.md).
 */

import type { FieldDiff } from '../../model/change.js';
import type { AlertRuleCreationRequest, AlertRuleEditRequest } from '../../service/types.js';
import { sameDuration } from './same-duration.js';

interface FieldRule {
  readonly path: string;
  readonly get: (rule: AlertRuleEditRequest) => unknown;
  readonly equal: (a: unknown, b: unknown) => boolean;
}

const strict = (a: unknown, b: unknown): boolean => a === b;
const enumOrNone = (a: unknown, b: unknown): boolean => (a ?? 'NONE') === (b ?? 'NONE');
const numeric = (a: unknown, b: unknown): boolean =>
  (a ?? null) === (b ?? null) || (typeof a === 'number' && typeof b === 'number' && a === b);
const duration = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' ? sameDuration(a, b) : a === b;
const idSet = (a: unknown, b: unknown): boolean => {
  const x = a as readonly string[];
  const y = b as readonly string[];
  // The common case, the same ids written the same way in the same order, needs no sets.
  if (x.length === y.length && x.every((id, i) => id === y[i])) return true;
  const left = new Set(x.map((id) => id.toLowerCase()));
  const right = new Set(y.map((id) => id.toLowerCase()));
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/** In the order a person reads a rule; the plan's diff and its rendering keep this order. */
const FIELDS: readonly FieldRule[] = [
  { path: 'name', get: (r) => r.name, equal: strict },
  { path: 'description', get: (r) => r.description, equal: strict },
  { path: 'tag', get: (r) => r.tag, equal: strict },
  { path: 'condition.kind', get: (r) => r.condition.kind, equal: strict },
  { path: 'condition.promql', get: (r) => r.condition.promql, equal: strict },
  { path: 'condition.operator', get: (r) => r.condition.operator ?? null, equal: enumOrNone },
  { path: 'condition.threshold', get: (r) => r.condition.threshold ?? null, equal: numeric },
  { path: 'condition.function', get: (r) => r.condition.function ?? null, equal: enumOrNone },
  { path: 'for_duration', get: (r) => r.for_duration, equal: duration },
  { path: 'severity', get: (r) => r.severity, equal: strict },
  { path: 'enabled', get: (r) => r.enabled, equal: strict },
  { path: 'alert_receiver_ids', get: (r) => r.alert_receiver_ids, equal: idSet },
  { path: 'presentation.summary', get: (r) => r.presentation.summary ?? null, equal: strict },
  { path: 'presentation.runbook_url', get: (r) => r.presentation.runbook_url ?? null, equal: strict },
];

/** The fields that differ, `before` from the first rule and `after` from the second; absent values are null. */
export function diffEditFields(before: AlertRuleEditRequest, after: AlertRuleEditRequest): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  for (const field of FIELDS) {
    const a = field.get(before);
    const b = field.get(after);
    if (!field.equal(a, b)) diffs.push({ path: field.path, before: a, after: b });
  }
  return diffs;
}

/**
 * Every field of a rule to be created, as a diff from nothing: what the plan shows for a `+`. Where the
 * rule will live comes first (a reviewer's first question about a new rule), then the fields the document
 * sets; fields left at their empty default (no description, no tag, no presentation) are not listed.
 */
export function fieldsOfNewRule(rule: AlertRuleCreationRequest): FieldDiff[] {
  const placement: FieldDiff[] = [
    { path: 'cluster_id', before: null, after: rule.cluster_id },
    { path: 'target.target_type', before: null, after: rule.target.target_type },
    { path: 'target.target_id', before: null, after: rule.target.target_id },
  ];
  const fields = FIELDS.map((field) => ({ path: field.path, before: null, after: field.get(rule) })).filter(
    (d) => d.after !== null && d.after !== '',
  );
  return [...placement, ...fields];
}

/**
 * A rule's fields as (path, value) pairs, in the diff's order and with the diff's notion of "absent": what
 * a fingerprint of a live rule is made of, so that it names the same fields a diff would.
 */
export function editFieldValues(rule: AlertRuleEditRequest): { path: string; value: unknown }[] {
  return FIELDS.map((field) => {
    const value = field.get(rule);
    // A set of ids: the service may list them in another order.
    if (field.equal === idSet) {
      return {
        path: field.path,
        value: [...(value as readonly string[])].map((id) => id.toLowerCase()).sort(),
      };
    }
    return { path: field.path, value: value ?? null };
  });
}
