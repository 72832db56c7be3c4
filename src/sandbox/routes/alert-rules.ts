import { badRequest } from '../http-error.js';
import type { ManagedRule } from '../model.js';
import { liveRules, managedRuleResponse, type SandboxStore } from '../state.js';
import { readCreationRequest, readEditRequest } from './alert-rule-body.js';
import {
  type Answer,
  accessibleById,
  objectBody,
  organizationFromPath,
  type RequestContext,
  writableOrganization,
} from './request-context.js';

/** getAlertRules: every rule of the organization in one answer, ghosts included, no pagination. */
export function getAlertRules(context: RequestContext): Answer {
  const organizationId = organizationFromPath(context);
  return { status: 200, body: { results: liveRules(context.store, organizationId) } };
}

export function getAlertRule(context: RequestContext): Answer {
  const rule = accessibleRule(context);
  return { status: 200, body: managedRuleResponse(rule, context.store.clock.now()) };
}

/**
 * editAlertRule: a PUT replaces every editable field. The alerting system catches up later: the rule
 * reports `is_up_to_date: false` until the configured delay has passed.
 */
export function editAlertRule(context: RequestContext): Answer {
  const current = accessibleRule(context);
  const spec = readEditRequest(objectBody(context));
  requireReceivers(context.store, current.organization_id, spec.alert_receiver_ids);
  const now = context.store.clock.now();
  const updated: ManagedRule = {
    ...current,
    ...spec,
    updated_at: new Date(now).toISOString(),
    syncedAt: now + context.store.upToDateDelayMs,
  };
  context.store.rules.set(updated.id, updated);
  return { status: 200, body: managedRuleResponse(updated, now) };
}

export function createAlertRule(context: RequestContext): Answer {
  const request = readCreationRequest(objectBody(context));
  const organizationId = request.organization_id;
  writableOrganization(context, organizationId, 'create alert rules');
  const cluster = context.store.seed.clusters.find((c) => c.id === request.cluster_id);
  if (cluster?.organization_id !== organizationId) {
    throw badRequest(
      `cluster_id: cluster ${request.cluster_id} does not exist in organization ${organizationId}`,
    );
  }
  requireReceivers(context.store, organizationId, request.alert_receiver_ids);
  const now = context.store.clock.now();
  const store = context.store;
  store.createdRules += 1;
  const rule: ManagedRule = {
    ...request,
    id: createdRuleId(store.createdRules),
    state: 'UNDEPLOYED',
    created_at: new Date(now).toISOString(),
    updated_at: null,
    starts_at: null,
    is_up_to_date: true,
    syncedAt: now + store.upToDateDelayMs,
  };
  store.rules.set(rule.id, rule);
  return { status: 201, body: managedRuleResponse(rule, now) };
}

export function deleteAlertRule(context: RequestContext): Answer {
  const rule = accessibleRule(context);
  context.store.rules.delete(rule.id);
  return { status: 204 };
}

/** Ids of created rules count up from a fixed prefix, so that a test's snapshots do not change. */
export function createdRuleId(counter: number): string {
  return `c4eaed00-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

function accessibleRule(context: RequestContext): ManagedRule {
  return accessibleById(context, 'alertRuleId', context.store.rules, 'alert rule');
}

function requireReceivers(store: SandboxStore, organizationId: string, ids: readonly string[]): void {
  ids.forEach((id, i) => {
    const receiver = store.receivers.get(id);
    if (receiver?.organization_id !== organizationId) {
      throw badRequest(
        `alert_receiver_ids[${i}]: receiver ${id} does not exist in organization ${organizationId}`,
      );
    }
  });
}
