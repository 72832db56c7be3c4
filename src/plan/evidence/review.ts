/**
 * The review across the merge: the pull-request run stores what its plan was made against (the documents'
 * digest, the head commit and, per change of every kind, the fingerprint of the live object and a hash of
 * what the write sends) in a hidden block of its sticky comment; the push run decodes it and tells, per
 * change it is about to write, whether that change is the one reviewed. Each kind says how its object is
 * keyed and what it sends (src/kinds/registry.ts). Pure: finding the comment is the action's. The block's
 * format is docs/decisions/saved-plan.md ("The review across the merge").
 */
import { shortHash } from '../../core/crypto-on-demand.js';
import { isPlainObject } from '../../core/plain-object.js';
import { kindOf, nounOf } from '../../kinds/registry.js';
import type { LiveFingerprint } from '../../model/change.js';
import { movedFields } from '../../model/change.js';
import type { ChangeKind, PendingChange } from '../../model/types.js';

export const REVIEW_BLOCK_VERSION = 1;

/** What the action's push run does with changes that are not as reviewed on their pull request. */
export const ON_UNREVIEWED = ['apply', 'warn', 'refuse'] as const;
export type OnUnreviewed = (typeof ON_UNREVIEWED)[number];
const BLOCK_PATTERN = /<!-- platform-gitops:reviewed v(\d+) ([A-Za-z0-9+/=]*) -->/;

/**
 * One reviewed change: what it does, to which object, against which live object, sending what. The keys
 * of the kinds never meet (a receiver's starts with `receiver:`), so the block carries no kind: a block
 * written before the kinds shared one list reads the same.
 */
export interface ReviewedChange {
  readonly action: PendingChange['action'];
  /** The object: `kindOf(change).key` (a rule: its id, or `cluster/name` lower-cased for a create). */
  readonly key: string;
  /** The fingerprint of the live object reviewed against; null for a create (its absence). */
  readonly against: LiveFingerprint | null;
  /**
   * The first 16 hex digits of the SHA-256 of the JSON of what the write sends (`kindOf(change).sent`: a
   * rule's request; a receiver's request and the names of its secrets' variables); null for a delete.
   */
  readonly request: string | null;
}

export interface ReviewedPlan {
  readonly version: typeof REVIEW_BLOCK_VERSION;
  /** The commit the pull-request run planned. */
  readonly head: string;
  /** documentsDigest of the documents reviewed. */
  readonly digest: string;
  readonly changes: readonly ReviewedChange[];
}

export type ReviewStatus = 'as reviewed' | 'changed since review' | 'not reviewed';

/** One pending change's review status, and why when it is not as reviewed. */
export interface ReviewEntry {
  readonly kind: ChangeKind;
  readonly name: string;
  readonly action: PendingChange['action'];
  readonly id: string | null;
  readonly file: string;
  readonly line: number;
  readonly status: ReviewStatus;
  /** The fields of the live object that moved since the review (changed since review). */
  readonly fields: readonly string[];
  /** One clause: why the change is not as reviewed; empty when it is. */
  readonly why: string;
}

/** The pending changes of a plan, of every kind, as the hidden block holds them. */
export function reviewedPlan(changes: readonly PendingChange[], head: string, digest: string): ReviewedPlan {
  return {
    version: REVIEW_BLOCK_VERSION,
    head,
    digest,
    changes: changes.map((change) => ({
      action: change.action,
      key: keyOf(change),
      against: change.action === 'create' ? null : change.against,
      request: sentHash(change),
    })),
  };
}

/** The hidden block: an HTML comment, invisible in the rendered comment, base64 so no `-->` can occur. */
export function encodeReviewBlock(plan: ReviewedPlan): string {
  const payload = Buffer.from(JSON.stringify(plan), 'utf8').toString('base64');
  return `<!-- platform-gitops:reviewed v${plan.version} ${payload} -->`;
}

