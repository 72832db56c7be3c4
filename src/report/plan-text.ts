/**
 * The plan for a terminal, read like `terraform plan`: the pending changes of every kind in one list
 * (change-text.ts), the live rules and receivers the plan leaves alone, and a closing count. The apply results: apply-text.ts.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { printable } from '../core/printable.js';
import type { LiveRuleRef } from '../model/alert-rule-change.js';
import { type Plan, pendingChanges } from '../model/types.js';
import { pendingLines } from './change-text.js';
import { capitalized, kindsNoun } from './kind-words.js';
import { painter } from './paint.js';
import { planCounts } from './plan-counts.js';
import { uncomparedSecrets, unmanagedReceiverLines } from './receiver-lines.js';

export interface TextOptions {
  readonly color: boolean;
  /** A drift check: the changes are drift from the documents, not a plan someone asked for. */
  readonly drift?: boolean;
  /**
   * The findings listed below the plan (the run's, the documents' and the components' included): the
   * errors "below" are counted from this list, the one the reader sees. Without it, the plan's own.
   */
  readonly findings?: readonly Diagnostic[];
}

export function formatPlanText(plan: Plan, options: TextOptions): string {
  const paint = painter(options.color);
  const lines: string[] = [];
  const pending = pendingChanges(plan);
  // The list says which kinds it holds: `Alert rules`, `Alert receivers`, `Alert rules and alert receivers`.
  const subject = capitalized(kindsNoun(pending.length > 0 ? pending : plan.changes, 'alert rules'));
  if (pending.length > 0) {
    lines.push(
      options.drift
        ? `${subject}: drift: these live ${kindsNoun(pending)} differ from the documents (applying the documents would make these changes):`
        : `${subject}: the plan would make these changes:`,
      '',
    );
    // One line at a time: a plan of 100 000 changes is more lines than one call may take as arguments.
    for (const line of pendingLines(pending, paint)) lines.push(line);
  } else if (plan.changes.length === 0 && (plan.unread?.length ?? 0) > 0) {
    lines.push(
      'Alert rules: nothing was planned: the live rules could not be read (see the errors below).',
      '',
    );
  } else if ((plan.unread?.length ?? 0) > 0) {
    lines.push(`${subject}: no changes in the organizations that were read.`, '');
  } else {
    // A document with an error gets no change: "everything matches" would then be a claim we cannot make.
    const errors = (options.findings ?? plan.diagnostics).filter((d) => d.severity === 'error').length;
    const secrets = uncomparedSecrets(plan);
    lines.push(
      (errors > 0
        ? `${subject}: no changes for the documents without errors (${plural(errors, 'error')} below).`
        : `${subject}: no changes. The live ${kindsNoun(plan.changes)} match the documents.`) +
        (secrets ? ` ${secrets}` : ''),
      '',
    );
  }
  for (const org of plan.unread ?? []) {
    if (plan.changes.length === 0) break;
    lines.push(
      `Not planned: the documents of organization ${org}, whose live rules could not be read (see the errors below).`,
      '',
    );
  }
  lines.push(
    ...section('Ghost rules (in the alerting system, not in the service; cannot be managed):', plan.ghosts),
    ...section(
      'Rules not up to date in the alerting system (an outdated version is deployed):',
      plan.outdated,
    ),
    ...section('Live rules no document manages (listed, never touched):', plan.unmanaged),
    ...unmanagedReceiverLines(plan),
  );
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * The closing count, as `terraform plan` ends: `Plan: 2 to create, 3 to update, 0 to delete.` A drift check
 * counts drift instead.
 */
export function planCountLine(plan: Plan, options: TextOptions): string {
  return painter(options.color)('1', `${planCounts(plan, options.drift ?? false)}.`);
}

/** Enough to recognize the rules; an organization may have hundreds, which only the JSON output lists in full. */
const MAX_LISTED = 20;

function section(title: string, rules: readonly LiveRuleRef[]): string[] {
  if (rules.length === 0) return [];
  const lines = [title];
  for (const rule of rules.slice(0, MAX_LISTED)) {
    const cluster = rule.clusterId
      ? `cluster ${rule.clusterName ? `${printable(rule.clusterName)} (${rule.clusterId})` : rule.clusterId}`
      : null;
    const where = [rule.id, cluster, `state ${rule.state}`].filter((part) => part !== null).join(', ');
    lines.push(`  • ${printable(rule.name)} (${where})`);
  }
  if (rules.length > MAX_LISTED)
    lines.push(`  … and ${rules.length - MAX_LISTED} more (--format json lists them all)`);
  lines.push('');
  return lines;
}
