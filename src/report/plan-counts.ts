/**
 * A plan's count by action, as the text output's closing line says it (`Plan: 2 to create, 3 to update,
 * 0 to delete.`): the first thing the sticky comment and the Checks run say, as Atlantis and Terraform do.
 */
import type { RunReport } from '../commands/types.js';
import { countChanges } from '../plan/summary.js';
import type { Plan } from '../plan/types.js';

/** `Plan: 2 to create, 3 to update, 0 to delete` (a drift check: `Drift: … to match the documents`), or null without a plan. */
export function planCountsSentence(report: RunReport): string | null {
  if (!report.plan) return null;
  // Nothing read is nothing planned: zeros would read as "nothing to do".
  if ((report.plan.unread?.length ?? 0) > 0 && report.plan.changes.length === 0) return null;
  return planCounts(report.plan, report.command === 'drift');
}

/** The same sentence for a plan read: the count of every face, the terminal's included (plan-text.ts). */
export function planCounts(plan: Plan, drift: boolean): string {
  const counts = countChanges(plan);
  const numbers = `${counts.create} to create, ${counts.update} to update, ${counts.delete} to delete`;
  return drift ? `Drift: ${numbers} to match the documents` : `Plan: ${numbers}`;
}
