/**
 * A rule that pages a receiver this apply creates awaits it (a pending reference, never an id in its
 * request: src/model/pending-reference.ts). Its diff shows `alert_receiver_ids` as applying leaves it: the
 * request's ids, then each awaited receiver, where apply sends the id its create returns (write.ts,
 * ruleReady). The reports read those by name, `created by this apply`.
 */
import type { FieldDiff } from '../../model/change.js';
import type { PendingReference } from '../../model/pending-reference.js';
import type { AlertRuleEditRequest } from '../../service/types.js';
import { editFieldValues } from './fields.js';

/**
 * The diff with the awaited receivers in its `alert_receiver_ids`; as it is when none are awaited. `live`:
 * the live rule's ids (an update), null for a create.
 */
export function withAwaitedReceivers(
  diff: FieldDiff[],
  request: AlertRuleEditRequest,
  live: readonly string[] | null,
  awaits: readonly PendingReference[],
): FieldDiff[] {
  if (awaits.length === 0) return diff;
  const entry: FieldDiff = {
    path: 'alert_receiver_ids',
    before: live,
    after: [...request.alert_receiver_ids, ...awaits],
  };
  if (diff.some((d) => d.path === entry.path)) return diff.map((d) => (d.path === entry.path ? entry : d));
  // An update whose ids alone are the live rule's: the receivers differ all the same (one is not created
  // yet), so the field joins the diff in its reading order.
  const order = editFieldValues(request).map((field) => field.path);
  return [...diff, entry].sort((a, b) => order.indexOf(a.path) - order.indexOf(b.path));
}
