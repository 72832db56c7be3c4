import { SEVERITY_ORDER, type Severity } from '../core/diagnostic.js';
import { pendingCount } from '../plan/change-counts.js';
import type { RunReport } from './reports.js';

export interface ExitPolicy {
  /** Lowest severity that fails the run (default `error`). */
  readonly failOn?: Exclude<Severity, 'notice'>;
  /** `plan --detailed-exitcode`: 2 when changes are pending. */
  readonly detailedExitcode?: boolean;
}

/**
 * The exit status contract (DESIGN): 0 done and nothing pending; 1 errors (invalid documents, violations at
 * the failing level, a failed request or write, a test message not sent); 2 from `plan --detailed-exitcode` when changes are pending
 * and from `drift` when drift is found (and not remediated). Errors win over 2.
 */
export function exitCodeFor(report: RunReport, policy: ExitPolicy = {}): 0 | 1 | 2 {
  const threshold = SEVERITY_ORDER[policy.failOn ?? 'error'];
  if (report.diagnostics.some((d) => SEVERITY_ORDER[d.severity] <= threshold)) return 1;
  if (report.results.some((r) => !r.ok)) return 1;
  if (report.command === 'test-receivers' && report.receiverTests.some((t) => !t.ok)) return 1;
  const pending = pendingCount(report.plan);
  // `drift --remediate` that wrote every change has left no drift behind: 0, so a scheduled job that
  // remediates is not red every time it did its work. The report still says what drifted.
  const written = report.results.length;
  const remediated = written > 0 && written >= pending;
  if (report.command === 'drift' && pending > 0 && !remediated) return 2;
  if (report.command === 'plan' && policy.detailedExitcode && pending > 0) return 2;
  return 0;
}
