/**
 * The plan for a terminal, read like `terraform plan`: the pending changes of every kind in one list
 * (change-text.ts), the live rules and receivers the plan leaves alone, and a closing count. The apply results: apply-text.ts.
 */

import type { Diagnostic } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { liveRuleText } from '../kinds/alert-rule/describe.js';
import type { LiveRuleRef } from '../model/alert-rule-change.js';
import { type Plan, pendingChanges } from '../model/types.js';
import { pendingLines } from './change-text.js';
import { capitalized, kindsNoun } from './kind-words.js';
import { painter } from './paint.js';
import { planCounts } from './plan-counts.js';
import { uncomparedSecrets } from './uncompared-secrets.js';
import { listedLines, unmanagedText } from './unmanaged.js';

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
    ...unmanagedText(plan),
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

function section(title: string, rules: readonly LiveRuleRef[]): string[] {
  return listedLines(title, rules, liveRuleText);
}
