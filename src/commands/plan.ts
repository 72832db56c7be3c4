/**
 * `plan`: validate, resolve the components, and plan the alert rules against the live state, with the
 * fewest requests: ONE getAlertRules per organization, one getAlertReceivers per organization only when a
 * document names receivers, nothing per rule. Never writes. `apply` and `drift` start from the same run.
 */

import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { resolveComponents } from '../components/resolve.js';
import type { ComponentResult } from '../components/types.js';
import { mapWithConcurrency } from '../core/concurrency.js';
import { compareDiagnostics, type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { conflictingComponents, loadDocuments } from '../documents/index.js';
import type {
  AlertRuleDocument,
  Document,
  LoadResult,
  PlatformComponentDocument,
} from '../documents/types.js';
import { HISTORY_CODES } from '../git/codes.js';
import { documentsAt } from '../git/documents-at.js';
import { PLAN_CODES } from '../plan/codes.js';
import { planAlertRules } from '../plan/plan.js';
import { documentsDigest, savePlan } from '../plan/plan-file.js';
import { removedDocuments } from '../plan/removed.js';
import { countChanges } from '../plan/summary.js';
import { type Plan, pendingChanges } from '../plan/types.js';
import { ApiError } from '../service/errors.js';
import type { AlertReceiver, LiveAlertRule, RequestCounts, ServiceClient } from '../service/types.js';
import { loadOptionsOf } from './load-options.js';
import type { ClusterRef, CommandName, RunContext, RunReport } from './types.js';

/** A planned run: the report so far and the client that read the live state (null when none was needed). */
export interface PlannedRun {
  readonly report: RunReport;
  readonly client: ServiceClient | null;
  /** The digest of the documents planned (plan-file.ts). */
  readonly digest: string;
}

export interface PlanOptions {
  /** Write the plan to this file (`plan --out`), for `apply --plan`. */
  readonly out?: string;
}

export async function runPlan(ctx: RunContext, options: PlanOptions = {}): Promise<RunReport> {
  const planned = await planRun(ctx, 'plan');
  return options.out === undefined ? planned.report : writePlanFile(ctx, planned, options.out);
}

/**
 * Writes the saved plan. A plan with errors is not saved: apply would refuse it, and a file that exists
 * reads as "ready to apply".
 */
async function writePlanFile(ctx: RunContext, planned: PlannedRun, out: string): Promise<RunReport> {
  const { report } = planned;
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  if (errors > 0 || report.plan === null) {
    const why =
      errors > 0 ? `${errors} error${errors === 1 ? '' : 's'} must be fixed first` : 'nothing was planned';
    return { ...report, skipped: [...report.skipped, `no plan file written to ${out}: ${why}`] };
  }
  const saved = savePlan(pendingChanges(report.plan), {
    digest: planned.digest,
    commit: ctx.head,
    prune: ctx.prune,
  });
  await writeFile(resolve(out), `${JSON.stringify(saved, null, 2)}\n`, 'utf8');
  ctx.progress(
    `plan written to ${out} (${saved.changes.length} change${saved.changes.length === 1 ? '' : 's'})`,
  );
  return report;
}

export async function planRun(
  ctx: RunContext,
  command: CommandName,
  options: { readonly useHistory?: boolean } = {},
): Promise<PlannedRun> {
  const started = ctx.clock.now();
  const paths = ctx.paths.length > 0 ? ctx.paths : ['.'];
  const head = await loadDocuments(ctx.root, paths, loadOptionsOf(ctx));
  const skippedFiles = head.skippedFiles ?? [];
  const base = options.useHistory === false ? NO_BASE : await loadBase(ctx, paths);
  const history = base.finding ? [base.finding] : [];
  if (base.finding?.severity === 'error') {
    // Stopped before any request: what the run would compare with is missing.
    const diagnostics = [...head.diagnostics, ...history];
    const report = runReport(ctx, { command, started, diagnostics, skippedFiles });
    return { report, client: null, digest: documentsDigest(head.documents) };
  }

  const rules = alertRules(head.documents);
  const components = platformComponents(head.documents);
  const previous = base.documents === null ? null : alertRules(base.documents.documents);
  const removed = previous === null ? [] : removedDocuments(previous, rules, ctx.organizationId);

  const organizations = organizationsOf([...rules, ...(ctx.prune ? removed : [])], ctx.organizationId);
  if (rules.length === 0 && removed.length === 0 && components.length === 0) {
    ctx.progress('no alert rule or platform component documents to plan');
    const report = runReport(ctx, {
      command,
      started,
      diagnostics: [...head.diagnostics, ...history],
      skippedFiles,
    });
    return { report, client: null, digest: documentsDigest(head.documents) };
  }
  // The client (and its token) only when something must be read: documents naming no organization
  // get their error without one.
  const client = organizations.length > 0 || components.length > 0 ? ctx.service() : null;

  // Alert rules and components need different requests: read both at once.
  const [planned, resolved] = await Promise.all([
    rules.length > 0 || removed.length > 0
      ? planRules(ctx, client, { rules, removed, previous, organizations })
      : null,
    client && components.length > 0
      ? resolveAll(
          ctx,
          client,
          components,
          base.documents === null ? null : platformComponents(base.documents.documents),
        )
      : NOTHING_RESOLVED,
  ]);

  const notices = [
    ...(client?.notices() ?? []).map((notice) =>
      diagnostic('notice', '', FILE_START, PLAN_CODES.serviceNotice, notice),
    ),
    ...(client?.deprecations() ?? []).map((warning) =>
      diagnostic('warning', '', FILE_START, PLAN_CODES.serviceDeprecated, warning),
    ),
  ];
  const plan = planned?.plan ?? null;
  const report = runReport(ctx, {
    command,
    started,
    diagnostics: [
      ...head.diagnostics,
      ...history,
      ...(planned?.diagnostics ?? []),
      ...resolved.diagnostics,
      ...notices,
    ],
    plan,
    components: resolved.results,
    skippedFiles,
    client,
    clusters: clustersOf(plan, components, ctx.organizationId),
  });
  const digest = documentsDigest(head.documents);
  return { report: { ...report, digest }, client, digest };
}

interface RuleDocuments {
  readonly rules: readonly AlertRuleDocument[];
  readonly removed: readonly AlertRuleDocument[];
  readonly previous: readonly AlertRuleDocument[] | null;
  readonly organizations: readonly string[];
}

/** What a step found: its value, and the findings it adds to the run's. */
interface Found<T> {
  readonly diagnostics: readonly Diagnostic[];
  readonly value: T;
}

async function planRules(
  ctx: RunContext,
  client: ServiceClient | null,
  docs: RuleDocuments,
): Promise<{ readonly plan: Plan; readonly diagnostics: readonly Diagnostic[] }> {
  const live = client
    ? await readLive(client, docs.organizations, ctx.concurrency)
    : { value: new Map(), diagnostics: [] };
  const receivers = client
    ? await readReceivers(client, docs.rules, ctx.organizationId, live.value, ctx.concurrency)
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

const NOTHING_RESOLVED = { results: [], diagnostics: [] } as const;

/** On a pull request only the components that changed since the base (and those tied to them) are resolved. */
async function resolveAll(
  ctx: RunContext,
  client: ServiceClient,
  components: readonly PlatformComponentDocument[],
  baseComponents: readonly PlatformComponentDocument[] | null,
): Promise<{ readonly results: readonly ComponentResult[]; readonly diagnostics: readonly Diagnostic[] }> {
  try {
    return await resolveComponents({
      documents: components,
      baseDocuments: ctx.allComponents ? null : baseComponents,
      client,
      defaultOrganizationId: ctx.organizationId,
      concurrency: ctx.concurrency,
      redactor: ctx.redactor,
      env: ctx.env,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { results: [], diagnostics: [serviceError('Platform components could not be resolved', error)] };
  }
}

/** The documents at the base revision (null when there is none or it cannot be read), and why not. */
interface Base {
  readonly documents: LoadResult | null;
  readonly finding: Diagnostic | null;
}

const NO_BASE: Base = { documents: null, finding: null };

/**
 * A base that cannot be read is an error: without it removed documents, outside edits and changed
 * components cannot be told apart, and a green run would hide that. Only where the run may fall back (the
 * action's pull-request plan) it is a warning, and every component is resolved instead.
 */
async function loadBase(ctx: RunContext, paths: readonly string[]): Promise<Base> {
  if (ctx.base === null) {
    if (!ctx.prune) return NO_BASE;
    const message =
      'prune needs a base revision to find the documents removed since it (--base REV); nothing was read or written';
    return { documents: null, finding: historyFinding('error', HISTORY_CODES.pruneWithoutBase, message) };
  }
  // Relative paths are the working directory's; git reads them relative to the root.
  const from = ctx.pathsFrom;
  const documents =
    ctx.git === null
      ? null
      : await documentsAt(ctx.git, ctx.base, from ? paths.map((p) => resolve(from, p)) : paths);
  if (documents !== null) return { documents, finding: null };
  const why =
    ctx.git === null ? 'this is not a git repository' : 'it is not in this clone (a shallow clone?)';
  const fix = 'fetch the history (actions/checkout with fetch-depth: 0, or git fetch --unshallow)';
  if (ctx.baseFallback && !ctx.prune) {
    const message = `revision ${ctx.base} cannot be read: ${why}; every component is resolved instead. To compare with the base, ${fix}`;
    return { documents: null, finding: historyFinding('warning', HISTORY_CODES.baseUnreadable, message) };
  }
  const message = `revision ${ctx.base} cannot be read: ${why}. ${fix[0]!.toUpperCase()}${fix.slice(1)}, or pass a --base that exists`;
  return { documents: null, finding: historyFinding('error', HISTORY_CODES.baseUnreadable, message) };
}

function historyFinding(severity: 'error' | 'warning', code: string, message: string): Diagnostic {
  return diagnostic(severity, '', FILE_START, code, message);
}

/** ONE list call per organization; a failure becomes an error finding and that organization is not planned. */
export async function readLive(
  client: ServiceClient,
  organizations: readonly string[],
  concurrency: number,
): Promise<Found<Map<string, readonly LiveAlertRule[]>>> {
  const read = await mapWithConcurrency(organizations, concurrency, (org) =>
    readOrFind(client.getAlertRules(org), `The alert rules of organization ${org} could not be read`),
  );
  // Map order follows the documents, not the order answers arrived in.
  return {
    value: new Map(organizations.flatMap((org, i) => (read[i]!.ok ? [[org, read[i]!.value] as const] : []))),
    diagnostics: read.flatMap((r) => (r.ok ? [] : [r.diagnostic])),
  };
}

type Read<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly diagnostic: Diagnostic };

/** One read: its answer, or the error finding that says what could not be read. */
async function readOrFind<T>(request: Promise<T>, what: string): Promise<Read<T>> {
  try {
    return { ok: true, value: await request };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, diagnostic: serviceError(what, error) };
  }
}

/** Receivers are read only for organizations where a document names receivers by name. */
async function readReceivers(
  client: ServiceClient,
  rules: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
  live: ReadonlyMap<string, unknown>,
  concurrency: number,
): Promise<Found<Map<string, readonly AlertReceiver[]> | null>> {
  const named = rules.filter((doc) => (doc.value.alert_receivers ?? []).length > 0);
  const organizations = organizationsOf(named, defaultOrganizationId).filter((org) => live.has(org));
  if (organizations.length === 0) return { value: null, diagnostics: [] };
  const read = await mapWithConcurrency(organizations, concurrency, (org) =>
    readOrFind(client.getAlertReceivers(org), `The alert receivers of organization ${org} could not be read`),
  );
  return {
    value: new Map(organizations.flatMap((org, i) => (read[i]!.ok ? [[org, read[i]!.value] as const] : []))),
    diagnostics: read.flatMap((r) => (r.ok ? [] : [r.diagnostic])),
  };
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

/** What a run found, before any write; the parts not given are empty. */
export interface RunFindings {
  readonly command: CommandName;
  /** `ctx.clock.now()` when the run started. */
  readonly started: number;
  readonly diagnostics: readonly Diagnostic[];
  readonly plan?: Plan | null;
  readonly components?: readonly ComponentResult[];
  readonly skipped?: readonly string[];
  /** YAML files that hold no document of ours, passed over (listed with --verbose and in the JSON). */
  readonly skippedFiles?: readonly string[];
  /** The client that made the run's requests (their count goes in the report); null when none. */
  readonly client?: ServiceClient | null;
  readonly clusters?: readonly ClusterRef[];
}

/** The RunReport of a run that wrote nothing (apply adds its results to it). */
export function runReport(ctx: RunContext, found: RunFindings): RunReport {
  return {
    command: found.command,
    diagnostics: [...found.diagnostics].sort(compareDiagnostics),
    plan: found.plan ?? null,
    components: found.components ?? [],
    results: [],
    requests: found.client?.requestCounts() ?? NO_REQUESTS,
    durationMs: ctx.clock.now() - found.started,
    skipped: found.skipped ?? [],
    clusters: found.clusters ?? [],
    ...(found.skippedFiles ? { skippedFiles: found.skippedFiles } : {}),
  };
}
