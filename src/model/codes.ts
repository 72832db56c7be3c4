/**
 * Stable codes of the findings that planning, applying and exporting alert rules report. Users filter and
 * search on them (the end of annotations' messages, the JSON output), so a code never changes meaning.
 */
export const PLAN_CODES = {
  /** error: a document names no organization and no default is configured. */
  noOrganization: 'plan.no-organization',
  /** error: `id` names no live rule of the organization. */
  unknownId: 'plan.unknown-id',
  /** error: several live rules on the cluster have the document's name; `id` must choose. */
  ambiguousName: 'plan.ambiguous-name',
  /** error: a document matches no live rule and lacks what a create needs (`cluster_id`, `target`). */
  createIncomplete: 'plan.create-incomplete',
  /** error: the document changes `target`, `cluster_id` or `organization_id` of an existing rule. */
  immutableField: 'plan.immutable-field',
  /** error: two documents declare one rule, found through the live state (the loader reports the rest). */
  duplicateDocument: 'plan.duplicate-document',
  /** error: an `alert_receivers` name matches no receiver. */
  unknownReceiver: 'plan.unknown-receiver',
  /** error: an `alert_receivers` name matches several receivers. */
  ambiguousReceiver: 'plan.ambiguous-receiver',
  /** error: an AlertReceiver document's `id` matches no receiver of its organization. */
  receiverNotFound: 'plan.receiver-not-found',
  /** error: a receiver's secret is to be sent and its environment variable is not set. */
  receiverSecretMissing: 'plan.receiver-secret-missing',
  /** error: a receiver's secret is set to a value too short or too common to hide (core/secret-strength.ts). */
  receiverSecretWeak: 'plan.receiver-secret-weak',
  /** error: a receiver would be deleted while a live rule still names it after this apply: nothing is written. */
  receiverInUse: 'plan.receiver-in-use',
  /** error: receiver names cannot be resolved because the receivers could not be read. */
  receiversUnavailable: 'plan.receivers-unavailable',
  /** warning: a live rule's deployed version is outdated (`is_up_to_date: false`). */
  ruleNotUpToDate: 'plan.rule-not-up-to-date',
  /** notice: a ghost rule (in the alerting system, not in the service's database). */
  ghostRule: 'plan.ghost-rule',
  /** notice: a document was removed but prune is off, so its rule stays. */
  removedNotPruned: 'plan.removed-not-pruned',
  /** warning: a base document's file is still there but could not be read whole, so its rule or receiver is held, never pruned. */
  removedHeld: 'plan.removed-held',
  /** error: a request to the service failed (the message names the operation, status and service's words). */
  serviceRequestFailed: 'service.request-failed',
  /** notice: something the client tolerated at the boundary (an unknown enum value, a new field type). */
  serviceNotice: 'service.notice',
  /** error: `apply --plan`: the file is not a plan this version can execute (corrupt, foreign, other version). */
  planFileInvalid: 'apply.plan-file-invalid',
  /** error: `apply --plan`: the plan was made from other documents than those checked out. */
  planFileOtherDocuments: 'apply.plan-other-documents',
  /** error: `apply --plan`: a change of the file is not the one the documents give (edited, added, dropped): nothing is written. */
  planFileDiffers: 'apply.plan-differs',
  /** error: `apply --plan`: the live rule moved since the plan was made; the change is not written. */
  changedSincePlan: 'apply.changed-since-plan',
  /** warning (`on-unreviewed: warn`) or error (`refuse`, the change is not written): the action's push run writes a change that is not as reviewed on its pull request. */
  notAsReviewed: 'apply.not-as-reviewed',
  /** notice: `on-unreviewed: apply`: changes not as reviewed were written without a warning (how many). */
  reviewNotChecked: 'apply.review-not-enforced',
  /** notice: the action's push run (updates not reviewed) or pull-request plan could not tell outside edits: the base revision's apply is not known to have succeeded (why). */
  outsideEditsUnknown: 'plan.outside-edits-unknown',
  /** warning: the service answered an operation with Deprecation or Sunset headers (once per operation). */
  serviceDeprecated: 'service.deprecated',
  /** notice: what export wrote. */
  exportWritten: 'export.written',
  /** warning: `--org` (the organization-id input) is given and a document names another organization, which wins for that document (once per organization, at its first document). */
  organizationDiffers: 'plan.organization-differs',
} as const;

/** Codes of names that resolve to no single cluster, project, environment or service (plan/document-names.ts). */
export const NAME_CODES = {
  /** error: a path of names with the wrong number of parts, or an empty part. */
  'bad-reference': 'name.bad-reference',
  /** error: no cluster, project, environment or service has the name; the closest ones are offered. */
  'unknown-name': 'name.unknown',
  /** error: several have it; they are listed with their ids, and the id form says which. */
  'ambiguous-name': 'name.ambiguous',
  /** error: the named service is of a type no alert targets (a database, …). */
  'not-a-target': 'name.not-a-target',
  /** error: the document states a target_type other than the named service's. */
  'target-type-mismatch': 'name.target-type-mismatch',
} as const;

export type PlanCode = (typeof PLAN_CODES)[keyof typeof PLAN_CODES];
