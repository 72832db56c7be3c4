/**
 * What the gate says of a change of any kind that is not as reviewed: the one finding, naming the change
 * with its kind's noun, and the reason it is held when on-unreviewed is refuse. gate.ts judges every
 * review entry with these, so a rule and a receiver are told the same way.
 */
import { type Diagnostic, diagnostic } from '../../core/diagnostic.js';
import { nounOf } from '../../kinds/registry.js';
import type { HoldReason } from '../../model/change.js';
import { PLAN_CODES } from '../../model/codes.js';
import type { ReviewEntry } from './review.js';

/** Written with a warning, or (refuse) not written with an error, on the change's document line. */
export function notAsReviewedFinding(
  entry: Pick<ReviewEntry, 'kind' | 'file' | 'line' | 'action' | 'name' | 'id' | 'status' | 'why'>,
  refuse: boolean,
): Diagnostic {
  return diagnostic(
    refuse ? 'error' : 'warning',
    entry.file,
    { line: entry.line, column: 1, endLine: entry.line, endColumn: 1 },
    PLAN_CODES.notAsReviewed,
    `${refuse ? 'Not written' : 'Written'}: the ${entry.action} of ${nounOf(entry)} "${entry.name}"${entry.id ? ` (${entry.id})` : ''} is ${entry.status}: ${entry.why}.` +
      (refuse ? ' Review it in a pull request, or set on-unreviewed: warn.' : ''),
  );
}

/** Why a change refused as not as reviewed is held. */
export function reviewHoldReason(status: ReviewEntry['status']): HoldReason {
  return status === 'not reviewed' ? 'not reviewed' : 'changed since review';
}
