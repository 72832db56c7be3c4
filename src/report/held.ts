/**
 * The changes the gate held back for a reason of their own (src/plan/gate.ts), read from the plan's marks.
 * A hold of the whole run (errors to fix first, `--strict`, prune off) is said once by the run's
 * `skipped` sentence instead: listing every change under it would bury the reason.
 */
import { printable } from '../core/printable.js';
import type { Block } from '../markdown/budget.js';
import { escapeInline, tableHead, tableRow } from '../markdown/escape.js';
import type { HoldReason } from '../model/change.js';
import type { PendingChange, Plan } from '../model/types.js';
import { pendingChanges } from '../model/types.js';
import { ACTION_MARK, type SourceLinks, whereLink } from './change-markdown.js';
import { changeLabel } from './kind-words.js';

const OWN_REASONS: ReadonlySet<HoldReason> = new Set<HoldReason>([
  'not reviewed',
  'changed since review',
  'changed since the saved plan',
]);

export interface HeldChange {
  readonly change: PendingChange;
  readonly reason: HoldReason;
}

export function heldChanges(plan: Plan | null): HeldChange[] {
  if (plan === null) return [];
  return pendingChanges(plan).flatMap((change) =>
    change.gate && !change.gate.admitted && OWN_REASONS.has(change.gate.reason)
      ? [{ change, reason: change.gate.reason }]
      : [],
  );
}

/** The held changes for a terminal: one line each, with where its document is and why it was held. */
export function formatHeldText(held: readonly HeldChange[]): string {
  return [
    'Held (not written):',
    ...held.map(
      ({ change, reason }) =>
        `  ${change.action} ${printable(changeLabel(change))}${change.id ? ` (${change.id})` : ''} at ${printable(change.file)}:${change.line}: ${reason}`,
    ),
  ].join('\n');
}

/** The held changes for the job summary and the Checks run: one row each, with its reason. */
export function heldBlock(held: readonly HeldChange[], links: SourceLinks | null | undefined): Block {
  return {
    open: `### Held (not written)\n\n${tableHead(['Action', 'Change', 'Where', 'Reason'])}`,
    rows: held.map(({ change, reason }) =>
      tableRow([
        ACTION_MARK[change.action],
        escapeInline(changeLabel(change), 200),
        whereLink(change.file, change.line, links),
        escapeInline(reason, 100),
      ]),
    ),
    rowNoun: 'held change',
  };
}
