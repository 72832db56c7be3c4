/**
 * The alert receivers' part of a plan: ONE getAlertReceivers per organization of the receiver documents
 * (through the run's name directory, which the rules' receivers are read from too), the pure plan against
 * it (kinds/alert-receiver/plan-changes.ts), and, once the rules are planned, the refusal of a delete that
 * a live rule would still name (ONE getAlertRules for an organization whose rules were not
 * read already). Every secret the documents reference is registered for masking before any request
 * (registerReceiverSecrets, documents/receiver-secrets.ts, called as soon as the documents are loaded).
 */
import { mapWithConcurrency } from '../core/concurrency.js';
import { compareDiagnostics, type Diagnostic } from '../core/diagnostic.js';
import type { AlertReceiverDocument, Document } from '../documents/types.js';
import { keptReceiverNotices, receiversStillUsed } from '../kinds/alert-receiver/in-use.js';
import { type PlannedReceivers, planReceivers } from '../kinds/alert-receiver/plan-changes.js';
import { removedReceiverDocuments } from '../model/removed.js';
import { changesOfKind, type Plan } from '../model/types.js';
import type { RunContext } from '../run/types.js';
import type { AlertReceiver, LiveAlertRule, ServiceClient } from '../service/types.js';
import { alertReceivers, organizationsOf } from './documents-by-kind.js';
import type { NameDirectory } from './name-directory.js';
import { readOrFind } from './service-findings.js';

export interface ReceiverDocuments {
  readonly receivers: readonly AlertReceiverDocument[];
  /** The receivers whose documents were removed since the base revision. */
  readonly removedReceivers: readonly AlertReceiverDocument[];
  /**
   * The files of the head whose documents were not all read (model/removed.ts, unreadFiles): what they
   * declared at the base is held, never deleted.
   */
  readonly unreadFiles: ReadonlySet<string>;
}

export function receiverDocuments(
  head: readonly Document[],
  base: readonly Document[] | null,
  defaultOrganizationId: string | null,
  unreadFiles: ReadonlySet<string>,
): ReceiverDocuments {
  const receivers = alertReceivers(head);
  const previous = base === null ? [] : alertReceivers(base);
  return {
    receivers,
    removedReceivers: removedReceiverDocuments(previous, receivers, defaultOrganizationId),
    unreadFiles,
  };
}

/**
 * The organizations of the receivers to plan, once each, in order: the removed ones too, prune or not (a
 * receiver kept because prune is off is said, with the rules that would refuse its delete).
 */
function receiverOrganizations(ctx: RunContext, docs: ReceiverDocuments): string[] {
  return organizationsOf([...docs.receivers, ...docs.removedReceivers], ctx.organizationId);
}

export interface ReceiverPart extends PlannedReceivers {
  /** The organizations whose receivers were read. */
  readonly organizations: readonly string[];
  /** The read failures. */
  readonly reads: readonly Diagnostic[];
}

export async function planReceiverPart(
  ctx: RunContext,
  directory: NameDirectory,
  docs: ReceiverDocuments,
  unreadFiles: ReadonlySet<string> = docs.unreadFiles,
): Promise<ReceiverPart> {
  const organizations = receiverOrganizations(ctx, docs);
  const read = await mapWithConcurrency(organizations, ctx.concurrency, (org) => directory.receivers(org));
  const live = new Map<string, readonly AlertReceiver[]>();
  organizations.forEach((org, i) => {
    const answer = read[i]!;
    if (answer.ok) live.set(org, answer.value);
  });
  const planned = planReceivers({
    documents: docs.receivers,
    removed: docs.removedReceivers,
    live,
    defaultOrganizationId: ctx.organizationId,
    prune: ctx.prune,
    unreadFiles,
    rotate: ctx.rotateSecrets === true,
    env: ctx.env,
  });
  return {
    ...planned,
    organizations: [...live.keys()],
    reads: read.flatMap((r) => (r.ok ? [] : [r.diagnostic])),
  };
}

/**
 * The rules' plan with the receivers' changes in its one list, first, and the refusal of each receiver delete a live
 * rule still names after the rules' changes (the rules of its organization are read when they were not
 * asked for already: a read that failed there is that organization's finding, and its plan's error).
 */
export async function withReceivers(
  ctx: RunContext,
  client: ServiceClient,
  part: ReceiverPart,
  plan: Plan,
  liveRules: ReadonlyMap<string, readonly LiveAlertRule[]>,
  rulesAsked: readonly string[],
): Promise<{ plan: Plan; reads: Diagnostic[] }> {
  const deleting = [
    ...new Set([
      ...part.changes.flatMap((c) => (c.action === 'delete' ? [c.organizationId] : [])),
      ...part.kept.map((k) => k.organizationId),
    ]),
  ];
  const unread = deleting.filter((org) => !rulesAsked.includes(org));
  const read = await mapWithConcurrency(unread, ctx.concurrency, (org) =>
    readOrFind(client.getAlertRules(org), `The alert rules of organization ${org} could not be read`),
  );
  const rules = new Map(liveRules);
  unread.forEach((org, i) => {
    const answer = read[i]!;
    if (answer.ok) rules.set(org, answer.value);
  });
  const ruleChanges = changesOfKind(plan.changes, 'AlertRule');
  const inUse = receiversStillUsed(part.changes, rules, ruleChanges);
  const kept = keptReceiverNotices(part.kept, rules, ruleChanges);
  const diagnostics = [...plan.diagnostics, ...part.diagnostics, ...inUse, ...kept].sort(compareDiagnostics);
  return {
    plan: {
      ...plan,
      // One list: the receivers' changes first, as apply writes their creates first.
      changes: [...part.changes, ...plan.changes],
      // One list of the live objects no document manages: the rules', then the receivers'.
      unmanaged: [...plan.unmanaged, ...part.unmanaged],
      diagnostics,
    },
    reads: read.flatMap((r) => (r.ok ? [] : [r.diagnostic])),
  };
}
