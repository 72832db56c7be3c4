/** The alert rules' part of a plan: the live state read, then the pure plan against it. */
import type { Diagnostic } from '../core/diagnostic.js';
import type { AlertRuleDocument } from '../documents/types.js';
import { planAlertRules } from '../plan/plan.js';
import { countChanges } from '../plan/summary.js';
import type { Plan } from '../plan/types.js';
import type { LiveAlertRule, ServiceClient } from '../service/types.js';
import { type Found, readLive, readReceivers } from './live-state.js';
import type { RunContext } from './types.js';

export interface RuleDocuments {
  readonly rules: readonly AlertRuleDocument[];
  /** The rules whose documents were removed since the base revision. */
  readonly removed: readonly AlertRuleDocument[];
  /** The rules at the base revision; null when there is no base. */
  readonly previous: readonly AlertRuleDocument[] | null;
  readonly organizations: readonly string[];
}

/** Without a client (no organization to read) the plan is made against no live state: its findings say why. */
export async function planRules(
  ctx: RunContext,
  client: ServiceClient | null,
  docs: RuleDocuments,
): Promise<{ readonly plan: Plan; readonly diagnostics: readonly Diagnostic[] }> {
  const live: Found<ReadonlyMap<string, readonly LiveAlertRule[]>> = client
    ? await readLive(client, docs.organizations, ctx.concurrency)
    : { value: new Map(), diagnostics: [] };
  const receivers = client
    ? await readReceivers(client, docs.rules, ctx.organizationId, live.value, ctx.concurrency, live.errors)
    : { value: null, diagnostics: [] };
  const plan = planAlertRules({
    documents: docs.rules,
    live: live.value,
    receivers: receivers.value,
    defaultOrganizationId: ctx.organizationId,
    removed: docs.removed,
    ...(docs.previous !== null ? { previous: docs.previous } : {}),
    prune: ctx.prune,
  });
  const counts = countChanges(plan);
  const read = plan.organizations.length;
  ctx.progress(
    `alert rules: ${counts.create} to create, ${counts.update} to update, ${counts.delete} to delete, ` +
      `${counts.unchanged} unchanged (${read} organization${read === 1 ? '' : 's'} read)`,
  );
  return { plan, diagnostics: [...live.diagnostics, ...receivers.diagnostics, ...plan.diagnostics] };
}
