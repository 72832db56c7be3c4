/**
 * "Someone changed this rule outside git": the live rule differs from what the document said at the
 * change's parent revision. Applying the change overwrites that edit, and the result must say so.
 */
import type { AlertRuleDocument } from '../documents/types.js';
import type { AlertReceiver, ManagedAlertRule } from '../service/types.js';
import { diffEditFields } from './diff.js';
import { identify } from './identity.js';
import { editFieldsOfLive, editRequestFromSpec, sameId } from './normalize.js';
import { resolveReceivers } from './receivers.js';
import type { FieldDiff } from './types.js';

/**
 * The fields where `rule` differs from what the previous revision declared for it (before = declared,
 * after = live). Undefined when no previous document declared this rule, or its receivers cannot be
 * resolved: then nothing is known, which is not the same as "no outside edit".
 */
export function outsideEdits(
  rule: ManagedAlertRule,
  previous: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
  managed: readonly ManagedAlertRule[],
  receivers: readonly AlertReceiver[] | null,
): FieldDiff[] | undefined {
  const declared = previous.find((doc) => {
    const org = doc.value.organization_id ?? defaultOrganizationId;
    if (org === null || !sameId(org, rule.organization_id)) return false;
    const identity = identify(doc, org, managed);
    return identity.kind === 'existing' && identity.rule.id === rule.id;
  });
  if (!declared) return undefined;
  const resolved = resolveReceivers(declared, rule.organization_id, receivers);
  if (resolved.diagnostics.length > 0) return undefined;
  return diffEditFields(editRequestFromSpec(declared.value, resolved.ids), editFieldsOfLive(rule));
}
