/**
 * A receiver's saved form (src/kinds/alert-receiver/saved-form.ts), asked through the kind as the saved
 * plan asks it: the whole change but what a reviewer was shown of it, its secrets by variable name only,
 * and the change apply takes back from it, which saves to the same JSON.
 */
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../../src/kinds/registry.js';
import type {
  PendingReceiverChange,
  ReceiverDelete,
  ReceiverUpdate,
} from '../../../src/model/alert-receiver-change.js';
import { ADMITTED } from '../../../src/model/change.js';
import { PAGER_CREATE as create, ORG, PAGER, PAGER_REQUEST as request } from '../plan/fixtures.js';

// What only a reviewer is shown (its diff, mark and result) beside a rotation's secrets.
const update: ReceiverUpdate = {
  ...create,
  action: 'update',
  id: PAGER,
  diff: [{ path: 'send_resolved', before: false, after: true }],
  against: { send_resolved: '2222222222222222' },
  secretsWhy: 'rotation',
  gate: ADMITTED,
  result: { id: PAGER, ok: true, status: 200 },
};
const remove: ReceiverDelete = {
  kind: 'AlertReceiver',
  action: 'delete',
  id: PAGER,
  name: 'pager',
  type: 'SLACK',
  organizationId: ORG,
  file: 'alerting/receivers.yaml',
  line: 1,
  diff: [],
  against: { name: '3333333333333333' },
};

const saved = (change: PendingReceiverChange) => JSON.parse(JSON.stringify(kindOf(change).saved(change)));

describe('the alert receiver kind: saved form', () => {
  it.each([
    ['create', create],
    ['update', update],
    ['delete', remove],
  ])('%s: saved, taken back and saved again gives the same JSON', (_, change: PendingReceiverChange) => {
    const file = saved(change);
    const back = kindOf(change).fromSaved(file);
    expect(back.diff).toEqual([]);
    expect(JSON.stringify(saved(back))).toBe(JSON.stringify(file));
  });

  it('keeps the whole change but its diff, mark and result, in the change’s order', () => {
    expect(saved(update)).toEqual({
      kind: 'AlertReceiver',
      action: 'update',
      id: PAGER,
      name: 'pager',
      type: 'SLACK',
      organizationId: ORG,
      file: 'alerting/receivers.yaml',
      line: 1,
      request,
      secrets: [{ field: 'webhook_url', env: 'PAGER_WEBHOOK_URL' }],
      against: { send_resolved: '2222222222222222' },
      secretsWhy: 'rotation',
    });
    expect(Object.keys(saved(update))).toEqual([
      'kind',
      'action',
      'id',
      'name',
      'type',
      'organizationId',
      'file',
      'line',
      'request',
      'secrets',
      'against',
      'secretsWhy',
    ]);
  });

  it('takes a create back with its id null and no diff to show', () => {
    expect(kindOf(create).fromSaved(saved(create))).toEqual({ ...create, diff: [] });
  });
});
