import type { Diagnostic } from '../core/diagnostic.js';
import type { AlertRuleCreationRequest, AlertRuleEditRequest } from '../service/types.js';
import type { LiveFingerprint } from './fingerprint.js';

/** What applying a change does to the service. `noop`: the document and the live rule already agree. */
export type ChangeAction = 'create' | 'update' | 'delete' | 'noop';

/** One field that differs. `path` is dotted (`condition.promql`, `alert_receiver_ids`). */
export interface FieldDiff {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** What every change says about its rule and the document behind it. */
interface ChangeBase {
  readonly kind: 'AlertRule';
  readonly name: string;
  readonly organizationId: string;
  readonly clusterId: string | null;
  /** The document that declares the rule (for a delete: the removed document, as it was in the base revision). */
  readonly file: string;
  readonly line: number;
  /** Field-level differences, before = live, after = desired; empty for noop and delete. */
  readonly diff: readonly FieldDiff[];
}

/** A rule a document declares and the service does not have: POST `request`. There is no id yet. */
export interface CreateChange extends ChangeBase {
  readonly action: 'create';
  readonly id: null;
  readonly clusterId: string;
  /** Exactly the body apply sends. */
  readonly request: AlertRuleCreationRequest;
}

/** A live rule that differs from its document: PUT `request` to `id`. */
export interface UpdateChange extends ChangeBase {
  readonly action: 'update';
  readonly id: string;
  /** The live rule this change was planned against: apply of a saved plan refuses it if the rule moved. */
  readonly against: LiveFingerprint;
  /** Exactly the body apply sends (the full rule: PUT replaces it). */
  readonly request: AlertRuleEditRequest;
  /**
   * Fields where the live rule differs from what was last applied or reviewed: someone edited the rule
   * outside git, and applying this change overwrites that edit. Absent when unknown or none.
   */
  readonly outsideEdit?: readonly FieldDiff[];
}

/** A live rule whose document was removed, with prune on: DELETE `id`. */
export interface DeleteChange extends ChangeBase {
  readonly action: 'delete';
  readonly id: string;
  /** The live rule this change was planned against (see UpdateChange). */
  readonly against: LiveFingerprint;
}

/** A live rule that already matches its document. */
export interface NoopChange extends ChangeBase {
  readonly action: 'noop';
  readonly id: string;
}

/**
 * One alert rule in the plan, keyed by what applying it does. The plan is a value: reporters render it,
 * apply executes it, nothing recomputes it on the side.
 */
export type AlertRuleChange = CreateChange | UpdateChange | DeleteChange | NoopChange;

/** A change that writes to the service. */
export type PendingChange = CreateChange | UpdateChange | DeleteChange;

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

export function pendingChanges(plan: Plan): PendingChange[] {
  return plan.changes.filter(isPending);
}

/** The plan with its pending changes, in order, replaced by `replacements` (one for each). */
export function withPendingReplaced(plan: Plan, replacements: readonly PendingChange[]): Plan {
  let next = 0;
  return { ...plan, changes: plan.changes.map((c) => (isPending(c) ? replacements[next++]! : c)) };
}

export function isPending(change: AlertRuleChange): change is PendingChange {
  return change.action !== 'noop';
}
