/** The alert kinds' part of a plan: the live state of each kind read, then each kind's pure plan against it, receivers first. */
import type { Diagnostic } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import type { AlertRuleDocument, Document } from '../documents/types.js';
import { outsideEditsSince } from '../evidence/outside-edit.js';
import { planAlertRules } from '../kinds/alert-rule/plan-changes.js';
import { refusedDocumentReceiverFindings } from '../kinds/alert-rule/receiver-names.js';
import { withReferences } from '../kinds/alert-rule/rule-references.js';
import { nameBook } from '../model/name-book.js';
import { removedDocuments, unreadFiles } from '../model/removed.js';
import type { Plan } from '../model/types.js';
import { countChanges } from '../plan/change-counts.js';
import { kindsNoun } from '../report/kind-words.js';
import type { RunContext } from '../run/types.js';
import type { LiveAlertRule, ServiceClient } from '../service/types.js';
import { alertRules, organizationsOf } from './documents-by-kind.js';
import { type Found, readLive, readReceivers } from './live-state.js';
import { type NameDirectory, nameDirectory } from './name-directory.js';
import {
  planReceiverPart,
  type ReceiverDocuments,
  receiverDocuments,
  withReceivers,
} from './receivers-of-run.js';
import { resolveEarlierDocuments, resolveRuleNamesStep } from './resolve-names-step.js';

const NO_LISTS = { clusters: [], services: [], projects: [], environments: [] } as const;

export interface AlertDocuments extends ReceiverDocuments {
  readonly rules: readonly AlertRuleDocument[];
  /** The rules whose documents were removed since the base revision. */
  readonly removed: readonly AlertRuleDocument[];
  /** The rules at the base revision; null when there is no base. */
  readonly previous: readonly AlertRuleDocument[] | null;
  readonly organizations: readonly string[];
}

/**
 * The rule documents at the head and the base: those the change removed, and the organizations to read
 * (those of removed documents only with prune, as only then are their rules deleted). `unreadFiles`: the
 * files of the head whose documents were not all read (model/removed.ts), whose base documents are held.
 */
export function alertDocuments(
  head: readonly Document[],
  base: readonly Document[] | null,
  defaultOrganizationId: string | null,
  prune: boolean,
  unreadFiles: ReadonlySet<string>,
): AlertDocuments {
  const rules = alertRules(head);
  const previous = base === null ? null : alertRules(base);
  const removed = previous === null ? [] : removedDocuments(previous, rules, defaultOrganizationId);
  const organizations = organizationsOf([...rules, ...(prune ? removed : [])], defaultOrganizationId);
  return {
    rules,
    removed,
    previous,
    organizations,
    ...receiverDocuments(head, base, defaultOrganizationId, unreadFiles),
  };
}

export interface PlannedAlertKinds {
  readonly plan: Plan;
  /** The reads' findings and the plan's. */
  readonly diagnostics: readonly Diagnostic[];
  /** The live rules read, by organization (an organization whose read failed is absent). */
  readonly live: ReadonlyMap<string, readonly LiveAlertRule[]>;
  /** The findings of the reads alone. */
  readonly reads: readonly Diagnostic[];
}

/** Without a client (no organization to read) the plan is made against no live state: its findings say why. */
export async function planAlertKinds(
  ctx: RunContext,
  client: ServiceClient | null,
  docs: AlertDocuments,
  directory: NameDirectory | null = client && nameDirectory(client),
): Promise<PlannedAlertKinds> {
  const live: Found<ReadonlyMap<string, readonly LiveAlertRule[]>> = client
    ? await readLive(client, docs.organizations, ctx.concurrency)
    : { value: new Map<string, readonly LiveAlertRule[]>(), diagnostics: [] };
  // Names after the rules: only the organizations read are resolved (the others are not planned), and a
  // token refused there is not refused again here.
  const named = directory
    ? await resolveRuleNamesStep(
        directory,
        docs.rules,
        ctx.organizationId,
        new Set(live.value.keys()),
        live.errors,
      )
    : null;
  const rules = named?.documents ?? docs.rules;
  // A document whose names cannot be resolved declares nothing either: its file's base documents are held.
  const unread = unreadFiles(named?.diagnostics ?? [], [...docs.unreadFiles]);
  // Receivers before the rules: a rule may name one this plan creates or renames (its names resolve
  // against them).
  const anyReceiver = docs.receivers.length > 0 || docs.removedReceivers.length > 0;
  const receiverPart = directory && anyReceiver ? await planReceiverPart(ctx, directory, docs, unread) : null;
  // The receivers of documents refused for a name are checked too (refusedDocumentReceiverFindings).
  const refused = named?.refused ?? [];
  const receivers = directory
    ? await readReceivers(
        directory,
        [...rules, ...refused],
        ctx.organizationId,
        live.value,
        ctx.concurrency,
        [...(live.errors ?? []), ...(named?.errors ?? [])],
        receiverPart?.after,
      )
    : { value: null, diagnostics: [] };
  const earlier = (documents: readonly AlertRuleDocument[]) =>
    named === null ? documents : resolveEarlierDocuments(documents, ctx.organizationId, named.byOrganization);
  const names = nameBook({
    ...(named?.lists ?? NO_LISTS),
    receivers: [...(receivers.value?.values() ?? [])].flat(),
  });
  const planned = planAlertRules({
    documents: rules,
    live: live.value,
    receivers: receivers.value,
    defaultOrganizationId: ctx.organizationId,
    // Removed and previous documents are resolved with the same lists: they are matched by the ids they
    // give, or the ids their names resolve to now.
    removed: earlier(docs.removed),
    ...(docs.previous !== null
      ? { outsideEdits: outsideEditsSince(earlier(docs.previous), ctx.organizationId, receivers.value) }
      : {}),
    prune: ctx.prune,
    unreadFiles: unread,
    names,
  });
  const rulePlan = withReferences(planned, live.value, names);
  const withPart = receiverPart
    ? await withReceivers(ctx, client!, receiverPart, rulePlan, live.value, docs.organizations)
    : null;
  const plan = withPart?.plan ?? rulePlan;
  // Counted from the plan's one list: the receivers' changes and the rules' alike.
  const counts = countChanges(plan);
  // The organizations read for any kind: a repository of receivers alone reads its organization too.
  const read = new Set([...plan.organizations, ...(receiverPart?.organizations ?? [])]).size;
  ctx.progress(
    `${kindsNoun(plan.changes, 'alert rules')}: ${counts.create} to create, ${counts.update} to update, ${counts.delete} to delete, ` +
      `${counts.unchanged} unchanged (${plural(read, 'organization')} read)`,
  );
  // The receivers' part and the rules read one organization's receivers through the directory: a read
  // both needed and could not make is one finding.
  const reads = [
    ...new Set([
      ...live.diagnostics,
      ...(named?.diagnostics ?? []),
      ...receivers.diagnostics,
      ...(receiverPart?.reads ?? []),
      ...(withPart?.reads ?? []),
    ]),
  ];
  const refusedReceivers = refusedDocumentReceiverFindings(refused, ctx.organizationId, receivers.value);
  return { plan, diagnostics: [...reads, ...refusedReceivers, ...plan.diagnostics], live: live.value, reads };
}
