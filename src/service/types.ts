/**
 * The service's types as this project uses them, written from the published contract (see README,
 * "The service API"). Only the fields we read or send are typed; the client checks them at the boundary.
 * Enumerations are open where the service may add values: a value we do not know is tolerated and reported
 * by the client, never a crash.
 */

// ---- alert rules ---------------------------------------------------------------------------------------

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
  readonly state: string;
  readonly is_up_to_date: boolean;
  readonly starts_at?: string | null;
}

/** A rule that exists in the metrics system but not in the service's database. It has no id. */
export interface GhostAlertRule {
  readonly source: 'GHOST';
  readonly name: string;
  /** Null when the service could not say (a ghost is read from the metrics system). */
  readonly state: string | null;
  /** What the service could extract; either part may be missing. */
  readonly target: { readonly target_type?: string; readonly target_id?: string } | null;
  readonly starts_at: string | null;
}

export type LiveAlertRule = ManagedAlertRule | GhostAlertRule;

/** Slack or Email receiver; secrets are never returned by the service. `type` is open. */
export interface AlertReceiver {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly description?: string;
}

// ---- platform components -------------------------------------------------------------------------------

export const CLUSTER_MODES = ['QOVERY_MANAGED', 'CUSTOMER_MANAGED'] as const;
export type ClusterMode = (typeof CLUSTER_MODES)[number];

export const CLOUD_PROVIDERS = [
  'AWS',
  'SCW',
  'GCP',
  'DO',
  'AZURE',
  'OVH',
  'CIVO',
  'HETZNER',
  'ORACLE',
  'IBM',
  'UNKNOWN',
] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

export interface ClusterContext {
  readonly clusterMode: ClusterMode;
  readonly cloudProvider: CloudProvider;
}

export interface ResolveParams extends ClusterContext {
  readonly organizationId: string;
  readonly templateKey: string;
  readonly templateVersion: string;
  readonly componentKey: string;
}

