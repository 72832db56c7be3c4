/**
 * What the plan says about live rules it does not change: ghosts (in the metrics system, not in the
 * service's database), rules whose deployed version is outdated, and rules no document manages.
 */

import { type Diagnostic, diagnostic, FILE_START } from '../../core/diagnostic.js';
import type { AlertRuleDocument } from '../../documents/types.js';
import type { LiveRuleRef } from '../../model/alert-rule-change.js';
import { PLAN_CODES } from '../../model/codes.js';
import type { GhostAlertRule, LiveAlertRule, ManagedAlertRule } from '../../service/types.js';

export interface LiveReport {
  readonly unmanaged: LiveRuleRef[];
  readonly ghosts: LiveRuleRef[];
  readonly outdated: LiveRuleRef[];
  readonly diagnostics: Diagnostic[];
}

/**
 * `claimedBy` maps a live rule id to the document that manages it, so that a warning about that rule lands
 * on the document's `name` where its owner will see it.
 */
export function reportLiveRules(
  organizationId: string,
  live: readonly LiveAlertRule[],
  claimedBy: ReadonlyMap<string, AlertRuleDocument>,
): LiveReport {
  const report: LiveReport = { unmanaged: [], ghosts: [], outdated: [], diagnostics: [] };
  for (const rule of live) {
    if (rule.source === 'GHOST') {
      report.ghosts.push(ghostRef(organizationId, rule));
      continue;
    }
    const doc = claimedBy.get(rule.id);
    if (!doc) report.unmanaged.push(managedRef(rule));
    if (rule.is_up_to_date === false) {
      report.outdated.push(managedRef(rule));
      const message =
        `Alert rule "${rule.name}" (${rule.id}) is not up to date in the alerting system: an outdated ` +
        'version is deployed. It usually catches up by itself; if it stays, check the cluster.';
      report.diagnostics.push(
        doc
          ? diagnostic('warning', doc.file, doc.locate(['name']), PLAN_CODES.ruleNotUpToDate, message)
          : diagnostic('warning', '', FILE_START, PLAN_CODES.ruleNotUpToDate, message),
      );
    }
  }
  // The plan lists each ghost; one notice per organization says what they are, however many there are.
  const ghosts = report.ghosts.length;
  if (ghosts > 0) {
    const what =
      ghosts === 1 ? `Alert rule "${report.ghosts[0]!.name}" exists` : `${ghosts} alert rules exist`;
    report.diagnostics.push(
      diagnostic(
        'notice',
        '',
        FILE_START,
        PLAN_CODES.ghostRule,
        `${what} in the alerting system but not in the service's database of organization ${organizationId} ` +
          `(listed as ghosts in the plan); ${ghosts === 1 ? 'it' : 'they'} cannot be managed here.`,
      ),
    );
  }
  return report;
}

function managedRef(rule: ManagedAlertRule): LiveRuleRef {
  return {
    id: rule.id,
    name: rule.name,
    organizationId: rule.organization_id,
    clusterId: rule.cluster_id,
    state: rule.state,
  };
}

function ghostRef(organizationId: string, rule: GhostAlertRule): LiveRuleRef {
  return {
    id: null,
    name: rule.name,
    organizationId,
    clusterId: rule.target?.target_type === 'CLUSTER' ? (rule.target.target_id ?? null) : null,
    state: rule.state ?? 'unknown',
  };
}
