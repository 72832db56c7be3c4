/**
 * A plan's count by action, as the text output's closing line says it (`Plan: 2 to create, 3 to update,
 * 0 to delete.`): the first thing the sticky comment and the Checks run say, as Atlantis and Terraform do.
 */

import type { Plan } from '../model/types.js';
import { countChanges } from '../plan/change-counts.js';
import type { RunReport } from '../run/reports.js';

/**
 * Whether the plan's counts say something about the live state. Zeros are "nothing to do" to a reader,
 * and counts are partial: not when an organization's live rules could not be read, nor when no organization was read at all
 * because the documents' errors kept every rule out of the plan.
 */
export function planCountsAreKnown(plan: Plan): boolean {
  if ((plan.unread?.length ?? 0) > 0) return false;
  const errors = plan.diagnostics.some((d) => d.severity === 'error');
  return !(errors && plan.organizations.length === 0 && plan.changes.length === 0);
}

/** `Plan: 2 to create, 3 to update, 0 to delete` (a drift check: `Drift: … to match the documents`), or null without a plan. */
export function planCountsSentence(report: RunReport): string | null {
  if (!report.plan || !planCountsAreKnown(report.plan)) return null;
  return planCounts(report.plan, report.command === 'drift');
}

/** The same sentence for a plan read: the count of every face, the terminal's included (plan-text.ts). */
export function planCounts(plan: Plan, drift: boolean): string {
  const counts = countChanges(plan);
  const numbers = `${counts.create} to create, ${counts.update} to update, ${counts.delete} to delete`;
  return drift ? `Drift: ${numbers} to match the documents` : `Plan: ${numbers}`;
}