export interface ResolveRequest {
  readonly profileConfig?: Readonly<Record<string, unknown>>;
  readonly clusterInputs?: Readonly<Record<string, string>>;
  readonly componentOutputs?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export interface FieldConstraints {
  readonly allowedValues?: readonly string[] | null;
  readonly min?: number | null;
  readonly max?: number | null;
  readonly minLength?: number | null;
  readonly maxLength?: number | null;
  readonly pattern?: string | null;
}

interface FieldBase {
  readonly key: string;
  readonly required: boolean;
  readonly label: string;
  readonly sensitive: boolean;
  readonly description?: string | null;
}

export interface ScalarField extends FieldBase {
  readonly type: 'string' | 'number' | 'bool';
  readonly constraints: FieldConstraints;
  readonly defaultValue?: string | null;
  /** Editor hint such as `kubernetes-resource-yaml`; unknown values are plain strings. */
  readonly format?: string;
  readonly templates?: readonly { readonly id: string; readonly label: string; readonly value: string }[];
}

export interface ObjectField extends FieldBase {
  readonly type: 'object';
  readonly fields: readonly FieldDescriptor[];
}

export type ArrayItem =
  | { readonly type: 'string' | 'number' | 'bool'; readonly constraints: FieldConstraints }
  | { readonly type: 'object'; readonly fields: readonly FieldDescriptor[] };

export interface ArrayField extends FieldBase {
  readonly type: 'array';
  readonly constraints: {
    readonly minItems?: number | null;
    readonly maxItems?: number | null;
    readonly uniqueItems: boolean;
  };
  readonly items: ArrayItem;
  readonly itemFields?: readonly (readonly FieldDescriptor[])[];
}

/** A descriptor kind this version does not know. Kept as received; `sensitive` is honoured when present. */
export interface UnknownField {
  readonly key: string;
  readonly type: string;
  readonly sensitive?: boolean;
  readonly unknownKind: true;
}

export type FieldDescriptor = ScalarField | ObjectField | ArrayField | UnknownField;

/** A scalar field the cluster or the platform profile must provide. `scope` and `status` are open strings. */
export interface Requirement extends ScalarField {
  /** PLATFORM_PROFILE | CLUSTER (open). */
  readonly scope: string;
  /** MISSING | READY (open). */
  readonly status: string;
}

export interface ComponentBinding {
  readonly input: string;
  readonly fromComponent: string;
  readonly output: string;
}

export interface Violation {
  readonly code: string;
  /** Bare key for profile fields (`storage`), `clusterInputs.<key>` for cluster inputs. */
  readonly fieldPath: string;
  readonly message: string;
}

export interface ResolveResponse {
  readonly componentKey: string;
  readonly fields: readonly FieldDescriptor[];
  readonly requirements: readonly Requirement[];
  readonly componentBindings: readonly ComponentBinding[];
  readonly violations: readonly Violation[];
}

export interface PlatformTemplateComponent {
  readonly key: string;
  readonly kind: string;
}

export interface PlatformTemplateLayer {
  readonly key: string;
  readonly mandatory: boolean;
  readonly modes: readonly string[];
  readonly providers?: readonly string[] | null;
  readonly componentKeys: readonly string[];
}

export interface PlatformTemplate {
  readonly key: string;
  readonly version: string;
  /** DRAFT | PUBLISHED | DEPRECATED (open). */
  readonly status: string;
  readonly description?: string | null;
  readonly layers: readonly PlatformTemplateLayer[];
}

// ---- cluster deployments and logs ----------------------------------------------------------------------

export interface ClusterDeployment {
  readonly identifier: {
    readonly deployment_id: string;
    readonly cluster_id: string;
    readonly execution_id?: string | null;
  };
  readonly auditing_data: {
    readonly created_at: string;
    readonly updated_at: string;
    readonly origin?: string | null;
    readonly triggered_by?: string | null;
  };
  /** StateEnum (open). */
  readonly status: string;
  /** QUEUED | ONGOING | SUCCESS | ERROR | CANCELED | CANCELING | NEVER (open). */
  readonly action_status: string;
  /** DEPLOY | DELETE | ... (open). */
  readonly trigger_action: string;
  readonly reason: string;
  readonly total_duration?: string | null;
}

export interface LogTransmitter {
  readonly type?: string;
  readonly id?: string;
  readonly name?: string;
}

export interface LogEventDetails {
  readonly provider_kind?: string;
  readonly region?: string;
  readonly transmitter?: LogTransmitter;
}

/** One cluster log entry. Every field is optional at the boundary: entries are shown as far as they go. */
export interface ClusterLogEntry {
  /** Log level: info, warning, debug, error (open). */
  readonly type?: string;
  /** RFC 3339 with up to nanosecond precision: compare as text after normalizing, never through Date. */
  readonly timestamp?: string;
  readonly step?: string;
  readonly message?: { readonly safe_message?: string };
  readonly error?: {
    readonly tag?: string;
    readonly user_log_message?: string;
    readonly link?: string;
    readonly hint_message?: string;
    readonly event_details?: LogEventDetails;
    readonly underlying_error?: { readonly message?: string };
  };
  readonly details?: LogEventDetails;
}

// ---- the client ----------------------------------------------------------------------------------------

/** The service's operationIds: the keys of the JSON output's `requests.byOperation`. */
export const OPERATION_IDS = [
  'getAlertRules',
  'getAlertRule',
  'editAlertRule',
  'createAlertRule',
  'deleteAlertRule',
  'getAlertReceivers',
  'resolvePlatformTemplateComponentConfiguration',
  'listPlatformTemplates',
  'listClusterDeploymentHistoryV2',
  'listClusterDeploymentLogs',
  'listClusterLogs',
] as const;
export type OperationId = (typeof OPERATION_IDS)[number];

/** Requests sent, retries included (each attempt is a request against the budget). */
export interface RequestCounts {
  readonly total: number;
  readonly byOperation: Readonly<Partial<Record<OperationId, number>>>;
}

export interface RateLimitStatus {
  readonly limit?: number;
  readonly remaining?: number;
  /** Milliseconds since the epoch at which the window resets. */
  readonly resetAt?: number;
}

/**
 * The only code that speaks HTTP to the service. One method per operation, named by its operationId.
 * Every failure is an ApiError (src/service/errors.ts). Retries, timeouts and pacing happen inside.
 */
export interface ServiceClient {
  getAlertRules(organizationId: string): Promise<LiveAlertRule[]>;
  getAlertRule(alertRuleId: string): Promise<ManagedAlertRule>;
  editAlertRule(alertRuleId: string, body: AlertRuleEditRequest): Promise<ManagedAlertRule>;
  createAlertRule(body: AlertRuleCreationRequest): Promise<ManagedAlertRule>;
  deleteAlertRule(alertRuleId: string): Promise<void>;
  getAlertReceivers(organizationId: string): Promise<AlertReceiver[]>;
  resolvePlatformTemplateComponentConfiguration(
    params: ResolveParams,
    body: ResolveRequest,
  ): Promise<ResolveResponse>;
  listPlatformTemplates(organizationId: string, context?: ClusterContext): Promise<PlatformTemplate[]>;
  listClusterDeploymentHistoryV2(
    organizationId: string,
    clusterId: string,
    pageSize?: number,
  ): Promise<ClusterDeployment[]>;
  listClusterDeploymentLogs(
    organizationId: string,
    clusterId: string,
    deploymentId: string,
  ): Promise<ClusterLogEntry[]>;
  listClusterLogs(organizationId: string, clusterId: string): Promise<ClusterLogEntry[]>;

  /** Requests made so far by this client. */
  requestCounts(): RequestCounts;
  /** The latest rate-limit figures the service sent; empty when it sent none. */
  rateLimit(): RateLimitStatus;
  /**
   * Before a run's first write: throws an ApiError of kind 'budget' (and sends nothing) when the known
   * remaining budget cannot cover `writes` requests. Unknown budget (no headers seen) passes.
   */
  assertBudget(writes: number): void;
  /** What was tolerated at the boundary (an unknown enum value, an unknown descriptor type), once each. */
  notices(): readonly string[];
  /** Operations the service answered with `Deprecation` or `Sunset` headers: one sentence per operation. */
  deprecations(): readonly string[];
}
