/**
 * Did the service store what we sent? The write's own response answers it: no extra read is spent.
 * The same equality as the plan's diff, so "converged" here means "the next plan shows no change".
 */

import type { FieldDiff } from '../../model/change.js';
import type {
  AlertRuleCreationRequest,
  AlertRuleEditRequest,
  ManagedAlertRule,
} from '../../service/types.js';
import { diffEditFields } from './fields.js';
import { editFieldsOfLive, sameId } from './normalize.js';

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
    // Leaf paths, as the plan names them: a reader sees which part differs, never a whole object.
    if (sent.target.target_type !== stored.target.target_type) {
      diffs.push({
        path: 'target.target_type',
        before: sent.target.target_type,
        after: stored.target.target_type,
      });
    }
    if (!sameId(sent.target.target_id, stored.target.target_id)) {
      diffs.push({ path: 'target.target_id', before: sent.target.target_id, after: stored.target.target_id });
    }
  }
  return diffs;
}
