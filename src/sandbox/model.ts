/**
 * The sandbox's own model of the service's data, in the service's wire shapes (snake_case for alert rules,
 * camelCase for the template catalog) so that answers are the stored values with little mapping. Seeds are
 * validated into these types by src/sandbox/seed/validate-seed.ts; nothing else builds them from raw input.
 */

import type { ClusterMetrics } from './synthetic-series.js';
import type { RECEIVER_TYPES } from './wire.js';

export interface Organization {
  readonly id: string;
  readonly name: string;
}

export interface TokenGrant {
  readonly token: string;
  readonly organizations: readonly string[];
  /** The only scheme the token works with (a console JWT is a Bearer token); null accepts both. */
  readonly scheme: 'Token' | 'Bearer' | null;
}

export interface Cluster {
  readonly id: string;
  readonly organization_id: string;
  readonly name: string;
  readonly cloud_provider: string;
  readonly mode: string;
  readonly region: string;
  readonly created_at: string;
  /** An older deployment of the service: only the deprecated listClusterLogs answers; the v2 operations 404. */
  readonly legacy: boolean;
}

/**
 * A receiver as the service holds it, without its secret (kept apart in the store, so that no answer built
 * from this record can carry it), plus the organization it belongs to (not part of the answer).
 */
export interface Receiver {
  readonly organization_id: string;
  readonly id: string;
  readonly created_at: string;
  readonly updated_at: string | null;
  readonly type: (typeof RECEIVER_TYPES)[number];
  readonly name: string;
  readonly description: string;
  readonly send_resolved: boolean;
  readonly owner: string | null;
  readonly severity: string | null;
  /** The e-mail receiver's fields; null for a Slack receiver. */
  readonly email: EmailSettings | null;
}

export interface EmailSettings {
  readonly to: string;
  readonly from: string;
  /** host:port */
  readonly smarthost: string;
  readonly auth_username: string | null;
  readonly require_tls: boolean;
}

/** A test message the sandbox "sent" through a receiver (validateNew/ExistingAlertReceiver): nothing leaves it. */
export interface SentTestMessage {
  readonly operation: 'validateNewAlertReceiver' | 'validateExistingAlertReceiver';
  /** Null for a receiver not created yet (validateNewAlertReceiver). */
  readonly receiver_id: string | null;
  readonly organization_id: string;
  readonly name: string;
  readonly type: string;
  /** When it was sent, ISO-8601. */
  readonly sent_at: string;
  /** The text sent: the request's `message`, or the sandbox's own when it had none. */
  readonly message: string;
}

export interface WireTarget {
  /** Wire spelling: ' CLUSTER' with its leading space, or ENVIRONMENT, APPLICATION, … */
  readonly target_type: string;
  readonly target_id: string;
}

/** The fields a PUT replaces (AlertRuleEditRequest). */
export interface RuleSpec {
  readonly name: string;
  readonly description: string;
  readonly tag: string;
  readonly condition: Readonly<Record<string, unknown>>;
  readonly for_duration: string;
  readonly severity: string;
  readonly enabled: boolean;
  readonly alert_receiver_ids: readonly string[];
  readonly presentation: Readonly<Record<string, unknown>>;
}

export interface ManagedRule extends RuleSpec {
  readonly id: string;
  readonly organization_id: string;
  readonly cluster_id: string;
  readonly target: WireTarget;
  readonly state: string;
  readonly created_at: string;
  readonly updated_at: string | null;
  readonly starts_at: string | null;
  /**
   * What `is_up_to_date` says until the next write. After a write the rule reports false until
   * `syncedAt` (epoch ms) has passed.
   */
  readonly is_up_to_date: boolean;
  readonly syncedAt: number | null;
}

export interface GhostRule {
  readonly organization_id: string;
  readonly name: string;
  readonly state: string;
  readonly target: WireTarget | null;
  readonly starts_at: string | null;
}

export interface Deployment {
  readonly id: string;
  readonly cluster_id: string;
  readonly execution_id: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly origin: string | null;
  readonly triggered_by: string | null;
  readonly status: string;
  readonly action_status: string;
  readonly trigger_action: string;
  readonly reason: string;
  readonly total_duration: string | null;
  /** Log entries in the service's ClusterLogs shape, oldest first. */
  readonly logs: readonly Readonly<Record<string, unknown>>[];
}

/** A project of an organization; its environments and services are listed apart, each with its ids. */
export interface Project {
  readonly id: string;
  readonly organization_id: string;
  readonly name: string;
  readonly created_at: string;
}

export interface Environment {
  readonly id: string;
  readonly organization_id: string;
  readonly project_id: string;
  readonly name: string;
  /** DEVELOPMENT | PREVIEW | PRODUCTION | STAGING */
  readonly mode: string;
  readonly cluster_id: string;
  readonly created_at: string;
}

/** A service of an environment: an application, container, job, database, … */
export interface Service {
  readonly id: string;
  readonly organization_id: string;
  readonly project_id: string;
  readonly environment_id: string;
  readonly name: string;
  readonly service_type: string;
  /** CRON | LIFECYCLE, for jobs only. */
  readonly job_type: string | null;
}

// ---- template catalog ------------------------------------------------------------------------------------

/** A field descriptor exactly as the service sends it; `type` may be a kind the contract does not list. */
export type Descriptor = Readonly<Record<string, unknown>> & { readonly key: string; readonly type: string };

export interface CatalogRequirement extends Readonly<Record<string, unknown>> {
  readonly key: string;
  readonly type: string;
  readonly scope: string;
}

export interface CatalogBinding {
  readonly input: string;
  readonly fromComponent: string;
  readonly output: string;
}

export interface CatalogComponent {
  readonly key: string;
  readonly kind: string;
  readonly description: string | null;
  readonly fields: readonly Descriptor[];
  readonly requirements: readonly CatalogRequirement[];
  readonly bindings: readonly CatalogBinding[];
}

export interface CatalogLayer {
  readonly key: string;
  readonly mandatory: boolean;
  readonly enabledByDefault: boolean;
  readonly modes: readonly string[];
  readonly providers: readonly string[] | null;
  readonly description: string | null;
  readonly components: readonly CatalogComponent[];
}

export interface Template {
  readonly key: string;
  readonly version: string;
  readonly status: string;
  readonly description: string | null;
  readonly layers: readonly CatalogLayer[];
}

/** A validated seed: everything the sandbox starts from. */
export interface Seed {
  readonly organizations: readonly Organization[];
  readonly tokens: readonly TokenGrant[];
  readonly clusters: readonly Cluster[];
  readonly projects: readonly Project[];
  readonly environments: readonly Environment[];
  readonly services: readonly Service[];
  readonly alertReceivers: readonly Receiver[];
  readonly alertRules: readonly ManagedRule[];
  readonly ghostRules: readonly GhostRule[];
  readonly templates: readonly Template[];
  readonly deployments: readonly Deployment[];
  /** Seeded time series per cluster, for get-cluster-metrics. */
  readonly metrics: readonly ClusterMetrics[];
}
