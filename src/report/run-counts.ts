import { plural } from '../core/plural.js';
import { leftOutClause } from '../documents/limits.js';
import { type Plan, pendingChanges } from '../model/types.js';
import { countByKind, type KindCounts, pendingCount } from '../plan/change-counts.js';
import type { RunReport } from '../run/reports.js';
import { driftedWords } from './kind-words.js';
import { countReceiverTests, receiverTestsHeadline } from './receiver-tests.js';

/** The numbers a run is judged by: the action's outputs, the Checks conclusion and the exit status. */
export interface RunCounts {
  /** Alert-rule and alert-receiver changes pending in the plan (creates, updates, deletes). */
  readonly changes: number;
  readonly violations: number;
  /** Error findings plus failed writes. */
  readonly errors: number;
  readonly warnings: number;
  /** Pending changes of a drift check; 0 for other commands. */
  readonly drift: number;
  readonly applied: number;
  readonly failed: number;
}

export function countRun(report: RunReport): RunCounts {
  const changes = pendingCount(report.plan);
  // Every write of the run, rules' and receivers' alike (apply/types.ts resultsOf).
  const failed = report.results.filter((r) => !r.ok).length;
  // A test message that could not be sent fails the run as a failed write does.
  const failedTests = countReceiverTests(report).failed;
  return {
    changes,
    violations: report.components.reduce((sum, c) => sum + c.violations, 0),
    errors: report.diagnostics.filter((d) => d.severity === 'error').length + failed + failedTests,
    warnings: report.diagnostics.filter((d) => d.severity === 'warning').length,
    drift: report.command === 'drift' ? changes : 0,
    applied: report.results.filter((r) => r.ok).length,
    failed,
  };
}

/** Whether the step fails: errors always; warnings too when fail-on is `warning`. */
export function isFailing(counts: RunCounts, failOn: 'error' | 'warning'): boolean {
  return counts.errors > 0 || (failOn === 'warning' && counts.warnings > 0);
}

/**
 * The run's counts in one line (`plan: 1 error, 2 changes pending`), for the Checks run title, the pull
 * request comment and the failed step's line; the closing sentence of the terminal, the JSON and the job
 * summary is runOutcome's.
 */
export function headline(report: RunReport, counts: RunCounts): string {
  const parts: string[] = [];
  // No changes counted because the live rules could not be read is not "no changes" (nor "no drift").
  const unread = (report.plan?.unread ?? []).length > 0 && counts.changes === 0;
  const tests = countReceiverTests(report);
  // Failed tests are counted in the headline's own words, not again as errors.
  const errors = counts.errors - tests.failed;
  if (errors > 0) parts.push(plural(errors, 'error'));
  if (counts.warnings > 0) parts.push(plural(counts.warnings, 'warning'));
  switch (report.command) {
    case 'test-receivers':
      parts.push(receiverTestsHeadline(tests));
      break;
    case 'apply':
      parts.push(`${counts.applied} applied`);
      if (counts.failed > 0) parts.push(`${counts.failed} failed`);
      break;
    case 'drift':
      parts.push(
        counts.drift > 0
          ? `${driftedWords(pendingByKind(report.plan), 'rule')} drifted`
          : unread
            ? 'live rules not read'
            : 'no drift',
      );
      break;
    case 'plan':
      parts.push(
        counts.changes > 0
          ? `${plural(counts.changes, 'change')} pending`
          : unread
            ? 'live rules not read'
            : 'no changes',
      );
      break;
    default:
      if (counts.errors === 0 && counts.warnings === 0) parts.push('all documents valid');
  }
  if (counts.violations > 0) parts.push(plural(counts.violations, 'component violation'));
  return `${report.command}: ${parts.join(', ')}`;
}

/**
 * How a run ended, in one of five words: `done` (it did what it was asked), `nothing to do`, `changes
 * pending` (a plan, or drift, to be applied), `refused` (it would not write: errors first) and `failed`.
 * One function decides it; the terminal's closing line, the JSON's `outcome` and the job summary's
 * verdict line all render this value, so none of them can read as success after a failure.
 */
export type OutcomeKind = 'done' | 'nothing to do' | 'changes pending' | 'refused' | 'failed';

export interface RunOutcome {
  readonly kind: OutcomeKind;
  /** The closing sentence: the outcome's words, then why, e.g. `Failed: the live alert rules of … could not be read, so nothing was planned; 1 error.` */
  readonly line: string;
}

const LABEL: Record<OutcomeKind, string> = {
  done: 'Done',
  'nothing to do': 'Nothing to do',
  'changes pending': 'Changes pending',
  refused: 'Refused',
  failed: 'Failed',
};

