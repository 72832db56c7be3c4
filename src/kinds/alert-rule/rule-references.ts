/**
 * Every alert rule's change's references by id and name (`references`, and an update's `referencesBefore`):
 * what the reports and the JSON output show, whichever form the document used. The ids are those the
 * change writes (or the live rule keeps), then the receivers it awaits (created by the same apply: by name,
 * no id yet); the names come from the lists the run read (name-book.ts). Other
 * kinds' changes pass through as they are: only a rule references a cluster, a target and receivers.
 */

import type { AlertRuleChange, RuleReferences } from '../../model/alert-rule-change.js';
import type { NameBook } from '../../model/name-book.js';
import type { PendingReference } from '../../model/pending-reference.js';
import { type Change, changesOfKind, type Plan } from '../../model/types.js';
import type { AlertTarget, LiveAlertRule, ManagedAlertRule } from '../../service/types.js';

export function withReferences(
  plan: Plan,
  live: ReadonlyMap<string, readonly LiveAlertRule[]>,
  names: NameBook,
): Plan {
  const byId = new Map<string, ManagedAlertRule>();
  for (const rules of live.values()) {
    for (const rule of rules) if (rule.source === 'MANAGED') byId.set(rule.id.toLowerCase(), rule);
  }
  const of = (
    clusterId: string,
    target: AlertTarget,
    receiverIds: readonly string[],
    awaits: readonly PendingReference[] = [],
  ): RuleReferences => ({
    cluster: names.cluster(clusterId),
    target: names.target(target),
    receivers: [
      ...receiverIds.map((id) => names.receiver(id)),
      ...awaits.map((a) => ({ id: null, name: a.name, pending: true }) as const),
    ],
  });
  const ofLive = (rule: ManagedAlertRule) => of(rule.cluster_id, rule.target, rule.alert_receiver_ids);
  const changes = plan.changes.map((change): Change => {
    if (change.kind !== 'AlertRule') return change;
    if (change.action === 'create') {
      const { request } = change;
      const references = of(request.cluster_id, request.target, request.alert_receiver_ids, change.awaits);
      return { ...change, references };
    }
    const rule = byId.get(change.id.toLowerCase());
    if (rule === undefined) return change;
    if (change.action === 'update') {
      const after = of(rule.cluster_id, rule.target, change.request.alert_receiver_ids, change.awaits);
      return { ...change, references: after, referencesBefore: ofLive(rule) };
    }
    return { ...change, references: ofLive(rule) };
  });
  return { ...plan, changes };
}

/**
 * A saved plan's changes with the references of the same changes made again (`apply --plan`, once the file
 * is found to be the plan the documents give): the file holds ids only, the reports show names too. A
 * change is matched by its rule's id, or for a create by its organization, cluster and name.
 */
export function referencesFrom(plan: Plan, again: Plan): Plan {
  const key = (c: AlertRuleChange) =>
    c.action === 'create'
      ? `new:${c.organizationId}:${c.clusterId.toLowerCase()}:${c.name}`
      : `${c.action}:${c.id.toLowerCase()}`;
  const byKey = new Map(changesOfKind(again.changes, 'AlertRule').map((c) => [key(c), c]));
  const changes = plan.changes.map((change): Change => {
    if (change.kind !== 'AlertRule') return change;
    const made = byKey.get(key(change));
    if (made?.references === undefined) return change;
    return {
      ...change,
      references: made.references,
      ...(made.referencesBefore ? { referencesBefore: made.referencesBefore } : {}),
    };
  });
  return { ...plan, changes };
}
