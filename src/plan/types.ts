import type { Diagnostic } from '../core/diagnostic.js';
import type { AlertRuleCreationRequest, AlertRuleEditRequest } from '../service/types.js';

/** What applying a change does to the service. `noop`: the document and the live rule already agree. */
export type ChangeAction = 'create' | 'update' | 'delete' | 'noop';

/** One field that differs. `path` is dotted (`condition.promql`, `alert_receiver_ids`). */
export interface FieldDiff {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

/**
 * One alert rule in the plan. The plan is a value: reporters render it, apply executes it, nothing
 * recomputes it on the side. `request` is exactly the body apply sends.
 */
export interface AlertRuleChange {
  readonly kind: 'AlertRule';
  readonly action: ChangeAction;
  /** The live rule's id; null for a create. */
  readonly id: string | null;
  readonly name: string;
  readonly organizationId: string;
  readonly clusterId: string | null;
  /** The document that declares the rule (for a delete: the removed document, as it was in the base revision). */
  readonly file: string;
  readonly line: number;
  /** Field-level differences, before = live, after = desired; empty for noop. */
  readonly diff: readonly FieldDiff[];
  /** The full PUT body for an update, the POST body for a create; absent for delete and noop. */
  readonly request?: AlertRuleEditRequest | AlertRuleCreationRequest;
  /**
   * Fields where the live rule differs from what the previous revision of the document declared: someone
   * edited the rule outside git, and applying this change overwrites that edit. Absent when unknown.
   */
  readonly outsideEdit?: readonly FieldDiff[];
}

/** A live rule mentioned in the plan without being changed by it. */
export interface LiveRuleRef {
  readonly id: string | null;
  readonly name: string;
  readonly organizationId: string;
  readonly clusterId: string | null;
  readonly state: string;
}

export interface Plan {
  /** Organizations whose live rules were read (one list call each). */
  readonly organizations: readonly string[];
  /**
   * Organizations that documents name but whose live rules could not be read: those documents are not
   * planned (the read's error is reported by the caller). Absent when every organization was read.
   */
  readonly unread?: readonly string[];
  /** One entry per managed document (noop included) and per prune delete, in file order. */
  readonly changes: readonly AlertRuleChange[];
  /** Identity errors, immutable-field errors, receiver-name errors; ghost notices; not-up-to-date warnings. */
  readonly diagnostics: readonly Diagnostic[];
  /** Live MANAGED rules that no document manages: listed, never touched. */
  readonly unmanaged: readonly LiveRuleRef[];
  /** Live GHOST rules (in the metrics system, not in the service's database). */
  readonly ghosts: readonly LiveRuleRef[];
  /** Live MANAGED rules whose deployed version is outdated (`is_up_to_date: false`). */
  readonly outdated: readonly LiveRuleRef[];
}

export function pendingChanges(plan: Plan): AlertRuleChange[] {
  return plan.changes.filter((c) => c.action !== 'noop');
}
