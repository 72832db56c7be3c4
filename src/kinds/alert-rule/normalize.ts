/**
 * The user-owned part of an alert rule, as the document says it and as the service stores it. Everything
 * the plan compares and everything apply sends comes from here, so what is compared is what is sent.
 * Rules for absent optional fields: docs/decisions/alert-rule-field-defaults.md.
 */
import type { AlertRuleSpec } from '../../documents/types.js';
import type {
  AlertPresentation,
  AlertRuleCondition,
  AlertRuleCreationRequest,
  AlertRuleEditRequest,
  AlertTarget,
  ManagedAlertRule,
} from '../../service/types.js';

/** The PUT body for a document: the document's own text, with the documented defaults filled in. */
export function editRequestFromSpec(
  spec: AlertRuleSpec,
  receiverIds: readonly string[],
): AlertRuleEditRequest {
  return {
    name: spec.name,
    description: spec.description ?? '',
    tag: spec.tag ?? '',
    condition: conditionAsWritten(spec.condition),
    for_duration: spec.for_duration,
    severity: spec.severity,
    enabled: spec.enabled ?? true,
    alert_receiver_ids: [...receiverIds],
    presentation: presentationWithDefaults(spec.presentation),
  };
}

/** The POST body: the edit fields plus what cannot change afterwards. */
export function creationRequest(
  organizationId: string,
  clusterId: string,
  target: AlertTarget,
  edit: AlertRuleEditRequest,
): AlertRuleCreationRequest {
  return {
    organization_id: organizationId,
    cluster_id: clusterId,
    target: { target_type: target.target_type, target_id: target.target_id },
    ...edit,
  };
}

/** The same nine fields as the service stored them, so that a live rule and a request compare field by field. */
export function editFieldsOfLive(rule: ManagedAlertRule): AlertRuleEditRequest {
  return {
    name: rule.name,
    description: rule.description ?? '',
    tag: rule.tag ?? '',
    condition: conditionAsWritten(rule.condition),
    for_duration: rule.for_duration,
    severity: rule.severity,
    enabled: rule.enabled,
    alert_receiver_ids: [...(rule.alert_receiver_ids ?? [])],
    presentation: presentationWithDefaults(rule.presentation),
  };
}

/** Optional condition fields are sent only when written: we never invent an operator or a threshold. */
function conditionAsWritten(condition: AlertRuleCondition): AlertRuleCondition {
  const out: { -readonly [K in keyof AlertRuleCondition]: AlertRuleCondition[K] } = {
    kind: condition.kind,
    promql: condition.promql,
  };
  if (condition.operator !== undefined && condition.operator !== null) out.operator = condition.operator;
  if (condition.threshold !== undefined && condition.threshold !== null) out.threshold = condition.threshold;
  if (condition.function !== undefined && condition.function !== null) out.function = condition.function;
  return out;
}

/** Both members always present: a PUT replaces the whole rule, so an absent member would mean "clear it". */
function presentationWithDefaults(presentation: AlertPresentation | null | undefined): AlertPresentation {
  return {
    summary: presentation?.summary ?? null,
    runbook_url: presentation?.runbook_url ?? null,
  };
}

/** Ids are uuids: compared without regard to case. */
export function sameId(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && (a === b || a.toLowerCase() === b.toLowerCase());
}

export function sameTarget(a: AlertTarget, b: AlertTarget): boolean {
  return a.target_type === b.target_type && sameId(a.target_id, b.target_id);
}
