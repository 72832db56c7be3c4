/**
 * An alert rule's change (src/kinds/alert-rule/ plans and writes it): the request apply sends, what the
 * rule references by id and by name, and the live rule it was planned against.
 */
import type { ObjectiveSource } from '../documents/types.js';
import type { AlertRuleCreationRequest, AlertRuleEditRequest } from '../service/types.js';
import type { ChangeParts, FieldDiff, LiveFingerprint } from './change.js';
import type { PendingReference } from './pending-reference.js';

/** An id the plan writes, with the name a reviewer reads (null: no name is known, e.g. its list was not read). */
export interface NamedId {
  readonly id: string;
  readonly name: string | null;
}

/**
 * A receiver this apply creates, as a rule's references show it: by its name, `created by this apply`. It
 * has no id until its create answers (the rule's change awaits it: `awaits`).
 */
export interface PendingNamedId {
  readonly id: null;
  readonly name: string;
  readonly pending: true;
}

/** A receiver a rule pages: a live one by id and name, or one this apply creates. */
export type ReceiverReference = NamedId | PendingNamedId;

export function isPendingNamed(reference: ReceiverReference): reference is PendingNamedId {
  return reference.id === null;
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
  readonly receivers: readonly ReceiverReference[];
}

/** What every change of a rule says about it and the document behind it. */
interface RuleChangeParts extends ChangeParts {
  readonly kind: 'AlertRule';
  readonly clusterId: string | null;
  /** The rule's references as applying this change leaves them (a delete: as they are live). Absent: not known. */
  readonly references?: RuleReferences;
  /** An update's references as they are live before it: a reviewer reads receivers added and removed by name. */
  readonly referencesBefore?: RuleReferences;
  /** The service level objective that generated the rule; absent for a rule written as such. */
  readonly objective?: ObjectiveSource;
}

/** A rule a document declares and the service does not have: POST `request`. There is no id yet. */
export interface CreateChange extends RuleChangeParts {
  readonly action: 'create';
  readonly id: null;
  readonly clusterId: string;
  /** Exactly the body apply sends (its receiver ids completed with those of `awaits`). */
  readonly request: AlertRuleCreationRequest;
  /** The receivers it pages that this apply creates first; absent when none. */
  readonly awaits?: readonly PendingReference[];
}

/** A live rule that differs from its document: PUT `request` to `id`. */
export interface UpdateChange extends RuleChangeParts {
  readonly action: 'update';
  readonly id: string;
  /** The live rule this change was planned against: apply of a saved plan refuses it if the rule moved. */
  readonly against: LiveFingerprint;
  /** Exactly the body apply sends (the full rule: PUT replaces it), completed as a create's. */
  readonly request: AlertRuleEditRequest;
  /** The receivers it pages that this apply creates first; absent when none. */
  readonly awaits?: readonly PendingReference[];
  /**
   * Fields where the live rule differs from what was last applied or reviewed: someone edited the rule
   * outside git, and applying this change overwrites that edit. Absent when unknown or none.
   */
  readonly outsideEdit?: readonly FieldDiff[];
}

/** A live rule whose document was removed, with prune on: DELETE `id`. */
export interface DeleteChange extends RuleChangeParts {
  readonly action: 'delete';
  readonly id: string;
  /** The live rule this change was planned against (see UpdateChange). */
  readonly against: LiveFingerprint;
}

/** A live rule that already matches its document. */
export interface NoopChange extends RuleChangeParts {
  readonly action: 'noop';
  readonly id: string;
}

/** One alert rule in the plan, keyed by what applying it does. */
export type AlertRuleChange = CreateChange | UpdateChange | DeleteChange | NoopChange;

/** A rule's change that writes to the service. */
export type PendingRuleChange = CreateChange | UpdateChange | DeleteChange;

/** A live rule no document manages (made outside git, or in git before it was managed): listed, never touched. */
export interface UnmanagedRule extends LiveRuleRef {
  readonly kind: 'AlertRule';
}

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
