/**
 * A receiver is deleted only when no live rule names it once this apply's rule changes are written:
 * the service would otherwise leave rules paging nobody (or refuse). Every live rule counts, managed from
 * git or not. A delete that fails this is an error, so nothing at all is written.
 */
import { type Diagnostic, diagnostic, FILE_START } from '../../core/diagnostic.js';
import type { ReceiverChange } from '../../model/alert-receiver-change.js';
import type { AlertRuleChange } from '../../model/alert-rule-change.js';
import { PLAN_CODES } from '../../model/codes.js';
import type { LiveAlertRule } from '../../service/types.js';
import { sameId } from '../alert-rule/normalize.js';
import { keptWithoutPrune } from '../alert-rule/prune.js';
import type { KeptReceiver } from './plan-changes.js';

export function receiversStillUsed(
  receivers: readonly ReceiverChange[],
  liveRules: ReadonlyMap<string, readonly LiveAlertRule[]>,
  ruleChanges: readonly AlertRuleChange[],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const change of receivers) {
    if (change.action !== 'delete') continue;
    const live = liveRules.get(change.organizationId);
    if (live === undefined) {
      diagnostics.push(
        diagnostic(
          'error',
          '',
          FILE_START,
          PLAN_CODES.receiverInUse,
          `Alert receiver "${change.name}" (${change.id}) is not deleted: the alert rules of organization ` +
            `${change.organizationId} could not be read, so whether a rule still names it is not known. Nothing is written.`,
        ),
      );
      continue;
    }
    const users = rulesNamingAfter(change.id, live, ruleChanges);
    if (users.length === 0) continue;
    diagnostics.push(
      diagnostic(
        'error',
        '',
        FILE_START,
        PLAN_CODES.receiverInUse,
        `Alert receiver "${change.name}" (${change.id}), whose document was removed from ${change.file}, is still ` +
          `named by ${usersText(users)} after this apply. ` +
          'Nothing is written: remove the receiver from those rules first (in git, or in the console for a rule ' +
          'git does not manage), or keep its document.',
      ),
    );
  }
  return diagnostics;
}

/**
 * The notice for each receiver whose document was removed while prune is off: kept, and, when rules still
 * name it once the rule changes are written, that a prune would be refused and by which rules, so that a
 * plan says before the apply what `--prune` (the `prune` input) would meet.
 */
export function keptReceiverNotices(
  kept: readonly KeptReceiver[],
  liveRules: ReadonlyMap<string, readonly LiveAlertRule[]>,
  ruleChanges: readonly AlertRuleChange[],
): Diagnostic[] {
  return kept.map((receiver) => {
    const notice = keptWithoutPrune('receiver', receiver, receiver.file);
    const live = liveRules.get(receiver.organizationId);
    const users = live === undefined ? [] : rulesNamingAfter(receiver.id, live, ruleChanges);
    if (users.length === 0) return notice;
    return {
      ...notice,
      message:
        `${notice.message} With prune, its delete would be refused (${PLAN_CODES.receiverInUse}): ` +
        `${usersText(users)} still ${users.length === 1 ? 'names' : 'name'} it; remove it from ` +
        `${users.length === 1 ? 'that rule' : 'those rules'} first.`,
    };
  });
}

function usersText(users: readonly { name: string; id: string }[]): string {
  const named = users.map((r) => `"${r.name}" (${r.id})`).join(', ');
  return `${users.length === 1 ? 'alert rule' : `${users.length} alert rules`} ${named}`;
}

/** The rules that name `receiverId` once the rule changes are written (a new rule has no id yet). */
function rulesNamingAfter(
  receiverId: string,
  live: readonly LiveAlertRule[],
  ruleChanges: readonly AlertRuleChange[],
): { name: string; id: string }[] {
  const byId = new Map(ruleChanges.flatMap((c) => (c.id === null ? [] : [[c.id.toLowerCase(), c] as const])));
  const names = (ids: readonly string[]) => ids.some((id) => sameId(id, receiverId));
  const users: { name: string; id: string }[] = [];
  for (const rule of live) {
    if (rule.source !== 'MANAGED') continue;
    const change = byId.get(rule.id.toLowerCase());
    if (change?.action === 'delete') continue;
    const ids = change?.action === 'update' ? change.request.alert_receiver_ids : rule.alert_receiver_ids;
    if (names(ids))
      users.push({ name: change?.action === 'update' ? change.request.name : rule.name, id: rule.id });
  }
  for (const change of ruleChanges) {
    if (change.action === 'create' && names(change.request.alert_receiver_ids)) {
      users.push({ name: change.name, id: 'to be created' });
    }
  }
  return users;
}
