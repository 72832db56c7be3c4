/**
 * planAlertRules: a pure function of the desired documents and the live state. The Plan it returns is
 * the one value that reporters render and apply executes.
 */

import { compareDiagnostics, type Diagnostic, diagnostic } from '../../core/diagnostic.js';
import { type AlertRuleDocument, idTarget } from '../../documents/types.js';
import type {
  AlertRuleChange,
  CreateChange,
  LiveRuleRef,
  UnmanagedRule,
  UpdateChange,
} from '../../model/alert-rule-change.js';
import type { FieldDiff } from '../../model/change.js';
import { PLAN_CODES } from '../../model/codes.js';
import { organizationOfDocument } from '../../model/document-organization.js';
import type { NameBook } from '../../model/name-book.js';
import type { PendingReference } from '../../model/pending-reference.js';
import { unreadFiles } from '../../model/removed.js';
import type { Plan } from '../../model/types.js';
import type { AlertReceiver, LiveAlertRule, ManagedAlertRule } from '../../service/types.js';
import { withAwaitedReceivers } from './awaited-receivers.js';
import { diffEditFields, fieldsOfNewRule } from './fields.js';
import { fingerprintOf } from './fingerprint.js';
import { type Identity, identify, immutableFieldErrors, indexLive, type LiveIndex } from './identity.js';
import { reportLiveRules } from './live-report.js';
import { creationRequest, editFieldsOfLive, editRequestFromSpec } from './normalize.js';
import { withObjective } from './objective-source.js';
import { planDeletes } from './prune.js';
import { resolveReceivers } from './receiver-names.js';

export interface PlanInput {
  readonly documents: readonly AlertRuleDocument[];
  /** Live rules by organization: one list call each. An organization missing here was not read (its error is reported by the caller). */
  readonly live: ReadonlyMap<string, readonly LiveAlertRule[]>;
  /** Receivers by organization, to resolve names and check ids (receiver-names.ts); null when none were read. */
  readonly receivers: ReadonlyMap<string, readonly AlertReceiver[]> | null;
  readonly defaultOrganizationId: string | null;
  /** Documents deleted by the change being planned: their rules are deleted when `prune` is on. */
  readonly removed?: readonly AlertRuleDocument[];
  /**
   * What tells that a rule was edited outside git (src/evidence/outside-edit.ts, from the documents at the
   * parent revision); absent when that revision is unknown.
   */
  readonly outsideEdits?: OutsideEditsOf;
  readonly prune: boolean;
  /**
   * Files of the head whose documents were not all read (removed.ts, unreadFiles): what they declared at
   * the base is held, not deleted. The files of this plan's own errors (identity, receivers) are added.
   */
  readonly unreadFiles?: ReadonlySet<string>;
  /** Names of the ids, for the findings that show both (a target that cannot change). */
  readonly names?: NameBook;
}

/**
 * Given the live rules by organization (as the plan indexed them), the fields where a live rule differs
 * from what the parent revision declared for it; undefined when that is not known. Taken as a parameter:
 * the rule of outside edits is the evidence's (src/evidence/), on a floor above the plan.
 */
export type OutsideEditsOf = (
  liveByOrganization: ReadonlyMap<string, LiveIndex>,
) => (rule: ManagedAlertRule, organizationId: string) => FieldDiff[] | undefined;

/** A document that passed identity and receiver checks, with what it wants. */
interface Claim {
  readonly doc: AlertRuleDocument;
  readonly organizationId: string;
  readonly rule: ManagedAlertRule | null;
  readonly receiverIds: readonly string[];
  /** The receivers it names that this plan creates (no id yet). */
  readonly awaits: readonly PendingReference[];
  /** False when the document has an error: it still declares its rule (never pruned, never "unmanaged"), but gets no change. */
  readonly valid: boolean;
}

