import type { RunReport } from '../commands/types.js';
import { plural } from '../core/plural.js';
import { pendingChanges } from '../plan/types.js';

/** The numbers a run is judged by: the action's outputs, the Checks conclusion and the exit status. */
export interface RunCounts {
  /** Alert-rule changes pending in the plan (creates, updates, deletes). */
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
  const changes = report.plan ? pendingChanges(report.plan).length : 0;
  const failed = report.results.filter((r) => !r.ok).length;
  return {
    changes,
    violations: report.components.reduce((sum, c) => sum + c.violations, 0),
    errors: report.diagnostics.filter((d) => d.severity === 'error').length + failed,
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

/** One sentence saying how the run went, for the Checks run title, the summary and the failure line. */
export function headline(report: RunReport, counts: RunCounts): string {
  const parts: string[] = [];
  if (counts.errors > 0) parts.push(plural(counts.errors, 'error'));
  if (counts.warnings > 0) parts.push(plural(counts.warnings, 'warning'));
  switch (report.command) {
    case 'apply':
      parts.push(`${counts.applied} applied`);
      if (counts.failed > 0) parts.push(`${counts.failed} failed`);
      break;
    case 'drift':
      parts.push(counts.drift > 0 ? `${plural(counts.drift, 'rule')} drifted` : 'no drift');
      break;
    case 'plan':
      parts.push(counts.changes > 0 ? `${plural(counts.changes, 'change')} pending` : 'no changes');
      break;
    default:
      if (counts.errors === 0 && counts.warnings === 0) parts.push('all documents valid');
  }
  if (counts.violations > 0) parts.push(plural(counts.violations, 'component violation'));
  return `${report.command}: ${parts.join(', ')}`;
}

/** Re-exported for the report's other modules, which have long imported it from here. */
export { plural };
