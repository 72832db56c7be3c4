/**
 * `plan`: validate, resolve the components, and plan the alert rules against the live state, with the
 * fewest requests: ONE getAlertRules per organization, one getAlertReceivers per organization only when a
 * document names receivers, nothing per rule. Never writes. `apply` and `drift` start from the same run.
 */

import { mapWithConcurrency } from '../apply/pool.js';
import { resolveComponents } from '../components/resolve.js';
import type { ComponentResult } from '../components/types.js';
import { compareDiagnostics, type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { conflictingComponents, loadDocuments } from '../documents/index.js';
import type {
  AlertRuleDocument,
  Document,
  LoadResult,
  PlatformComponentDocument,
} from '../documents/types.js';
import { documentsAt } from '../git/documents-at.js';
import { PLAN_CODES } from '../plan/codes.js';
import { planAlertRules } from '../plan/plan.js';
import { removedDocuments } from '../plan/removed.js';
import { countChanges } from '../plan/summary.js';
import type { Plan } from '../plan/types.js';
import { ApiError } from '../service/errors.js';
import type { AlertReceiver, LiveAlertRule, RequestCounts, ServiceClient } from '../service/types.js';
import type { ClusterRef, CommandName, RunContext, RunReport } from './types.js';

/** A planned run: the report so far and the client that read the live state (null when none was needed). */
export interface PlannedRun {
  readonly report: RunReport;
  readonly client: ServiceClient | null;
}

export async function runPlan(ctx: RunContext): Promise<RunReport> {
  return (await planRun(ctx, 'plan')).report;
}

export async function planRun(
  ctx: RunContext,
  command: CommandName,
  options: { readonly useHistory?: boolean } = {},
): Promise<PlannedRun> {
  const started = ctx.clock.now();
  const paths = ctx.paths.length > 0 ? ctx.paths : ['.'];
  const head = await loadDocuments(ctx.root, paths);
  const skipped: string[] = [];
  const base = options.useHistory === false ? null : await loadBase(ctx, paths, skipped);

  const rules = alertRules(head.documents);
  const components = platformComponents(head.documents);
  const previous = base === null ? null : alertRules(base.documents);
  const removed = previous === null ? [] : removedDocuments(previous, rules, ctx.organizationId);
  const diagnostics: Diagnostic[] = [...head.diagnostics];

  const organizations = organizationsOf([...rules, ...(ctx.prune ? removed : [])], ctx.organizationId);
  if (rules.length === 0 && removed.length === 0 && components.length === 0) {
    ctx.progress('no alert rule or platform component documents to plan');
    return { report: finish(ctx, command, started, diagnostics, null, [], skipped, null), client: null };
  }
  // The client (and its token) only when something must be read: documents naming no organization
  // get their error without one.
  const client = organizations.length > 0 || components.length > 0 ? ctx.service() : null;

  // Alert rules and components need different requests: read both at once.
  const [plan, componentResults] = await Promise.all([
    rules.length > 0 || removed.length > 0
      ? planRules(ctx, client, { rules, removed, previous, organizations }, diagnostics)
      : null,
    client && components.length > 0
      ? resolveAll(
          ctx,
          client,
          components,
          base === null ? null : platformComponents(base.documents),
          diagnostics,
        )
      : [],
  ]);

  for (const notice of client?.notices() ?? []) {
    diagnostics.push(diagnostic('notice', '', FILE_START, PLAN_CODES.serviceNotice, notice));
  }
  const clusters = clustersOf(plan, components, ctx.organizationId);
  return {
    report: finish(ctx, command, started, diagnostics, plan, componentResults, skipped, client, clusters),
    client,
  };
}

interface RuleDocuments {
  readonly rules: readonly AlertRuleDocument[];
  readonly removed: readonly AlertRuleDocument[];
  readonly previous: readonly AlertRuleDocument[] | null;
  readonly organizations: readonly string[];
}

async function planRules(
  ctx: RunContext,
  client: ServiceClient | null,
  docs: RuleDocuments,
  diagnostics: Diagnostic[],
): Promise<Plan> {
  const live = client ? await readLive(client, docs.organizations, ctx.concurrency, diagnostics) : new Map();
  const receivers = client
    ? await readReceivers(client, docs.rules, ctx.organizationId, live, ctx.concurrency, diagnostics)
    : null;
  const plan = planAlertRules({
    documents: docs.rules,
    live,
    receivers,
    defaultOrganizationId: ctx.organizationId,
    removed: docs.removed,
    ...(docs.previous !== null ? { previous: docs.previous } : {}),
    prune: ctx.prune,
  });
  diagnostics.push(...plan.diagnostics);
  const counts = countChanges(plan);
  const read = plan.organizations.length;
  ctx.progress(
    `alert rules: ${counts.create} to create, ${counts.update} to update, ${counts.delete} to delete, ` +
      `${counts.unchanged} unchanged (${read} organization${read === 1 ? '' : 's'} read)`,
  );
  return plan;
}

/** On a pull request only the components that changed since the base (and those tied to them) are resolved. */
async function resolveAll(
  ctx: RunContext,
  client: ServiceClient,
  components: readonly PlatformComponentDocument[],
  baseComponents: readonly PlatformComponentDocument[] | null,
  diagnostics: Diagnostic[],
): Promise<readonly ComponentResult[]> {
  try {
    const report = await resolveComponents({
      documents: components,
      baseDocuments: ctx.allComponents ? null : baseComponents,
      client,
      defaultOrganizationId: ctx.organizationId,
      concurrency: ctx.concurrency,
      redactor: ctx.redactor,
    });
    diagnostics.push(...report.diagnostics);
    return report.results;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    diagnostics.push(serviceError('Platform components could not be resolved', error));
    return [];
  }
}

async function loadBase(
  ctx: RunContext,
  paths: readonly string[],
  skipped: string[],
): Promise<LoadResult | null> {
  if (ctx.base === null) return null;
  if (ctx.git === null) {
    skipped.push(
      `not a git repository: revision ${ctx.base} cannot be read, so removed documents and outside edits are not detected`,
    );
    return null;
  }
  const base = await documentsAt(ctx.git, ctx.base, paths);
  if (base === null) {
    skipped.push(
      `revision ${ctx.base} is not available (shallow clone?): removed documents, outside edits and changed ` +
        'components cannot be told apart; fetch more history (fetch-depth: 0) to get them',
    );
  }
  return base;
}

/** ONE list call per organization; a failure becomes an error finding and that organization is not planned. */
async function readLive(
  client: ServiceClient,
  organizations: readonly string[],
  concurrency: number,
  diagnostics: Diagnostic[],
): Promise<Map<string, readonly LiveAlertRule[]>> {
  const live = new Map<string, readonly LiveAlertRule[]>();
  await mapWithConcurrency(organizations, concurrency, async (org) => {
    try {
      live.set(org, await client.getAlertRules(org));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      diagnostics.push(serviceError(`The alert rules of organization ${org} could not be read`, error));
    }
  });
  // Map order follows the documents, not the order answers arrived in.
  return new Map(organizations.filter((org) => live.has(org)).map((org) => [org, live.get(org)!]));
}

/** Receivers are read only for organizations where a document names receivers by name. */
async function readReceivers(
  client: ServiceClient,
  rules: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
  live: ReadonlyMap<string, unknown>,
  concurrency: number,
  diagnostics: Diagnostic[],
): Promise<Map<string, readonly AlertReceiver[]> | null> {
  const named = rules.filter((doc) => (doc.value.alert_receivers ?? []).length > 0);
  const organizations = organizationsOf(named, defaultOrganizationId).filter((org) => live.has(org));
  if (organizations.length === 0) return null;
  const receivers = new Map<string, readonly AlertReceiver[]>();
  await mapWithConcurrency(organizations, concurrency, async (org) => {
    try {
      receivers.set(org, await client.getAlertReceivers(org));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      diagnostics.push(serviceError(`The alert receivers of organization ${org} could not be read`, error));
    }
  });
  return receivers;
}

export function serviceError(what: string, error: ApiError): Diagnostic {
  // Some messages already open with what happened ("Nothing was written: …"): said once.
  const message = error.message.startsWith(what) ? error.message : `${what}: ${error.message}`;
  return diagnostic('error', '', FILE_START, PLAN_CODES.serviceRequestFailed, message);
}

function alertRules(documents: readonly Document[]): AlertRuleDocument[] {
  return documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
}

/** The component documents to resolve: not those in conflict with another (they carry an error). */
function platformComponents(documents: readonly Document[]): PlatformComponentDocument[] {
  const conflicting = conflictingComponents(documents);
  return documents.filter(
    (d): d is PlatformComponentDocument => d.kind === 'PlatformComponent' && !conflicting.has(d),
  );
}

function organizationsOf(
  rules: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
): string[] {
  const organizations = new Set<string>();
  for (const doc of rules) {
    const org = doc.value.organization_id ?? defaultOrganizationId;
    if (org !== null) organizations.add(org);
  }
  return [...organizations];
}

/** The clusters the run planned changes for: the post step fetches their logs when the job fails. */
function clustersOf(
  plan: Plan | null,
  components: readonly PlatformComponentDocument[],
  defaultOrganizationId: string | null,
): ClusterRef[] {
  const refs = new Map<string, ClusterRef>();
  const add = (organizationId: string | null | undefined, clusterId: string | null | undefined): void => {
    if (!organizationId || !clusterId) return;
    refs.set(`${organizationId}/${clusterId}`.toLowerCase(), { organizationId, clusterId });
  };
  // Rules the documents already match are not what a failed job is about: only pending changes count.
  for (const change of plan?.changes ?? []) {
    if (change.action !== 'noop') add(change.organizationId, change.clusterId);
  }
  for (const doc of components) add(doc.value.organization_id ?? defaultOrganizationId, doc.value.cluster.id);
  return [...refs.values()];
}

const NO_REQUESTS: RequestCounts = { total: 0, byOperation: {} };

export function finish(
  ctx: RunContext,
  command: CommandName,
  started: number,
  diagnostics: readonly Diagnostic[],
  plan: Plan | null,
  components: readonly ComponentResult[],
  skipped: readonly string[],
  client: ServiceClient | null,
  clusters: readonly ClusterRef[] = [],
): RunReport {
  return {
    command,
    diagnostics: [...diagnostics].sort(compareDiagnostics),
    plan,
    components,
    results: [],
    requests: client?.requestCounts() ?? NO_REQUESTS,
    durationMs: ctx.clock.now() - started,
    skipped,
    clusters,
  };
}
