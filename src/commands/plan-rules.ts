/** The alert rules' part of a plan: the live state read, then the pure plan against it. */
import type { Diagnostic } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import type { AlertRuleDocument, Document } from '../documents/types.js';
import { countChanges } from '../plan/change-counts.js';
import { planAlertRules } from '../plan/plan-alert-rules.js';
import { removedDocuments } from '../plan/removed.js';
import type { Plan } from '../plan/types.js';
import type { RunContext } from '../run/types.js';
import type { LiveAlertRule, ServiceClient } from '../service/types.js';
import { alertRules, organizationsOf } from './documents-by-kind.js';
import { type Found, readLive, readReceivers } from './live-state.js';
import {
  planReceiverPart,
  type ReceiverDocuments,
  receiverDocuments,
  withReceivers,
} from './receivers-of-run.js';

export interface RuleDocuments extends ReceiverDocuments {
  readonly rules: readonly AlertRuleDocument[];
  /** The rules whose documents were removed since the base revision. */
  readonly removed: readonly AlertRuleDocument[];
  /** The rules at the base revision; null when there is no base. */
  readonly previous: readonly AlertRuleDocument[] | null;
  readonly organizations: readonly string[];
}

/**
 * The rule documents at the head and the base: those the change removed, and the organizations to read
 * (those of removed documents only with prune, as only then are their rules deleted).
 */
export function ruleDocuments(
  head: readonly Document[],
  base: readonly Document[] | null,
  defaultOrganizationId: string | null,
  prune: boolean,
): RuleDocuments {
  const rules = alertRules(head);
  const previous = base === null ? null : alertRules(base);
  const removed = previous === null ? [] : removedDocuments(previous, rules, defaultOrganizationId);
  const organizations = organizationsOf([...rules, ...(prune ? removed : [])], defaultOrganizationId);
  return { rules, removed, previous, organizations, ...receiverDocuments(head, base, defaultOrganizationId) };
}

export interface PlannedRules {
  readonly plan: Plan;
  /** The reads' findings and the plan's. */
  readonly diagnostics: readonly Diagnostic[];
  /** The live rules read, by organization (an organization whose read failed is absent). */
  readonly live: ReadonlyMap<string, readonly LiveAlertRule[]>;
  /** The findings of the reads alone. */
  readonly reads: readonly Diagnostic[];
}

/** Without a client (no organization to read) the plan is made against no live state: its findings say why. */
export async function planRules(
  ctx: RunContext,
  client: ServiceClient | null,
  docs: RuleDocuments,
): Promise<PlannedRules> {
  const live: Found<ReadonlyMap<string, readonly LiveAlertRule[]>> = client
    ? await readLive(client, docs.organizations, ctx.concurrency)
    : { value: new Map<string, readonly LiveAlertRule[]>(), diagnostics: [] };
  // Receivers first: a rule may name one this plan creates or renames (its names resolve against them).
  const anyReceiver = docs.receivers.length > 0 || docs.removedReceivers.length > 0;
  const receiverPart = client && anyReceiver ? await planReceiverPart(ctx, client, docs) : null;
  const receivers = client
    ? await readReceivers(
        client,
        docs.rules,
        ctx.organizationId,
        live.value,
        ctx.concurrency,
        live.errors,
        receiverPart?.after,
      )
    : { value: null, diagnostics: [] };
  const rulePlan = planAlertRules({
    documents: docs.rules,
    live: live.value,
    receivers: receivers.value,
    defaultOrganizationId: ctx.organizationId,
    removed: docs.removed,
    ...(docs.previous !== null ? { previous: docs.previous } : {}),
    prune: ctx.prune,
  });
  const withPart = receiverPart
    ? await withReceivers(ctx, client!, receiverPart, rulePlan, live.value)
    : null;
  const plan = withPart?.plan ?? rulePlan;
  const counts = countChanges(plan);
  const read = plan.organizations.length;
  ctx.progress(
    `alert rules${plan.receivers ? ' and receivers' : ''}: ${counts.create} to create, ${counts.update} to update, ${counts.delete} to delete, ` +
      `${counts.unchanged} unchanged (${plural(read, 'organization')} read)`,
  );
  const reads = [
    ...live.diagnostics,
    ...receivers.diagnostics,
    ...(receiverPart?.reads ?? []),
    ...(withPart?.reads ?? []),
  ];
  return { plan, diagnostics: [...reads, ...plan.diagnostics], live: live.value, reads };
}
