/** Alert rules and receivers as the service sends and takes them. Part of the service's types (src/service/types.ts says how they are written). */

import type { Open } from './open.js';

export const ALERT_SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const CONDITION_KINDS = ['CUSTOM', 'BUILT'] as const;
export type AlertRuleConditionKind = (typeof CONDITION_KINDS)[number];

export const CONDITION_OPERATORS = [
  'NONE',
  'ABOVE',
  'BELOW',
  'ABOVE_OR_EQUAL',
  'BELOW_OR_EQUAL',
  'EQUAL',
] as const;
export type AlertRuleConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const CONDITION_FUNCTIONS = ['NONE', 'AVG', 'MAX', 'MIN', 'SUM', 'COUNT'] as const;
export type AlertRuleConditionFunction = (typeof CONDITION_FUNCTIONS)[number];

/**
 * Target types in our canonical spelling. The service's description lists ' CLUSTER' with a leading space;
 * the client maps CLUSTER to the wire form when sending and accepts both when reading. Nothing outside
 * src/service ever sees the wire form.
 */
export const ALERT_TARGET_TYPES = [
  'CLUSTER',
  'ENVIRONMENT',
  'APPLICATION',
  'CONTAINER',
  'JOB',
  'CRONJOB',
  'HELM',
  'TERRAFORM',
] as const;
export type AlertTargetType = (typeof ALERT_TARGET_TYPES)[number];

export const ALERT_RULE_STATES = [
  'UNDEPLOYED',
  'OK',
  'TRIGGERED',
  'PENDING_NOTIFICATION',
  'NOTIFIED',
  'SUPPRESSED',
  'UNROUTED',
] as const;
export type AlertRuleState = Open<(typeof ALERT_RULE_STATES)[number]>;

export interface AlertRuleCondition {
  readonly kind: AlertRuleConditionKind;
  readonly promql: string;
  readonly operator?: AlertRuleConditionOperator;
  readonly threshold?: number;
  readonly function?: AlertRuleConditionFunction;
}

export interface AlertPresentation {
  readonly summary?: string | null;
  readonly runbook_url?: string | null;
}

export interface AlertTarget {
  readonly target_type: AlertTargetType;
  readonly target_id: string;
}

/** PUT /alert-rules/{id}: all nine fields required; a PUT replaces the whole rule. */
export interface AlertRuleEditRequest {
  readonly name: string;
  readonly description: string;
  readonly tag: string;
  readonly condition: AlertRuleCondition;
  readonly for_duration: string;
  readonly severity: AlertSeverity;
  readonly enabled: boolean;
  readonly alert_receiver_ids: readonly string[];
  readonly presentation: AlertPresentation;
}

/** POST /alert-rules: the edit fields plus what cannot change afterwards. */
export interface AlertRuleCreationRequest extends AlertRuleEditRequest {
  readonly organization_id: string;
  readonly cluster_id: string;
  readonly target: AlertTarget;
}

/** A rule the service's database manages (source MANAGED). `state` is open: new states are tolerated. */
export interface ManagedAlertRule {
  readonly source: 'MANAGED';
  readonly id: string;
  readonly created_at: string;
  readonly updated_at?: string | null;
  readonly organization_id: string;
  readonly cluster_id: string;
  readonly name: string;
  readonly description: string;
  readonly tag: string;
  readonly condition: AlertRuleCondition;
  readonly for_duration: string;
  readonly severity: AlertSeverity;
  readonly enabled: boolean;
  readonly alert_receiver_ids: readonly string[];
  readonly presentation: AlertPresentation;
  readonly target: AlertTarget;
  readonly state: AlertRuleState;
  readonly is_up_to_date: boolean;
  readonly starts_at?: string | null;
}

/** A rule that exists in the metrics system but not in the service's database. It has no id. */
export interface GhostAlertRule {
  readonly source: 'GHOST';
  readonly name: string;
  /** Null when the service could not say (a ghost is read from the metrics system). */
  readonly state: AlertRuleState | null;
  /** What the service could extract; either part may be missing. */
  readonly target: { readonly target_type?: string; readonly target_id?: string } | null;
  readonly starts_at: string | null;
}

export type LiveAlertRule = ManagedAlertRule | GhostAlertRule;
