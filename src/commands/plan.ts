/**
 * `plan`: validate, resolve the components, and plan the alert rules against the live state, with the
 * fewest requests: ONE getAlertRules per organization, ONE getAlertReceivers per organization whose rules
 * name receivers (to resolve names and check ids), ONE list each of its clusters and services (to resolve
 * the names documents write and name the ids reports show; projects and environments only for environment
 * targets: resolve-names-step.ts), nothing per rule. Never writes. `apply` and `drift`
 * start from the same run. The steps live beside it: base-revision.ts (history), live-state.ts (reads),
 * plan-rules.ts, plan-components.ts and run-report.ts.
 */

import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { plural } from '../core/plural.js';
import { loadDocuments } from '../documents/load.js';
import { registerReceiverSecrets } from '../documents/receiver-secrets.js';
import type { AlertRuleDocument } from '../documents/types.js';
import type { BaseApplied } from '../evidence/base-apply.js';
import { knownOutsideEdits } from '../evidence/known-outside-edits.js';
import { unreadFiles } from '../model/removed.js';
import { pendingChanges } from '../model/types.js';
import { documentsDigest, savePlan } from '../plan/plan-file.js';
import type { CommandName, RunContext, RunReport } from '../run/types.js';
import type { ServiceClient } from '../service/types.js';
import type { BacktestOptions } from './backtest.js';
import { loadBase, NO_BASE } from './base-revision.js';
import { organizationsDiffering, platformComponents } from './documents-by-kind.js';
import type { LiveSeriesOptions } from './live-series-check.js';
import { loadOptionsOf } from './load-options.js';
import { nameDirectory } from './name-directory.js';
import { NOTHING_RESOLVED, resolveNamedComponents } from './plan-components.js';
import { planRules, ruleDocuments } from './plan-rules.js';
import { clustersOf, runFindings, runReport } from './run-report.js';
import { serviceNotices } from './service-findings.js';

/** A planned run: the report so far and the client that read the live state (null when none was needed). */
export interface PlannedRun {
  readonly report: RunReport;
  readonly client: ServiceClient | null;
  /** The digest of the documents planned (plan-file.ts). */
  readonly digest: string;
  /** The alert rules the documents declare, for the checks that point into their queries. */
  readonly rules: readonly AlertRuleDocument[];
}

export interface PlanOptions {
  /** Write the plan to this file (`plan --out`), for `apply --plan`. */
  readonly out?: string;
  /**
   * The action's pull-request plan: whether its base commit was applied. Its outside edits are then told
   * only as that evidence supports (src/evidence/known-outside-edits.ts), and the report carries it.
   */
  readonly baseApplied?: BaseApplied;
  /** Backtest the rules the plan creates or whose condition it changes (backtest.ts). */
  readonly backtest?: BacktestOptions;
  /** Check that each selector of the rules checked matches series on its cluster (live-series-check.ts). */
  readonly live?: LiveSeriesOptions;
}

export async function runPlan(ctx: RunContext, options: PlanOptions = {}): Promise<RunReport> {
  const planned = await planRun(ctx, 'plan');
  const backtested =
    options.backtest === undefined ? planned.report : await withBacktest(ctx, planned, options.backtest);
  const tested =
    options.live === undefined
      ? backtested
      : await withLiveSeries(ctx, { ...planned, report: backtested }, options.live);
  const report =
    options.out === undefined
      ? tested
      : await writePlanFile(ctx, { ...planned, report: tested }, options.out);
  return options.baseApplied === undefined ? report : withBaseEvidence(report, options.baseApplied);
}

/** The report with the outside edits its base's apply supports (src/evidence/), and that evidence. */
export function withBaseEvidence(report: RunReport, base: BaseApplied): RunReport {
  if (report.plan === null) return { ...report, baseApplied: base };
  const known = knownOutsideEdits(report.plan, base);
  return {
    ...report,
    plan: known.plan,
    diagnostics: runFindings([...report.diagnostics, ...known.diagnostics]),
    baseApplied: base,
  };
}

/**
 * The report with the backtest of its plan, its findings and its requests. Nothing to backtest without a
 * plan, without the client that read it, or when no organization's rules could be read (nothing was
 * planned: the run's findings say why, and a backtest section would only say there was nothing to do).
 */
async function withBacktest(
  ctx: RunContext,
  planned: PlannedRun,
  options: BacktestOptions,
): Promise<RunReport> {
  const { report, client } = planned;
  if (report.plan === null || client === null || report.plan.organizations.length === 0) return report;
  const { runBacktest } = await import('./backtest.js');
  const started = ctx.clock.now();
  const run = await runBacktest(ctx, client, report.plan, options);
  return {
    ...report,
    backtest: run.report,
    diagnostics: runFindings([...report.diagnostics, ...run.diagnostics]),
    requests: client.requestCounts(),
    durationMs: report.durationMs + (ctx.clock.now() - started),
  };
}

/**
 * The report with the live series check of its plan's rules: its findings, its notice when the cluster's
 * metrics could not be asked, and its requests. Nothing to check without a plan or a client, as for the
 * backtest; never on a run without a token (a fork's pull request), which has no client.
 */
