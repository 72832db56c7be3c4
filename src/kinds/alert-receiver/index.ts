/** The alert receiver as the one pipeline sees it (src/kinds/change-kind.ts): its identity, what it sends, its writes. */
import type { PendingReceiverChange, ReceiverChange } from '../../model/alert-receiver-change.js';
import { PLAN_CODES } from '../../model/codes.js';
import type { Kind } from '../change-kind.js';
import { changeJson, describeChange, RECEIVER_NOUN, unmanagedReceiverText } from './describe.js';
import { receiverEdits, receiverRenamed } from './drift-edits.js';
import { receiverMovedSince } from './moved-since.js';
import { receiverFromSaved, savedReceiver } from './saved-form.js';
import { receiverReady, writeReceiver } from './write.js';

export const alertReceiverKind: Kind<ReceiverChange> = {
  kind: 'AlertReceiver',
  noun: RECEIVER_NOUN,
  plural: `${RECEIVER_NOUN}s`,
  label: (name) => `${RECEIVER_NOUN} ${name}`,
  uncompared: "Receivers' secrets cannot be compared: the service never returns them.",
  describe: describeChange,
  json: changeJson,
  unmanagedLine: unmanagedReceiverText,
  /** Its id; for a create, its organization and name, lower-cased (never equal to a rule's key). */
  key: (change: PendingReceiverChange) =>
    change.action === 'create'
      ? `receiver:${change.organizationId}/${change.name}`.toLowerCase()
      : `receiver:${change.id.toLowerCase()}`,
  /** The request and the names of the variables its secrets come from, never a value. */
  sent: (change: PendingReceiverChange) =>
    change.action === 'delete' ? null : { request: change.request, secrets: change.secrets },
  /** Created and updated before the rules that page it, deleted after the rules stop naming it. */
  phase: (change: PendingReceiverChange) => (change.action === 'delete' ? 2 : 0),
  ready: receiverReady,
  write: writeReceiver,
  documentEdits: receiverEdits,
  goneCode: PLAN_CODES.receiverNotFound,
  renamed: receiverRenamed,
  saved: savedReceiver,
  fromSaved: receiverFromSaved,
  movedSince: receiverMovedSince,
};