/** The block in a comment body: the plan, or why there is none that this version reads. */
export function decodeReviewBlock(body: string): { plan: ReviewedPlan } | { why: string } {
  const match = BLOCK_PATTERN.exec(body);
  if (!match)
    return { why: 'its comment holds no reviewed plan (it was too large, or made by an older version)' };
  if (Number(match[1]) !== REVIEW_BLOCK_VERSION) {
    return {
      why: `its comment holds a reviewed plan of version ${match[1]}, this version reads ${REVIEW_BLOCK_VERSION}`,
    };
  }
  try {
    const data: unknown = JSON.parse(Buffer.from(match[2]!, 'base64').toString('utf8'));
    if (isReviewedPlan(data)) return { plan: data };
  } catch {
    // Falls through: a damaged block is no review.
  }
  return { why: "its comment's reviewed plan is damaged" };
}

/**
 * Each pending change, of every kind, against the review: one entry per change, in their order. Without a
 * review (`why` says why), or when the documents are not those reviewed, every change is `not reviewed`.
 * A change the review did not hold, or that sends something else, is `not reviewed`; one whose live
 * object moved since the review is `changed since review`.
 */
export function reviewStatuses(
  changes: readonly PendingChange[],
  review: { readonly plan: ReviewedPlan } | { readonly why: string },
  digest: string,
): ReviewEntry[] {
  const entry = (
    change: PendingChange,
    status: ReviewStatus,
    why = '',
    fields: string[] = [],
  ): ReviewEntry => ({
    kind: change.kind,
    name: change.name,
    action: change.action,
    id: change.id,
    file: change.file,
    line: change.line,
    status,
    fields,
    why,
  });
  if (!('plan' in review)) return changes.map((c) => entry(c, 'not reviewed', review.why));
  const { plan } = review;
  if (plan.digest !== digest) {
    const why = `the documents differ from those reviewed at commit ${plan.head.slice(0, 12)}`;
    return changes.map((c) => entry(c, 'not reviewed', why));
  }
  const reviewed = new Map(plan.changes.map((c) => [`${c.action} ${c.key}`, c]));
  return changes.map((change) => {
    const seen = reviewed.get(`${change.action} ${keyOf(change)}`);
    if (!seen) return entry(change, 'not reviewed', 'the reviewed plan did not hold this change');
    if (seen.request !== sentHash(change))
      return entry(change, 'not reviewed', 'what it sends differs from what was reviewed');
    if (change.action === 'create' || seen.against === null) return entry(change, 'as reviewed');
    const fields = movedFields(seen.against, change.against);
    if (fields.length === 0) return entry(change, 'as reviewed');
    const named = fields.map((f) => `\`${f}\``).join(', ');
    const why = `the live ${nounOf(change)}'s ${named} changed since the review`;
    return entry(change, 'changed since review', why, fields);
  });
}

/**
 * With a review, an update's outside edits are the fields of the live rule that moved since the review
 * (and that the change overwrites), not those that differ from the base revision: a value of the base
 * that was never applied (its apply was refused) is no edit made outside git.
 */
export function withReviewedOutsideEdits(change: PendingChange, entry: ReviewEntry): PendingChange {
  // Only a rule's update tells outside edits (`outsideEdit`).
  if (change.kind !== 'AlertRule' || change.action !== 'update' || entry.status === 'not reviewed') {
    return change;
  }
  const { outsideEdit: _fromBase, ...rest } = change;
  const moved = change.diff
    .filter((d) => entry.fields.includes(d.path))
    .map((d) => ({ path: d.path, before: undefined, after: d.before }));
  return moved.length > 0 ? { ...rest, outsideEdit: moved } : rest;
}

function keyOf(change: PendingChange): string {
  return kindOf(change).key(change);
}

/** The hash of what the write sends; null for a delete, which sends nothing. */
function sentHash(change: PendingChange): string | null {
  return change.action === 'delete' ? null : shortHash(JSON.stringify(kindOf(change).sent(change)));
}

function isReviewedPlan(data: unknown): data is ReviewedPlan {
  if (!isPlainObject(data) || data.version !== REVIEW_BLOCK_VERSION) return false;
  if (typeof data.head !== 'string' || typeof data.digest !== 'string' || !Array.isArray(data.changes))
    return false;
  return data.changes.every(
    (c: unknown) =>
      isPlainObject(c) &&
      ['create', 'update', 'delete'].includes(c.action as string) &&
      typeof c.key === 'string' &&
      (c.against === null ||
        (isPlainObject(c.against) && Object.values(c.against).every((h) => typeof h === 'string'))) &&
      (c.request === null || typeof c.request === 'string'),
  );
}
