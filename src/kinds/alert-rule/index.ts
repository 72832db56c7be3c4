/** The alert rule as the one pipeline sees it (src/kinds/kind.ts): its identity, what it sends, its writes. */
import type { AlertRuleChange, PendingRuleChange } from '../../model/alert-rule-change.js';
import type { Kind } from '../change-kind.js';
import { removeConcurrentDuplicates } from './concurrent-duplicates.js';
import { ruleReady, writeRule } from './write.js';

export const alertRuleKind: Kind<AlertRuleChange> = {
  kind: 'AlertRule',
  noun: 'alert rule',
  /** Its id; for a create, its cluster and name (what identifies a rule then), lower-cased. */
  key: (change: PendingRuleChange) =>
    change.action === 'create' ? `${change.clusterId}/${change.name}`.toLowerCase() : change.id.toLowerCase(),
  sent: (change: PendingRuleChange) => (change.action === 'delete' ? null : change.request),
  /** After the receivers' creates and updates, before their deletes. */
  phase: () => 1,
  ready: ruleReady,
  write: (change: PendingRuleChange, client) => writeRule(change, client),
  settle: removeConcurrentDuplicates,
};
