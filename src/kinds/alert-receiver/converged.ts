/**
 * Did the service store the receiver we sent? The write's own answer says, with the plan's own receiver
 * equality (fields.ts), so that "converged" means "the next plan shows no change". Its secret is not
 * compared: the service never returns it.
 */
import type { ReceiverRequest } from '../../model/alert-receiver-change.js';
import type { FieldDiff } from '../../model/change.js';
import type { AlertReceiver } from '../../service/types.js';
import { diffReceivers, receiverRequestOfLive } from './fields.js';

/**
 * A receiver's fields the service stored differently (before = sent, after = stored), with the plan's own
 * receiver equality (fields.ts). Its secret is not compared: the service never returns it.
 */
export function receiverStoredDifferently(sent: ReceiverRequest, stored: AlertReceiver): FieldDiff[] {
  return diffReceivers(receiverRequestOfLive(stored), sent).map((d) => ({
    path: d.path,
    before: d.after,
    after: d.before,
  }));
}
