import { queryError } from '../../promql/check-query.js';
import { badRequest } from '../http-error.js';
import type { RuleSpec, WireTarget } from '../model.js';
import {
  ACCEPTED_TARGET_TYPES,
  ALERT_SEVERITIES,
  CONDITION_FUNCTIONS,
  CONDITION_KINDS,
  CONDITION_OPERATORS,
  isIsoDuration,
  isPlainObject,
  isUri,
  isUuid,
  toWireTargetType,
} from '../wire.js';
import { type Body, boolean, nonEmptyString, oneOf, required, string, uuid } from './body-fields.js';

export interface CreationRequest extends RuleSpec {
  readonly organization_id: string;
  readonly cluster_id: string;
  readonly target: WireTarget;
}

/**
 * AlertRuleEditRequest: all nine fields are required, as the service requires them. Each problem is a 400
 * naming the field; the first one found is reported (the service reports one at a time too).
 */
export function readEditRequest(body: Body): RuleSpec {
  return {
    name: nonEmptyString(body, 'name'),
    description: string(body, 'description'),
    tag: string(body, 'tag'),
    condition: readCondition(required(body, 'condition')),
    for_duration: readDuration(body),
    severity: oneOf(body, 'severity', ALERT_SEVERITIES),
    enabled: boolean(body, 'enabled'),
    alert_receiver_ids: readReceiverIds(body),
    presentation: readPresentation(required(body, 'presentation')),
  };
}

/** AlertRuleCreationRequest: the edit fields plus organization_id, cluster_id and target. */
export function readCreationRequest(body: Body): CreationRequest {
  const target = required(body, 'target');
  if (!isPlainObject(target)) throw badRequest('target: must be an object');
  // Exactly the description's enumeration: ' CLUSTER' with its leading space, never 'CLUSTER'.
  const targetType = oneOf(target, 'target_type', ACCEPTED_TARGET_TYPES, 'target.');
  const targetId = target.target_id;
  if (!isUuid(targetId)) throw badRequest('target.target_id: must be a uuid');
  return {
    ...readEditRequest(body),
    organization_id: uuid(body, 'organization_id'),
    cluster_id: uuid(body, 'cluster_id'),
    target: { target_type: toWireTargetType(targetType), target_id: targetId.toLowerCase() },
  };
}

function readDuration(body: Body): string {
  const value = string(body, 'for_duration');
  if (!isIsoDuration(value)) {
    throw badRequest('for_duration: must be an ISO-8601 duration of whole units such as PT5M');
  }
  return value;
}

function readReceiverIds(body: Body): string[] {
  const value = required(body, 'alert_receiver_ids');
  if (!Array.isArray(value)) throw badRequest('alert_receiver_ids: must be an array of uuids');
  if (value.length === 0) throw badRequest('alert_receiver_ids: must contain at least 1 item');
  return value.map((id, i) => {
    if (!isUuid(id)) throw badRequest(`alert_receiver_ids[${i}]: must be a uuid`);
    return id.toLowerCase();
  });
}

function readCondition(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) throw badRequest('condition: must be an object');
  const condition: Record<string, unknown> = {
    kind: oneOf(value, 'kind', CONDITION_KINDS, 'condition.'),
    promql: readQuery(value),
  };
  // The three are optional but, as the description types them, never null.
  if (value.operator !== undefined)
    condition.operator = oneOf(value, 'operator', CONDITION_OPERATORS, 'condition.');
  if (value.threshold !== undefined) {
    if (typeof value.threshold !== 'number' || !Number.isFinite(value.threshold)) {
      throw badRequest('condition.threshold: must be a number');
    }
    condition.threshold = value.threshold;
  }
  if (value.function !== undefined)
    condition.function = oneOf(value, 'function', CONDITION_FUNCTIONS, 'condition.');
  return condition;
}

/** The alerting system refuses a query Prometheus's parser refuses (syntax and type errors alike). */
function readQuery(condition: Body): string {
  const promql = nonEmptyString(condition, 'promql', 'condition.');
  const error = queryError(promql);
  if (error !== null) throw badRequest(`condition.promql: invalid PromQL expression: ${error}`);
  return promql;
}

function readPresentation(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) throw badRequest('presentation: must be an object');
  const summary = value.summary ?? null;
  if (summary !== null && typeof summary !== 'string')
    throw badRequest('presentation.summary: must be a string');
  const runbook = value.runbook_url ?? null;
  if (runbook !== null && (typeof runbook !== 'string' || !isUri(runbook))) {
    throw badRequest('presentation.runbook_url: must be an absolute URI');
  }
  return { summary, runbook_url: runbook };
}
