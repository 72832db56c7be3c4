import type { Diagnostic } from '../core/diagnostic.js';
import type { ObjectiveSource } from '../documents/types.js';
import type { AlertRuleCreationRequest, AlertRuleEditRequest } from '../service/types.js';
import type { LiveFingerprint } from './evidence/fingerprint.js';
import type { UnmanagedReceiver } from './plan-receivers.js';
import type { ReceiverChange } from './receiver-types.js';

/** What applying a change does to the service. `noop`: the document and the live rule already agree. */
export type ChangeAction = 'create' | 'update' | 'delete' | 'noop';

/** One field that differs. `path` is dotted (`condition.promql`, `alert_receiver_ids`). */
export interface FieldDiff {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** An id the plan writes, with the name a reviewer reads (null: no name is known, e.g. its list was not read). */
export interface NamedId {
  readonly id: string;
  readonly name: string | null;
}

/**
 * An alert target by id and name: `name` is the service's, environment's or cluster's own name; `within`
 * is where it lives (`project/environment` for a service, `project` for an environment, null for a
 * cluster). A reviewer reads `api` in `shop/production` · APPLICATION.
 */
export interface NamedTarget extends NamedId {
  readonly type: string;
  readonly within: string | null;
}

/**
 * What a rule references, by id and by name, whichever form its document used: the plan pins the ids,
 * the reports and the JSON output show both.
 */
export interface RuleReferences {
  readonly cluster: NamedId | null;
  readonly target: NamedTarget | null;
  readonly receivers: readonly NamedId[];
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
  /** The rule's references as applying this change leaves them (a delete: as they are live). Absent: not known. */
  readonly references?: RuleReferences;
  /** An update's references as they are live before it: a reviewer reads receivers added and removed by name. */
  readonly referencesBefore?: RuleReferences;
  /** The service level objective that generated the rule; absent for a rule written as such. */
  readonly objective?: ObjectiveSource;
}

/** Why the gate (gate.ts) held a change back: it is not written, and the report says so. */
export type HoldReason =
  /** The run found errors: nothing is written until they are fixed. */
  | 'findings block the apply'
  /** The push run's change was not on the reviewed pull request's plan (on-unreviewed: refuse). */
  | 'not reviewed'
  /** The push run's change differs from the one reviewed (on-unreviewed: refuse). */
  | 'changed since review'
  /** A saved plan's change whose live rule moved since the plan was made. */
  | 'changed since the saved plan'
  /** `apply --plan --strict`: another change of the file was held, so none is written. */
  | 'another change was held (strict)'
  /** A delete of a plan executed without prune. */
  | 'prune is off'
  /** A rule naming a receiver that this apply was to create, and did not. */
  | 'a receiver it names was not created';

/** The gate's mark on a pending change: apply writes the admitted ones and only those. */
export type GateMark =
  | { readonly admitted: true }
  | { readonly admitted: false; readonly reason: HoldReason };

/** The marks the gate gives (gate.ts to the rules' changes, receiver-gate.ts to the receivers'). */
export const ADMITTED: GateMark = { admitted: true };
export const held = (reason: HoldReason): GateMark => ({ admitted: false, reason });

/** What the service answered to one write (apply/types.ts pairs it with its change as a ChangeResult). */
export interface WriteResult {
  /** The rule's id after the write: the new id of a create, the change's id otherwise (null: unknown). */
  readonly id: string | null;
  readonly ok: boolean;
  /** HTTP status of the write, null when no answer came (or nothing was sent). */
  readonly status: number | null;
  /** One sentence for a person when the write failed. */
  readonly error?: string;
  /** True when the write was not sent at all: an earlier one showed that every write would be refused. */
  readonly notSent?: boolean;
  /** True when the service's answer equals the desired state. */
  readonly converged?: boolean;
  /** Fields the service stored differently from what was sent (before = sent, after = stored). */
  readonly storedDifferently?: readonly FieldDiff[];
  /** What else a person should know about this write, e.g. a concurrent duplicate removed. */
  readonly note?: string;
}

/**
 * What a pending change carries once a run gates and applies it: the plan that goes into apply is the
 * plan that comes out, each change with its mark and, when written, the service's answer.
 */
interface Gated {
  /** Set by the gate (gate.ts); absent on a plan that was not gated (`plan`, `drift`). */
  readonly gate?: GateMark;
  /** Set by apply on each change it wrote (or tried to). */
  readonly result?: WriteResult;
}

/** A rule a document declares and the service does not have: POST `request`. There is no id yet. */
export interface CreateChange extends ChangeBase, Gated {
  readonly action: 'create';
  readonly id: null;
  readonly clusterId: string;
  /** Exactly the body apply sends. */
  readonly request: AlertRuleCreationRequest;
}

/** A live rule that differs from its document: PUT `request` to `id`. */
export interface UpdateChange extends ChangeBase, Gated {
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
export interface DeleteChange extends ChangeBase, Gated {
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
  /** The cluster's name, from the clusters list the run read; absent or null when not known. */
  readonly clusterName?: string | null;
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
  /** The alert receivers' changes (receiver-types.ts), in file order then deletes; absent: no receiver planned. */
  readonly receivers?: readonly ReceiverChange[];
  /** Live receivers of the organizations read that no document manages (made outside git): listed, never touched. */
  readonly unmanagedReceivers?: readonly UnmanagedReceiver[];
}

export function pendingChanges(plan: Plan): PendingChange[] {
  return plan.changes.filter(isPending);
}

/** The plan with its pending changes, in order, replaced by `replacements` (one for each). */
export function withPendingReplaced(plan: Plan, replacements: readonly PendingChange[]): Plan {
  let next = 0;
  return { ...plan, changes: plan.changes.map((c) => (isPending(c) ? replacements[next++]! : c)) };
}

/** The pending changes the gate admitted: exactly what apply writes. */
export function admittedChanges(plan: Plan): PendingChange[] {
  return pendingChanges(plan).filter((c) => c.gate?.admitted === true);
}

export function isPending(change: AlertRuleChange): change is PendingChange {
  return change.action !== 'noop';
}