export function planAlertRules(input: PlanInput): Plan {
  const diagnostics: Diagnostic[] = [];
  const liveByOrganization = new Map<string, LiveIndex>();
  for (const [org, rules] of input.live) liveByOrganization.set(org, indexLive(rules));

  const claims: Claim[] = [];
  const unread = new Set<string>();
  for (const doc of input.documents) {
    const organization = organizationOfDocument(doc, input.defaultOrganizationId);
    if ('error' in organization) {
      diagnostics.push(organization.error);
      continue;
    }
    const { organizationId } = organization;
    const live = liveByOrganization.get(organizationId);
    if (live === undefined) {
      unread.add(organizationId);
      continue;
    }

    const moved = ruleOfOtherOrganization(doc, organizationId, liveByOrganization);
    const identity: Identity = moved
      ? { kind: 'existing', rule: moved }
      : identify(doc, organizationId, live);
    const receivers = resolveReceivers(doc, organizationId, input.receivers?.get(organizationId) ?? null);
    const errors = [
      ...(identity.kind === 'invalid' ? identity.diagnostics : []),
      ...(identity.kind === 'existing'
        ? immutableFieldErrors(doc, identity.rule, organizationId, input.names)
        : []),
      ...receivers.diagnostics,
    ];
    diagnostics.push(...errors);
    if (identity.kind === 'invalid') continue;
    claims.push({
      doc,
      organizationId,
      rule: identity.kind === 'existing' ? identity.rule : null,
      receiverIds: receivers.ids,
      awaits: receivers.awaits,
      valid: errors.length === 0,
    });
  }

  const duplicates = duplicateClaims(claims);
  diagnostics.push(...duplicates.diagnostics);
  const valid = claims.filter((c) => c.valid && !duplicates.docs.has(c.doc));

  const claimedBy = new Map<string, AlertRuleDocument>();
  for (const claim of claims) if (claim.rule) claimedBy.set(claim.rule.id, claim.doc);

  const outsideEditsOf = input.outsideEdits?.(liveByOrganization) ?? null;
  const changes = valid.map((claim) => withObjective(changeFor(claim, outsideEditsOf), claim.doc));
  const deletes = planDeletes({
    removed: input.removed ?? [],
    liveByOrganization,
    defaultOrganizationId: input.defaultOrganizationId,
    claimed: new Set(claimedBy.keys()),
    prune: input.prune,
    unread: unreadFiles(diagnostics, [...(input.unreadFiles ?? [])]),
  });
  diagnostics.push(...deletes.diagnostics);
  // A rule deleted, or held by a file that could not be read, is not one "no document manages".
  const deletedIds = new Set([...deletes.changes.map((c) => c.id), ...deletes.held]);

  const unmanaged: UnmanagedRule[] = [];
  const ghosts: LiveRuleRef[] = [];
  const outdated: LiveRuleRef[] = [];
  // The live rules listed beside the plan say their cluster by name too, where the run read the names.
  const named = (r: LiveRuleRef): LiveRuleRef =>
    r.clusterId && input.names ? { ...r, clusterName: input.names.cluster(r.clusterId).name } : r;
  for (const [org, live] of input.live) {
    const report = reportLiveRules(org, live, claimedBy);
    unmanaged.push(
      ...report.unmanaged
        .filter((r) => !deletedIds.has(r.id))
        .map((r): UnmanagedRule => ({ kind: 'AlertRule', ...named(r) })),
    );
    ghosts.push(...report.ghosts);
    outdated.push(...report.outdated.map(named));
    diagnostics.push(...report.diagnostics);
  }

  return {
    organizations: [...input.live.keys()],
    ...(unread.size > 0 ? { unread: [...unread] } : {}),
    changes: [...changes, ...deletes.changes],
    diagnostics: diagnostics.sort(compareDiagnostics),
    unmanaged,
    ghosts,
    outdated,
  };
}

/**
 * The rule of another organization (one that was read) whose id the document gives: the document moves it
 * to another organization, which an edit cannot do; immutableFieldErrors says so, rather than "no rule
 * with this id". Null when the id is in the document's own organization, or nowhere we can see.
 */
function ruleOfOtherOrganization(
  doc: AlertRuleDocument,
  organizationId: string,
  liveByOrganization: ReadonlyMap<string, LiveIndex>,
): ManagedAlertRule | null {
  const id = doc.value.id?.toLowerCase();
  if (id === undefined || liveByOrganization.get(organizationId)?.byId.has(id)) return null;
  for (const [org, live] of liveByOrganization) {
    const rule = org === organizationId ? undefined : live.byId.get(id);
    if (rule) return rule;
  }
  return null;
}

