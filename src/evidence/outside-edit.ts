/**
 * "Someone changed this rule outside git": the live rule differs from what the document said at the
 * change's parent revision. Applying the change overwrites that edit, and the result must say so.
 */
import type { AlertRuleDocument } from '../documents/types.js';
import { diffEditFields } from '../kinds/alert-rule/fields.js';
import { identify, type LiveIndex } from '../kinds/alert-rule/identity.js';
import { editFieldsOfLive, editRequestFromSpec } from '../kinds/alert-rule/normalize.js';
import type { OutsideEditsOf } from '../kinds/alert-rule/plan-changes.js';
import { resolveReceivers } from '../kinds/alert-rule/receiver-names.js';
import type { FieldDiff } from '../model/change.js';
import type { AlertReceiver, ManagedAlertRule } from '../service/types.js';

/** Which live rule each previous document declared (the first one wins), by rule id. */
export function declaredAtPrevious(
  previous: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
  liveByOrganization: ReadonlyMap<string, LiveIndex>,
): Map<string, AlertRuleDocument> {
  const declared = new Map<string, AlertRuleDocument>();
  for (const doc of previous) {
    const org = doc.value.organization_id ?? defaultOrganizationId;
    const live = org === null ? undefined : liveByOrganization.get(org);
    if (org === null || live === undefined) continue;
    const identity = identify(doc, org, live);
    if (identity.kind === 'existing' && !declared.has(identity.rule.id)) declared.set(identity.rule.id, doc);
  }
  return declared;
}

/**
 * The fields where `rule` differs from what the previous revision declared for it (before = declared,
 * after = live). Undefined when no previous document declared this rule, or its receivers cannot be
 * resolved: then nothing is known, which is not the same as "no outside edit".
 */
export function outsideEdits(
  rule: ManagedAlertRule,
  declared: AlertRuleDocument | undefined,
  receivers: readonly AlertReceiver[] | null,
): FieldDiff[] | undefined {
  if (!declared) return undefined;
  const resolved = resolveReceivers(declared, rule.organization_id, receivers);
  if (resolved.diagnostics.length > 0) return undefined;
  return diffEditFields(editRequestFromSpec(declared.value, resolved.ids), editFieldsOfLive(rule));
}

/**
 * What tells, while a plan is made, the outside edits an update overwrites: the previous revision's
 * documents matched to the live rules the plan indexed (declaredAtPrevious), then each rule's difference
 * from what they declared (outsideEdits), with the receivers of the rule's organization.
 */
export function outsideEditsSince(
  previous: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
  receivers: ReadonlyMap<string, readonly AlertReceiver[]> | null,
): OutsideEditsOf {
  return (liveByOrganization) => {
    const declared = declaredAtPrevious(previous, defaultOrganizationId, liveByOrganization);
    return (rule, organizationId) =>
      outsideEdits(rule, declared.get(rule.id), receivers?.get(organizationId) ?? null);
  };
}
