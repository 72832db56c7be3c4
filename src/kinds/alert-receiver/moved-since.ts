/**
 * Whether a receiver's saved change moved since the plan (src/plan/saved-plan-moved.ts). Apply --plan
 * holds no index of the live receivers: what moved is told from the plan made again, which was made
 * against them: the change the documents give at the same document, with another `against`.
 */
import { movedFields } from '../../model/change.js';
import type { Change } from '../../model/types.js';
import type { Moved, ReadAgain, SincePlan } from '../change-kind.js';
import { RECEIVER_NOUN } from './describe.js';
import type { SavedReceiverChange } from './saved-form.js';

/** The judge of each saved receiver change: the one the documents give at its document now. */
export function receiverMovedSince(read: ReadAgain): (change: SavedReceiverChange) => SincePlan {
  return (change) => movedInPlanAgain(change, read.givenAt(change));
}

/**
 * What moved, from the change the documents give at the same place now (`now`, of the same kind): for the
 * same receiver (its id and name), the fields whose `against` differs; a receiver that now matches its
 * document (the plan made again leaves it alone: it was changed to match), or is gone (made again, its
 * update is a create); for a create, the receiver of that name that now exists. Null when nothing moved,
 * or when the documents give another receiver there: that change is compared, and refused.
 */
function movedInPlanAgain(change: SavedReceiverChange, now: Change | undefined): Moved | null {
  if (now === undefined || now.name !== change.name || now.organizationId !== change.organizationId) {
    return null;
  }
  if (change.action === 'create') {
    return now.action === 'create'
      ? null
      : { why: `an ${RECEIVER_NOUN} named ${JSON.stringify(change.name)} now exists (${now.id})` };
  }
  // A create at an update's document (a delete's is a removed document, where nothing is created).
  if (now.action === 'create') return { why: `the ${RECEIVER_NOUN} no longer exists` };
  // The same receiver: its id (a receiver's key once it has one).
  if (now.id.toLowerCase() !== change.id.toLowerCase()) return null;
  if (now.action === 'noop') return { why: `the ${RECEIVER_NOUN} was changed to match its document` };
  const fields = movedFields(change.against, now.against);
  return fields.length === 0 ? null : { fields };
}
