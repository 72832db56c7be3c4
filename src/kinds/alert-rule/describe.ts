/**
 * How a review describes an alert rule's change, for every face (src/kinds/change-kind.ts): a rule is
 * named by its name alone, as a plan of rules has always read; a generated rule says its objective's
 * urgency and windows, an update or a delete where the rule sits, and an update what it overwrites that
 * was edited outside git. Its own keys in the JSON output follow what every change has.
 */
import type { AlertRuleChange, LiveRuleRef } from '../../model/alert-rule-change.js';
import type { ChangeDescription, ChangeNote } from '../change-kind.js';

export function describeChange(change: AlertRuleChange): ChangeDescription {
  const above: ChangeNote[] = [];
  if (change.objective !== undefined) above.push({ kind: 'objective', source: change.objective });
  // The names are known only to the plan's references: the face shows the placement when they name something.
  if (change.action === 'update' || change.action === 'delete') above.push({ kind: 'placement', change });
  const outside = change.action === 'update' ? (change.outsideEdit ?? []) : [];
  return {
    verb: null,
    noun: null,
    extra: null,
    removes: 'rule',
    above,
    below: outside.length > 0 ? [{ kind: 'outside-edit', fields: outside }] : [],
  };
}

/** A rule's keys in the JSON output (scripts/json-output-reference.mjs lists them from here). */
export function changeJson(c: AlertRuleChange): Record<string, unknown> {
  return {
    // A rule's: its cluster's id.
    clusterId: c.clusterId,
    // The cluster, target and receivers by id and name (name null when not known), as applying leaves them.
    ...(c.references ? { references: c.references } : {}),
    ...(c.referencesBefore ? { referencesBefore: c.referencesBefore } : {}),
    ...(c.objective
      ? {
          // A rule a ServiceLevelObjective generates: the objective's name, the window pair (`1h-5m`) and
          // the urgency (`page` or `ticket`); the change's file and line are the objective's document.
          objective: {
            name: c.objective.objective,
            pair: c.objective.pair,
            urgency: c.objective.urgency,
          },
        }
      : {}),
    ...(c.action === 'update' && c.outsideEdit && c.outsideEdit.length > 0
      ? { outsideEdit: c.outsideEdit }
      : {}),
  };
}

/**
 * A live rule the plan lists without changing it (no document manages it, a ghost, an outdated one), in
 * words: `api-p99 (id, cluster prod-eu (id), state OK)`.
 */
export function liveRuleText(rule: LiveRuleRef): string {
  const cluster = rule.clusterId
    ? `cluster ${rule.clusterName ? `${rule.clusterName} (${rule.clusterId})` : rule.clusterId}`
    : null;
  const where = [rule.id, cluster, `state ${rule.state}`].filter((part) => part !== null).join(', ');
  return `${rule.name} (${where})`;
}