export function runOutcome(
  report: RunReport,
  failOn: 'error' | 'warning' = 'error',
  counts: RunCounts = countRun(report),
): RunOutcome {
  const findings = counts.errors - counts.failed - countReceiverTests(report).failed;
  const issues =
    [
      ...(findings > 0 ? [plural(findings, 'error')] : []),
      ...(counts.warnings > 0 ? [plural(counts.warnings, 'warning')] : []),
    ].join(', ') + leftOutClause(report.diagnostics);
  const also = issues ? `; ${issues}` : '';
  const end = (kind: OutcomeKind, why: string): RunOutcome => ({ kind, line: `${LABEL[kind]}: ${why}.` });
  const pending = pendingCount(report.plan);
  const unread = report.plan?.unread ?? [];
  const written = counts.applied;

  if (report.command === 'test-receivers') return testsOutcome(report, findings, end, also);
  if (counts.failed > 0) {
    const tried = plural(counts.applied + counts.failed, 'write');
    return end('failed', `${counts.failed} of ${tried} failed, ${written} written${also}`);
  }
  if (unread.length > 0) {
    // Nothing pending because nothing could be read is not "nothing to do".
    const planned = pending > 0 ? 'only the other organizations were planned' : 'nothing was planned';
    return end(
      'failed',
      `the live alert rules of ${unread.join(', ')} could not be read, so ${planned}${also}`,
    );
  }
  if (isFailing(counts, failOn)) {
    // An apply (or a remediation) whose gate held writes back refused; anything else failed.
    if (heldBack(report.plan) && pending > written) {
      const what =
        written === 0
          ? 'nothing was written'
          : `${pending - written} of ${plural(pending, 'change')} not written, ${written} written`;
      // Only what fails the run holds writes back: warnings under fail-on: error are said apart.
      const warned = plural(counts.warnings, 'warning');
      const [blocking, besides] =
        failOn === 'warning' || counts.warnings === 0
          ? [issues, '']
          : [plural(findings, 'error'), ` (${warned})`];
      return end('refused', `${what}: ${blocking} to fix first${besides}`);
    }
    const readsService = report.command !== 'validate' && report.command !== 'export';
    const rest =
      readsService && report.plan === null && report.components.length === 0
        ? report.command === 'apply'
          ? '; nothing was written'
          : '; nothing was planned'
        : pending > 0 && written === 0
          ? // Counted from the plan's pending list, which may hold the change of a document with an error
            // (a receiver whose secret is not set): what holds for all of them is that none is written.
            `; ${plural(pending, 'change')} pending, which an apply holds back while an error remains`
          : '';
    return end('failed', `${issues}${counts.errors === 0 ? ' (fail-on: warning)' : ''}${rest}`);
  }
  const warned =
    counts.warnings > 0 ? ` (${plural(counts.warnings, 'warning')}${leftOutClause(report.diagnostics)})` : '';
  if (written > 0) {
    const remediated = report.command === 'drift' ? 'the drift was remediated, ' : '';
    return end('done', `${remediated}${plural(written, 'change')} written${warned}`);
  }
  if (pending > 0) {
    return report.command === 'drift'
      ? end(
          'changes pending',
          `${driftedWords(pendingByKind(report.plan), 'live rule')} drifted from the documents${warned}`,
        )
      : end('changes pending', `${plural(pending, 'change')} to apply${warned}`);
  }
  switch (report.command) {
    case 'validate':
      return end('done', `the documents are valid${warned}`);
    case 'export':
      return end('done', `the alert rules and receivers were exported${warned}`);
    default:
      return report.plan === null && report.components.length === 0
        ? end('nothing to do', `no alert rule or platform component documents${warned}`)
        : end('nothing to do', `the live state matches the documents${warned}`);
  }
}

/** A test run is done when every test message was sent, and failed otherwise (the run's errors beside). */
function testsOutcome(
  report: RunReport,
  findings: number,
  end: (kind: OutcomeKind, why: string) => RunOutcome,
  also: string,
): RunOutcome {
  const tests = countReceiverTests(report);
  const total = tests.sent + tests.failed;
  if (total === 0) return end('failed', `no test message was sent${also}`);
  if (tests.failed > 0) {
    return end(
      'failed',
      `${tests.failed} of ${plural(total, 'test message')} could not be sent, ${tests.sent} sent${also}`,
    );
  }
  return end(findings > 0 ? 'failed' : 'done', `${plural(tests.sent, 'test message')} sent${also}`);
}

/**
 * Whether the gate held any change back (src/plan/gate.ts): read from the plan's marks, never from the
 * sentences that say so. A delete held only because prune is off is the plan's own rule, not a refusal.
 */
function heldBack(plan: Plan | null): boolean {
  if (plan === null) return false;
  return pendingChanges(plan).some((c) => c.gate?.admitted === false && c.gate.reason !== 'prune is off');
}

/** The pending changes by kind, for the words that name each kind that drifted. */
const pendingByKind = (plan: Plan | null): KindCounts =>
  countByKind(plan === null ? [] : pendingChanges(plan));