async function withLiveSeries(
  ctx: RunContext,
  planned: PlannedRun,
  options: LiveSeriesOptions,
): Promise<RunReport> {
  const { report, client } = planned;
  if (report.plan === null || client === null || report.plan.organizations.length === 0) return report;
  const { runLiveSeries } = await import('./live-series-check.js');
  const started = ctx.clock.now();
  const run = await runLiveSeries(ctx, client, report.plan, planned.rules, options);
  return {
    ...report,
    liveSeries: run.summary,
    diagnostics: runFindings([...report.diagnostics, ...run.diagnostics]),
    requests: client.requestCounts(),
    durationMs: report.durationMs + (ctx.clock.now() - started),
  };
}

/**
 * Writes the saved plan. A plan with errors is not saved: apply would refuse it, and a file that exists
 * reads as "ready to apply".
 */
async function writePlanFile(ctx: RunContext, planned: PlannedRun, out: string): Promise<RunReport> {
  const { report } = planned;
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  if (errors > 0 || report.plan === null) {
    const why = errors > 0 ? `${plural(errors, 'error')} must be fixed first` : 'nothing was planned';
    return { ...report, skipped: [...report.skipped, `no plan file written to ${out}: ${why}`] };
  }
  // The base as a commit: a name such as `main` or `HEAD~1` may name another one when the plan is applied.
  const base = ctx.base === null || ctx.git === null ? null : await ctx.git.commitOf(ctx.base);
  const saved = savePlan(pendingChanges(report.plan), {
    digest: planned.digest,
    commit: ctx.head,
    base,
    prune: ctx.prune,
    rotateSecrets: ctx.rotateSecrets === true,
  });
  await writeFile(resolve(out), `${JSON.stringify(saved, null, 2)}\n`, 'utf8');
  ctx.progress(`plan written to ${out} (${plural(saved.changes.length, 'change')})`);
  return report;
}

export async function planRun(
  ctx: RunContext,
  command: CommandName,
  options: { readonly useHistory?: boolean } = {},
): Promise<PlannedRun> {
  const started = ctx.clock.now();
  const paths = ctx.paths.length > 0 ? ctx.paths : ['.'];
  // The base first: a file that held documents at the base is read now whatever it holds (a typo in its
  // `kind` is an error on it, never a skipped file whose rules look removed).
  const base = options.useHistory === false ? NO_BASE : await loadBase(ctx, paths);
  const held = new Set(base.documents?.documents.map((d) => d.file));
  const head = await loadDocuments(ctx.root, paths, { ...loadOptionsOf(ctx), held });
  // Before any request: a secret a receiver takes from the environment is hidden from every output.
  registerReceiverSecrets(head.documents, ctx.env, ctx.redactor);
  const skippedFiles = head.skippedFiles ?? [];
  const history = base.finding ? [base.finding] : [];
  if (base.finding?.severity === 'error') {
    // Stopped before any request: what the run would compare with is missing.
    const diagnostics = [...head.diagnostics, ...history];
    const report = runReport(ctx, { command, started, diagnostics, skippedFiles });
    return { report, client: null, digest: documentsDigest(head.documents), rules: [] };
  }

  const docs = ruleDocuments(
    head.documents,
    base.documents?.documents ?? null,
    ctx.organizationId,
    ctx.prune,
    unreadFiles(head.diagnostics, skippedFiles),
  );
  const { rules, removed, organizations } = docs;
  const receivers = docs.receivers.length > 0 || docs.removedReceivers.length > 0;
  const components = platformComponents(head.documents);
  if (rules.length === 0 && removed.length === 0 && !receivers && components.length === 0) {
    ctx.progress('no alert rule or platform component documents to plan');
    const report = runReport(ctx, {
      command,
      started,
      diagnostics: [...head.diagnostics, ...history],
      skippedFiles,
    });
    return { report, client: null, digest: documentsDigest(head.documents), rules: [] };
  }
  // The client (and its token) only when something must be read: documents naming no organization
  // get their error without one.
  const client = organizations.length > 0 || receivers || components.length > 0 ? ctx.service() : null;

  // One directory of names for the run: each list is read at most once, whichever part asks first.
  const directory = client && nameDirectory(client);
  // Alert rules and components need different requests: read both at once.
  const [planned, resolved] = await Promise.all([
    rules.length > 0 || removed.length > 0 || receivers ? planRules(ctx, client, docs, directory) : null,
    client && directory && components.length > 0
      ? resolveNamedComponents(
          ctx,
          client,
          directory,
          components,
          base.documents === null ? null : platformComponents(base.documents.documents),
        )
      : NOTHING_RESOLVED,
  ]);

  const plan = planned?.plan ?? null;
  const report = runReport(ctx, {
    command,
    started,
    // A list both parts needed and could not read is one finding, said once.
    diagnostics: [
      ...new Set([
        ...head.diagnostics,
        ...history,
        ...organizationsDiffering([...rules, ...components], ctx.organizationId),
        ...(planned?.diagnostics ?? []),
        ...resolved.diagnostics,
        ...serviceNotices(client),
      ]),
    ],
    plan,
    components: resolved.results,
    skippedFiles,
    client,
    clusters: clustersOf(plan, resolved.documents ?? components, ctx.organizationId),
  });
  const digest = documentsDigest(head.documents);
  const alertRules = head.documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
  return { report: { ...report, digest }, client, digest, rules: alertRules };
}
