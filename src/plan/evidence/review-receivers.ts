/**
 * The receivers' changes in the review across the merge (review.ts holds the rules'): the pull-request
 * run's hidden block carries one entry per receiver change (its key, the live receiver's fingerprint and
 * a hash of what it sends: the request and the names of the variables its secrets come from, never a
 * value), and the push run tells each receiver change as reviewed or not, the same way.
 */
import { shortHash } from '../../core/crypto-on-demand.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { PendingReceiverChange } from '../receiver-types.js';
import type { HoldReason } from '../types.js';
import { movedFields } from './fingerprint.js';
import { notAsReviewedFinding, reviewHoldReason } from './not-as-reviewed.js';
import type { OnUnreviewed, ReviewedChange, ReviewedPlan, ReviewStatus } from './review.js';

export function reviewedReceiverChanges(changes: readonly PendingReceiverChange[]): ReviewedChange[] {
  return changes.map((change) => ({
    action: change.action,
    key: keyOf(change),
    against: change.action === 'create' ? null : change.against,
    request: requestOf(change),
  }));
}

export interface ReceiverReview {
  readonly change: PendingReceiverChange;
  readonly status: ReviewStatus;
  readonly why: string;
}

/** Each receiver change against the review; without one, or for other documents, none is reviewed. */
export function receiverReviewStatuses(
  changes: readonly PendingReceiverChange[],
  review: { readonly plan: ReviewedPlan } | { readonly why: string },
  digest: string,
): ReceiverReview[] {
  if (!('plan' in review))
    return changes.map((change) => ({ change, status: 'not reviewed', why: review.why }));
  if (review.plan.digest !== digest) {
    const why = `the documents differ from those reviewed at commit ${review.plan.head.slice(0, 12)}`;
    return changes.map((change) => ({ change, status: 'not reviewed', why }));
  }
  const reviewed = new Map(review.plan.changes.map((c) => [`${c.action} ${c.key}`, c]));
  return changes.map((change): ReceiverReview => {
    const seen = reviewed.get(`${change.action} ${keyOf(change)}`);
    if (!seen) return { change, status: 'not reviewed', why: 'the reviewed plan did not hold this change' };
    if (seen.request !== requestOf(change)) {
      return { change, status: 'not reviewed', why: 'what it sends differs from what was reviewed' };
    }
    if (change.action === 'create' || seen.against === null)
      return { change, status: 'as reviewed', why: '' };
    const fields = movedFields(seen.against, change.against);
    if (fields.length === 0) return { change, status: 'as reviewed', why: '' };
    const named = fields.map((f) => `\`${f}\``).join(', ');
    return {
      change,
      status: 'changed since review',
      why: `the live receiver's ${named} changed since the review`,
    };
  });
}

/** As judgeReview does for the rules: warn, refuse (held, an error each) or apply (one notice is the rules'). */
export function judgeReceiverReview(
  reviews: readonly ReceiverReview[],
  onUnreviewed: OnUnreviewed,
): { held: Map<PendingReceiverChange, HoldReason>; diagnostics: Diagnostic[] } {
  const off = reviews.filter((r) => r.status !== 'as reviewed');
  if (off.length === 0 || onUnreviewed === 'apply') return { held: new Map(), diagnostics: [] };
  const refuse = onUnreviewed === 'refuse';
  const diagnostics = off.map(({ change, status, why }) =>
    notAsReviewedFinding('alert receiver', { ...change, status, why }, refuse),
  );
  if (!refuse) return { held: new Map(), diagnostics };
  return {
    held: new Map(off.map((r) => [r.change, reviewHoldReason(r.status)] as const)),
    diagnostics,
  };
}

function keyOf(change: PendingReceiverChange): string {
  return change.action === 'create'
    ? `receiver:${change.organizationId}/${change.name}`.toLowerCase()
    : `receiver:${change.id.toLowerCase()}`;
}

function requestOf(change: PendingReceiverChange): string | null {
  if (change.action === 'delete') return null;
  return shortHash(JSON.stringify({ request: change.request, secrets: change.secrets }));
}
