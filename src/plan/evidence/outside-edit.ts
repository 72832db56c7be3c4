/**
 * "Someone changed this rule outside git": the live rule differs from what the document said at the
 * change's parent revision. Applying the change overwrites that edit, and the result must say so.
 */
import type { AlertRuleDocument } from '../../documents/types.js';
import { diffEditFields } from '../../kinds/alert-rule/fields.js';
import { identify, type LiveIndex } from '../../kinds/alert-rule/identity.js';
import { editFieldsOfLive, editRequestFromSpec } from '../../kinds/alert-rule/normalize.js';
import { resolveReceivers } from '../../kinds/alert-rule/receiver-names.js';
import type { FieldDiff } from '../../model/change.js';
import type { AlertReceiver, ManagedAlertRule } from '../../service/types.js';

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
