/**
 * What the action's main step shows for a finished run, as one value: the workflow-command annotation
 * lines, the job summary, the step outputs and the conclusion. Pure: the step (run-main.ts) only writes
 * it out, so every face of the action is tested in-process.
 */
import { plural } from '../core/plural.js';
import type { Redactor } from '../core/redact.js';
import { annotationLines, checksRunLine, selectAnnotations } from '../report/annotations.js';
import type { SourceLinks } from '../report/change-markdown.js';
import type { CheckConclusion } from '../report/checks.js';
import { countRun, headline, isFailing, type RunCounts } from '../report/run-counts.js';
import { renderSummary, SUMMARY_LIMIT_BYTES } from '../report/step-summary.js';
import type { RunReport } from '../run/reports.js';
import type { ActionInputs } from './inputs.js';

/** Part of the step summary kept for cluster logs when an apply fails. */
export const LOGS_BUDGET_BYTES = 256 * 1024;

/** The verdict, known before anything is posted: the Checks run's conclusion needs it. */
export interface ActionVerdict {
  readonly counts: RunCounts;
  readonly failing: boolean;
  readonly checkConclusion: CheckConclusion;
  /** Whether the summary keeps room for cluster logs: an apply with failed writes. */
  readonly wantsLogs: boolean;
}

export function actionVerdict(report: RunReport, inputs: Pick<ActionInputs, 'failOn'>): ActionVerdict {
  const counts = countRun(report);
  const failing = isFailing(counts, inputs.failOn);
  // `success` of an apply is what a later push run trusts to tell outside edits (src/github/apply-run.ts):
  // it means every change was written AND the service stored it as sent. A write stored differently left
  // the live rule unlike its document: `neutral`, as for drift.
  const unconverged = report.results.some((r) => r.ok && r.converged === false);
  return {
    counts,
    failing,
    checkConclusion: failing ? 'failure' : counts.drift > 0 || unconverged ? 'neutral' : 'success',
    wantsLogs: report.command === 'apply' && counts.failed > 0,
  };
}

/** What the step learnt while posting, which the summary and annotations mention. */
export interface PublishFacts {
  /** Whether a Checks run holds every annotation. */
  readonly checkRunPublished: boolean;
  /** The Checks run's page, when it was published and GitHub gave its address. */
  readonly checkRunUrl: string | null;
  /** Where files and lines link to (the commit planned); null outside a repository on GitHub. */
  readonly links: SourceLinks | null;
  /** One line each about what could not be posted. */
  readonly notes: readonly string[];
  /** Where the run's JSON was written (the `plan-json` output). */
  readonly planJsonPath: string;
}

export interface ActionOutcome {
  readonly verdict: ActionVerdict;
  /**
   * Lines for stdout, redacted: the findings as workflow commands, or, when the Checks run carries them,
   * one line pointing at it (GitHub would otherwise show each annotation twice on the same line).
   */
  readonly annotations: readonly string[];
  /** The job summary, redacted; it leaves LOGS_BUDGET_BYTES free when `verdict.wantsLogs`. */
  readonly summary: string;
  readonly outputs: Readonly<Record<string, string | number>>;
  /** The failed step's message (redacted); null when the step succeeds. */
  readonly failure: string | null;
  /** One log line for a run that found drift without failing; null otherwise. */
  readonly info: string | null;
}

export function actionOutcome(
  report: RunReport,
  inputs: Pick<ActionInputs, 'failOn'>,
  facts: PublishFacts,
  redactor: Redactor,
): ActionOutcome {
  const verdict = actionVerdict(report, inputs);
  const { counts, failing } = verdict;
  const redact = (text: string) => redactor.redact(text);
  // core.setFailed prints one error annotation of its own: keep a slot for it within the caps.
  const reserved = { error: failing ? 1 : 0 };
  let annotations: string[];
  if (facts.checkRunPublished) {
    // The Checks run annotates every finding on a line. A finding about the run as a whole (a base that
    // cannot be read, a refused token) has no line to sit on there: the log is where it is read.
    const onLines = report.diagnostics.filter((d) => d.file !== '').length;
    const aboutRun = report.diagnostics.filter((d) => d.file === '');
    annotations = [
      ...(onLines > 0 ? [checksRunLine(onLines, facts.checkRunUrl)] : []),
      ...annotationLines(selectAnnotations(aboutRun, { reserved }), 'the job summary', redact),
    ];
  } else {
    annotations = annotationLines(
      selectAnnotations(report.diagnostics, { reserved }),
      'the job summary',
      redact,
    );
  }
  const summary = redact(
    renderSummary(report, counts, {
      notes: facts.notes,
      planJsonPath: facts.planJsonPath,
      findingsInChecksRun: facts.checkRunPublished,
      failOn: inputs.failOn,
      links: facts.links,
      limitBytes: verdict.wantsLogs ? SUMMARY_LIMIT_BYTES - LOGS_BUDGET_BYTES : SUMMARY_LIMIT_BYTES,
    }),
  );
  return {
    verdict,
    annotations,
    summary,
    outputs: {
      command: report.command,
      changes: counts.changes,
      violations: counts.violations,
      errors: counts.errors,
      warnings: counts.warnings,
      drift: counts.drift,
      applied: counts.applied,
      failed: counts.failed,
      'plan-json': facts.planJsonPath,
    },
    failure: failing ? redact(headline(report, counts)) : null,
    info:
      !failing && counts.drift > 0
        ? `Drift found: ${plural(counts.drift, 'alert rule')} ${counts.drift === 1 ? 'differs' : 'differ'} from the default branch.`
        : null,
  };
}
