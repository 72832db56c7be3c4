/** The alert rule as the one pipeline sees it (src/kinds/change-kind.ts): its identity, what it sends, its writes. */
import type { AlertRuleChange, PendingRuleChange } from '../../model/alert-rule-change.js';
import { PLAN_CODES } from '../../model/codes.js';
import type { Kind } from '../change-kind.js';
import { removeConcurrentDuplicates } from './concurrent-duplicates.js';
import { changeJson, describeChange, liveRuleText } from './describe.js';
import { followReceiverRenames, ruleEdits } from './drift-edits.js';
import { ruleMovedSince } from './moved-since.js';
import { ruleFromSaved, savedRule } from './saved-form.js';
import { ruleReady, writeRule } from './write.js';

export const alertRuleKind: Kind<AlertRuleChange> = {
  kind: 'AlertRule',
  noun: 'alert rule',
  plural: 'rules',
  lead: true,
  /** By its name alone, as a plan of rules has always read. */
  label: (name) => name,
  describe: describeChange,
  json: changeJson,
  unmanagedLine: liveRuleText,
  /** Its id; for a create, its cluster and name (what identifies a rule then), lower-cased. */
  key: (change: PendingRuleChange) =>
    change.action === 'create' ? `${change.clusterId}/${change.name}`.toLowerCase() : change.id.toLowerCase(),
  /**
   * Its request, and the receivers it awaits when it does (a rule without any hashes as its request alone,
   * as reviews made before pending references did).
   */
  sent: (change: PendingRuleChange) => {
    if (change.action === 'delete') return null;
    const awaits = change.awaits ?? [];
    return awaits.length === 0 ? change.request : { request: change.request, awaits };
  },
  /** After the receivers' creates and updates, before their deletes. */
  phase: () => 1,
  ready: ruleReady,
  write: (change: PendingRuleChange, client) => writeRule(change, client),
  settle: removeConcurrentDuplicates,
  documentEdits: ruleEdits,
  goneCode: PLAN_CODES.unknownId,
  followRenames: followReceiverRenames,
  saved: savedRule,
  fromSaved: ruleFromSaved,
  movedSince: ruleMovedSince,
};
