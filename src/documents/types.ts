import type { SourceRange } from '../core/diagnostic.js';
import type { QueryDocument } from '../promql/query-document.js';
import type {
  AlertPresentation,
  AlertRuleCondition,
  AlertSeverity,
  AlertTargetType,
  CloudProvider,
} from '../service/types.js';

/** The document kinds this tool manages. */
export type DocumentKind = 'AlertRule' | 'AlertReceiver' | 'PlatformComponent' | 'ServiceLevelObjective';
export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  'AlertRule',
  'AlertReceiver',
  'PlatformComponent',
  'ServiceLevelObjective',
];

/** A path into a document's data: mapping keys and sequence indexes, e.g. ['alert_receiver_ids', 1]. */
export type PathSegment = string | number;

/** Where a path landed: `exact` is false when the node is absent and this is its nearest existing ancestor. */
export interface Located extends SourceRange {
  readonly exact: boolean;
}

/** A file's bytes as read from disk or from a git revision. `path` is repository-relative with `/`. */
export interface SourceFile {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** One YAML document that passed schema validation, with the means to point at any of its nodes. */
export interface SourceDocument<K extends DocumentKind, T> {
  readonly kind: K;
  /** Repository-relative path with `/` separators. */
  readonly file: string;
  /** 0-based position of the document within its file. */
  readonly index: number;
  /** Plain data, safe from prototype pollution (`__proto__` is an ordinary key or refused, never a prototype). */
  readonly value: T;
  /** The document's first node (its first key), for findings about the document as a whole. */
  readonly range: SourceRange;
  /** The whole file's decoded text, for checks that point inside a scalar (PromQL queries). */
  readonly text: string;
  /**
   * The source range of the node at `path`. `target: 'key'` (default) points at a mapping entry's key,
   * `'value'` at its value; sequence items always point at the item. When the path does not exist the
   * nearest existing ancestor's key is returned with `exact: false`; the empty path is `range`.
   */
  locate(path: readonly PathSegment[], target?: 'key' | 'value'): Located;
}

/** What a user writes for an alert rule: the API's own field names, so a user can paste what the API returns. */
export interface AlertRuleSpec {
  readonly kind: 'AlertRule';
  readonly id?: string;
  readonly organization_id?: string;
  /** The cluster by name; resolved into `cluster_id` before planning. Not with `cluster_id`. */
  readonly cluster?: string;
  readonly cluster_id?: string;
  readonly target?: TargetSpec;
  readonly name: string;
  /** Defaults to '' when absent. */
  readonly description?: string;
  /** Defaults to '' when absent. */
  readonly tag?: string;
  readonly condition: AlertRuleCondition;
  /** ISO-8601 duration, e.g. PT5M. */
  readonly for_duration: string;
  readonly severity: AlertSeverity;
  /** Defaults to true when absent. */
  readonly enabled?: boolean;
  /** Receiver ids; at least one of `alert_receiver_ids` and `alert_receivers` is given. */
  readonly alert_receiver_ids?: readonly string[];
  /** Receiver names, resolved to ids with one list call per organization. */
  readonly alert_receivers?: readonly string[];
  /** Defaults to {summary: null, runbook_url: null} when absent. */
  readonly presentation?: AlertPresentation;
}

/** A target by id: the API's own form. */
export interface IdTarget {
  readonly target_type: AlertTargetType;
  readonly target_id: string;
}

/** `project/environment/service`, or the mapping form for names holding `/`. */
export type ServicePath =
  | string
  | { readonly project: string; readonly environment: string; readonly service: string };

/** `project/environment`, or the mapping form. */
export type EnvironmentPath = string | { readonly project: string; readonly environment: string };

/**
 * A target as a document writes it: by name (exactly one of `service`, `environment`, `cluster`; a
 * service's `target_type` is optional and must agree with the service) or by id. The loader checks the
 * form (reference-forms.ts); planning resolves names into the id form.
 */
export type TargetSpec =
  | IdTarget
  | { readonly service: ServicePath; readonly target_type?: AlertTargetType }
  | { readonly environment: EnvironmentPath; readonly target_type?: AlertTargetType }
  | { readonly cluster: string; readonly target_type?: AlertTargetType };

/** The target's id form, or undefined when it is written by name (not yet resolved). */
export function idTarget(target: TargetSpec | undefined): IdTarget | undefined {
  return target !== undefined && 'target_id' in target ? target : undefined;
}

/**
 * True when the target is written by name. A resolved target keeps its written form beside the ids
 * (`{service: shop/production/api, target_type, target_id}`), so a finding can say a name moved.
 */
export function writtenByName(target: TargetSpec | undefined): boolean {
  return target !== undefined && ('service' in target || 'environment' in target || 'cluster' in target);
}

/** `{valueFrom: {env: NAME}}`: a value read from the environment when it is sent, never written in git. */
export interface EnvReference {
  readonly valueFrom: { readonly env: string };
}

/**
 * What a user writes for an alert receiver: the API's own field names. The secret of its type
 * (`webhook_url`, `auth_password`) is only ever a reference to an environment variable: the document check
 * (receiver-secrets.ts) refuses a value written in place.
 */
export interface AlertReceiverSpec {
  readonly kind: 'AlertReceiver';
  readonly id?: string;
  readonly organization_id?: string;
  readonly name: string;
  readonly type: 'SLACK' | 'EMAIL';
  /** Defaults to '' when absent. */
  readonly description?: string;
  /** Defaults to true when absent. */
  readonly send_resolved?: boolean;
  /** Default to null when absent. */
  readonly owner?: string | null;
  readonly severity?: string | null;
  readonly webhook_url?: EnvReference;
  readonly to?: string;
  readonly from?: string;
  readonly smarthost?: string;
  /** Defaults to null when absent. */
  readonly auth_username?: string | null;
  readonly auth_password?: EnvReference;
  /** Defaults to true when absent. */
  readonly require_tls?: boolean;
}

/** Cluster management mode as written in documents; SERVICE_MANAGED is sent as QOVERY_MANAGED. */
export type DocumentClusterMode = 'QOVERY_MANAGED' | 'SERVICE_MANAGED' | 'CUSTOMER_MANAGED';

export interface PlatformComponentSpec {
  readonly kind: 'PlatformComponent';
  readonly organization_id?: string;
  readonly template: { readonly key: string; readonly version: string };
  readonly component: string;
  readonly cluster: {
    readonly mode: DocumentClusterMode;
    readonly provider: CloudProvider;
    /** Optional: the cluster this configuration is for (used to fetch its logs when a job fails). */
    readonly id?: string;
    /** The same cluster by name; resolved into `id` before planning. Not with `id`. */
    readonly name?: string;
  };
  readonly profileConfig?: Readonly<Record<string, unknown>>;
  readonly clusterInputs?: Readonly<Record<string, string>>;
  readonly componentOutputs?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * An alert rule as planned: written, or generated from a service level objective (then `generatedBy` says
 * which, and `file`, `range` and `locate` point into the objective's document).
 */
export type AlertRuleDocument = SourceDocument<'AlertRule', AlertRuleSpec> & {
  readonly generatedBy?: ObjectiveSource;
};

/** The objective a generated rule comes from: its name, and the window pair and urgency of the rule. */
export interface ObjectiveSource {
  readonly objective: string;
  /** `1h-5m`: the long and the short window, also the key of `rule_ids`. */
  readonly pair: string;
  readonly urgency: Urgency;
  /** The error budget, 1 − objective/100, and the objective's window in seconds. */
  readonly budget: number;
  readonly windowSeconds: number;
  /** The indicator's bad share with `{{.window}}` where the range goes: the backtest reads the budget burned with it. */
  readonly ratio: string;
}

export type Urgency = 'page' | 'ticket';

/** Who is told, how loudly, at one urgency. */
export interface UrgencySpec {
  readonly alert_receivers?: readonly string[];
  readonly alert_receiver_ids?: readonly string[];
  readonly severity?: AlertSeverity;
}

/** One window pair: fires when the budget burns `factor` times too fast over both windows. */
export interface BurnRateSpec {
  readonly long: string;
  readonly short: string;
  readonly urgency: Urgency;
  readonly factor?: number;
  /** Percent of the budget spent over `long`; gives the factor when `factor` is absent. */
  readonly budget_share?: number;
}

/** What a user writes for a service level objective (schemas/service-level-objective.schema.json). */
export interface ServiceLevelObjectiveSpec {
  readonly kind: 'ServiceLevelObjective';
  readonly organization_id?: string;
  readonly cluster?: string;
  readonly cluster_id?: string;
  readonly target?: TargetSpec;
  readonly name: string;
  readonly description?: string;
  /** Percent of good events, in (0, 100). */
  readonly objective: number;
  /** A Prometheus duration; defaults to 30d. */
  readonly window?: string;
  readonly indicator: { readonly errors: string; readonly total: string } | { readonly ratio: string };
  readonly alerts: { readonly page: UrgencySpec; readonly ticket: UrgencySpec };
  readonly burn_rates?: readonly BurnRateSpec[];
  /** Rule ids by window pair (`1h-5m`), so that a renamed objective keeps its rules. */
  readonly rule_ids?: Readonly<Record<string, string>>;
  readonly enabled?: boolean;
  readonly presentation?: AlertPresentation;
}

export type ServiceLevelObjectiveDocument = SourceDocument<
  'ServiceLevelObjective',
  ServiceLevelObjectiveSpec
>;
export type AlertReceiverDocument = SourceDocument<'AlertReceiver', AlertReceiverSpec>;
export type PlatformComponentDocument = SourceDocument<'PlatformComponent', PlatformComponentSpec>;
export type Document = AlertRuleDocument | AlertReceiverDocument | PlatformComponentDocument;

export interface LoadResult {
  /** Documents that passed every check of their own (schema); cross-document errors are in diagnostics. */
  readonly documents: readonly Document[];
  readonly diagnostics: readonly import('../core/diagnostic.js').Diagnostic[];
  /** Every file read, repository-relative, sorted. */
  readonly files: readonly string[];
  /**
   * Alert rules refused by their own checks whose query could still be read: their PromQL is checked too,
   * so that one run reports every fault of a document (a key typo does not hide a broken query). Never
   * planned: they are not in `documents`.
   */
  readonly refusedQueries?: readonly QueryDocument[];
  /** YAML files found in directories that hold none of our documents, and so were not validated. */
  readonly skippedFiles?: readonly string[];
  /** The service level objectives read; `documents` holds the alert rules each one generates. */
  readonly objectives?: readonly ServiceLevelObjectiveDocument[];
  /** The objectives' indicator queries as the PromQL checks read them (never planned). */
  readonly indicatorQueries?: readonly QueryDocument[];
}
