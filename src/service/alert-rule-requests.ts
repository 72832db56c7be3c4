import {
  type AlertObject,
  alertObjectById,
  type OperationRequest,
  organizationList,
} from './operation-request.js';
import { toWireTargetType } from './target-type.js';
import type { AlertRuleCreationRequest, AlertRuleEditRequest } from './types.js';

/**
 * The requests of the alert rules, each built as data (operation-request.ts): list, read, edit, create,
 * delete. A body carries exactly the fields the service takes.
 */

const ALERT_RULE: AlertObject = { noun: 'alert rule', collection: '/alert-rules' };

export function getAlertRules(organizationId: string): OperationRequest {
  return organizationList('getAlertRules', organizationId, 'alert-rules', 'alert rules');
}

export function getAlertRule(alertRuleId: string): OperationRequest {
  return alertObjectById('getAlertRule', 'GET', ALERT_RULE, alertRuleId);
}

export function editAlertRule(alertRuleId: string, body: AlertRuleEditRequest): OperationRequest {
  return { ...alertObjectById('editAlertRule', 'PUT', ALERT_RULE, alertRuleId), body: editBody(body) };
}

export function createAlertRule(body: AlertRuleCreationRequest): OperationRequest {
  return {
    operation: 'createAlertRule',
    method: 'POST',
    path: '/alert-rules',
    body: {
      organization_id: body.organization_id,
      cluster_id: body.cluster_id,
      target: { target_type: toWireTargetType(body.target.target_type), target_id: body.target.target_id },
      ...editBody(body),
    },
    safety: 'create',
    forbidden: `create alert rules in organization ${body.organization_id}`,
    notFound: `organization ${body.organization_id}, cluster ${body.cluster_id} or target ${body.target.target_id} was not found`,
  };
}

export function deleteAlertRule(alertRuleId: string): OperationRequest {
  return alertObjectById('deleteAlertRule', 'DELETE', ALERT_RULE, alertRuleId);
}

/** Exactly the nine fields a PUT takes, in the service's order: nothing else from the caller's object is sent. */
function editBody(body: AlertRuleEditRequest): AlertRuleEditRequest {
  const { kind, promql, operator, threshold, function: fn } = body.condition;
  return {
    name: body.name,
    description: body.description,
    tag: body.tag,
    condition: {
      kind,
      promql,
      ...(operator !== undefined ? { operator } : {}),
      ...(threshold !== undefined ? { threshold } : {}),
      ...(fn !== undefined ? { function: fn } : {}),
    },
    for_duration: body.for_duration,
    severity: body.severity,
    enabled: body.enabled,
    alert_receiver_ids: [...body.alert_receiver_ids],
    presentation: {
      summary: body.presentation.summary ?? null,
      runbook_url: body.presentation.runbook_url ?? null,
    },
  };
}
