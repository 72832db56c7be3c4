/**
 * The one planner: load the documents (and the base revision), hide their secrets, read the live state of
 * each kind with the fewest requests (ONE list per organization and kind, ONE list each of clusters and
 * services to resolve names: resolve-names-step.ts), resolve the platform components, diff and order. Never
 * writes. `validate` stops after the load; `plan`, `apply`, `apply --plan`, `drift`, `backtest` and the
 * action's runs all plan through here, and their commands add only their options, output and exit code.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import type { AlertRuleDocument } from '../documents/types.js';
import { unreadFiles } from '../model/removed.js';
import type { ReportBase } from '../run/reports.js';
import type { RunContext } from '../run/types.js';
import type { ServiceClient } from '../service/types.js';
import { alertRules, organizationsDiffering, platformComponents } from './documents-by-kind.js';
import { type LoadRequest, loadRun } from './load-run.js';
import { nameDirectory } from './name-directory.js';
import { NOTHING_RESOLVED, resolveNamedComponents } from './plan-components.js';
import { type AlertDocuments, alertDocuments, type PlannedAlertKinds, planAlertKinds } from './plan-kinds.js';
import { clustersOf, runReport } from './run-report.js';
import { serviceNotices } from './service-findings.js';

/** The commands that plan: each adds its own fields to the common part of the report made here. */
export type PlanningCommand = 'plan' | 'apply' | 'drift';

export interface PlanRequest<C extends PlanningCommand> extends LoadRequest {
  readonly command: C;
}

/** A planned run: the report so far and the client that read the live state (null when none was needed). */
export interface PlannedRun<C extends PlanningCommand = PlanningCommand> {
  readonly report: ReportBase<C>;
  readonly client: ServiceClient | null;
  /** The digest of the documents planned (plan-file.ts). */
  readonly digest: string;
  /** The alert rules the documents declare, for the checks that point into their queries. */
  readonly rules: readonly AlertRuleDocument[];
  /**
   * What the plan was made from and against, for a check of a saved plan against it: the documents of each
   * kind, the live state read, the findings of the load and of the reads. Null when planning stopped first.
   */
  readonly made: {
    readonly documents: AlertDocuments;
    readonly planned: PlannedAlertKinds | null;
    readonly loaded: readonly Diagnostic[];
  } | null;
  /** `apply --plan`: why the plan could not be made again as the file was made (nothing was read). */
  readonly refused?: readonly Diagnostic[];
}

export async function makePlan<C extends PlanningCommand>(
  runCtx: RunContext,
  request: PlanRequest<C>,
): Promise<PlannedRun<C>> {
  const { command, again } = request;
  const started = runCtx.clock.now();
  // A plan made again for a saved plan is made as the file was: its base, prune and secrets rotation.
  const ctx: RunContext = again
    ? {
        ...runCtx,
        base: again.base,
        prune: again.prune,
        rotateSecrets: again.rotateSecrets,
        baseFallback: false,
      }
    : runCtx;
  const loaded = await loadRun(ctx, request);
  if ('refused' in loaded) {
    const report = runReport(ctx, { command, started, diagnostics: loaded.refused });
    return { report, client: null, digest: '', rules: [], made: null, refused: loaded.refused };
  }
  const { head, base, digest } = loaded;
  const skippedFiles = head.skippedFiles ?? [];
  const history = base.finding ? [base.finding] : [];
  const stopped = (diagnostics: readonly Diagnostic[]): PlannedRun<C> => ({
    report: runReport(ctx, { command, started, diagnostics, skippedFiles }),
    client: null,
    digest,
    rules: [],
    made: null,
  });
  // Stopped before any request: what the run would compare with is missing.
  if (base.finding?.severity === 'error') return stopped([...head.diagnostics, ...history]);

  const docs = alertDocuments(
    head.documents,
    base.documents?.documents ?? null,
    ctx.organizationId,
    ctx.prune,
    unreadFiles(head.diagnostics, skippedFiles),
  );
  const { rules, removed, organizations } = docs;
  const receivers = docs.receivers.length > 0 || docs.removedReceivers.length > 0;
  // A saved plan holds the alert kinds' changes only: its components are not resolved again.
  const components = again ? [] : platformComponents(head.documents);
  if (rules.length === 0 && removed.length === 0 && !receivers && components.length === 0) {
    if (!again) ctx.progress('no alert rule or platform component documents to plan');
    return {
      ...stopped([...head.diagnostics, ...history]),
      made: { documents: docs, planned: null, loaded: head.diagnostics },
    };
  }
  // The client (and its token) only when something must be read: documents naming no organization
  // get their error without one.
  const client = organizations.length > 0 || receivers || components.length > 0 ? ctx.service() : null;

  // One directory of names for the run: each list is read at most once, whichever part asks first.
  const directory = client && nameDirectory(client);
  // The alert kinds and the components need different requests: read both at once.
  const [planned, resolved] = await Promise.all([
    rules.length > 0 || removed.length > 0 || receivers ? planAlertKinds(ctx, client, docs, directory) : null,
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
  return {
    report: { ...report, digest },
    client,
    digest,
    rules: alertRules(head.documents),
    made: { documents: docs, planned, loaded: head.diagnostics },
  };
}