/** `outsideEditsOf`: a live rule's outside edits; null when the previous revision is unknown. */
function changeFor(claim: Claim, outsideEditsOf: ReturnType<OutsideEditsOf> | null): AlertRuleChange {
  const { doc, rule, organizationId, awaits } = claim;
  const spec = doc.value;
  const edit = editRequestFromSpec(spec, claim.receiverIds);
  // Each change is one literal with its fields in the same order, so that all changes of an action share
  // one hidden class: a spread of a common base gives every object a class of its own.
  const { name } = spec;
  const { file } = doc;
  const { line } = doc.range;

  if (rule === null) {
    // identify() returns 'new' only when cluster_id and target are present.
    const request = creationRequest(organizationId, spec.cluster_id!, idTarget(spec.target)!, edit);
    const diff = withAwaitedReceivers(fieldsOfNewRule(request), request, null, awaits);
    const clusterId = spec.cluster_id!;
    const create: CreateChange = {
      kind: 'AlertRule',
      action: 'create',
      id: null,
      name,
      organizationId,
      clusterId,
      file,
      line,
      diff,
      request,
    };
    // Rare (a receiver created by the same apply): only then does the change take the extra field.
    return awaits.length > 0 ? { ...create, awaits } : create;
  }

  const { id, cluster_id: clusterId } = rule;
  const live = editFieldsOfLive(rule);
  const diff = withAwaitedReceivers(diffEditFields(live, edit), edit, live.alert_receiver_ids, awaits);
  if (diff.length === 0)
    return { kind: 'AlertRule', action: 'noop', id, name, organizationId, clusterId, file, line, diff };
  const outsideEdit = outsideEditsOf?.(rule, organizationId);
  const update: UpdateChange = {
    kind: 'AlertRule',
    action: 'update',
    id,
    against: fingerprintOf(rule),
    name,
    organizationId,
    clusterId,
    file,
    line,
    diff,
    request: edit,
  };
  // Rare (someone edited the rule outside git; a receiver created by the same apply): only then does the
  // change take the extra field.
  const edited = outsideEdit !== undefined && outsideEdit.length > 0;
  if (!edited && awaits.length === 0) return update;
  return { ...update, ...(edited ? { outsideEdit } : {}), ...(awaits.length > 0 ? { awaits } : {}) };
}

function sameDeclaration(a: AlertRuleDocument, b: AlertRuleDocument): boolean {
  const sameKey = (x: string | undefined, y: string | undefined): boolean =>
    x !== undefined && y !== undefined && x.toLowerCase() === y.toLowerCase();
  return (
    sameKey(a.value.id, b.value.id) ||
    (sameKey(a.value.cluster_id, b.value.cluster_id) && a.value.name === b.value.name)
  );
}

/** Two documents declaring one rule (the same live rule, or the same new name on one cluster): an error on both. */
function duplicateClaims(claims: readonly Claim[]): {
  docs: Set<AlertRuleDocument>;
  diagnostics: Diagnostic[];
} {
  const groups = new Map<string, Claim[]>();
  for (const claim of claims) {
    const key = claim.rule
      ? `id:${claim.rule.id.toLowerCase()}`
      : `new:${claim.organizationId}:${claim.doc.value.cluster_id?.toLowerCase()}:${claim.doc.value.name}`;
    groups.set(key, [...(groups.get(key) ?? []), claim]);
  }
  const docs = new Set<AlertRuleDocument>();
  const diagnostics: Diagnostic[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const places = group.map((c) => `${c.doc.file}:${c.doc.range.line}`).join(', ');
    for (const claim of group) {
      docs.add(claim.doc);
      // The loader already reports two documents with one `id`, or one cluster_id + name; this adds the
      // cases only the live state reveals (one by id, one by name, naming the same rule).
      if (group.some((other) => other !== claim && sameDeclaration(other.doc, claim.doc))) continue;
      const what = claim.rule
        ? `alert rule "${claim.rule.name}" (${claim.rule.id})`
        : `a new alert rule "${claim.doc.value.name}" on cluster ${claim.doc.value.cluster_id}`;
      diagnostics.push(
        diagnostic(
          'error',
          claim.doc.file,
          claim.doc.locate(claim.doc.value.id !== undefined ? ['id'] : ['name']),
          PLAN_CODES.duplicateDocument,
          `Several documents declare ${what}: ${places}. Keep exactly one.`,
        ),
      );
    }
  }
  return { docs, diagnostics };
}
