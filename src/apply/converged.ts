/**
 * Did the service store what we sent? The write's own response answers it: no extra read is spent.
 * The same equality as the plan's diff, so "converged" here means "the next plan shows no change".
 */
import { diffEditFields } from '../plan/diff.js';
import { editFieldsOfLive, sameId, sameTarget } from '../plan/normalize.js';
import type { FieldDiff } from '../plan/types.js';
import type { AlertRuleCreationRequest, AlertRuleEditRequest, ManagedAlertRule } from '../service/types.js';

/** Fields the service stored differently (before = sent, after = stored); empty when converged. */
export function storedDifferently(
  sent: AlertRuleEditRequest | AlertRuleCreationRequest,
  stored: ManagedAlertRule,
): FieldDiff[] {
  const diffs = diffEditFields(sent, editFieldsOfLive(stored));
  if ('target' in sent) {
    if (!sameId(sent.organization_id, stored.organization_id)) {
      diffs.push({ path: 'organization_id', before: sent.organization_id, after: stored.organization_id });
    }
    if (!sameId(sent.cluster_id, stored.cluster_id)) {
      diffs.push({ path: 'cluster_id', before: sent.cluster_id, after: stored.cluster_id });
    }
    if (!sameTarget(sent.target, stored.target)) {
      diffs.push({ path: 'target', before: sent.target, after: stored.target });
    }
  }
  return diffs;
}
