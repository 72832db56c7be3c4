import { describe, expect, it } from 'vitest';
import {
  decodeAlertReceiverList,
  decodeOneAlertReceiver,
} from '../../../src/service/decode/alert-receivers.js';
import { type DecodeContext, DecodeError } from '../../../src/service/decode/read.js';
import { Notices } from '../../../src/service/notices.js';

function context(): DecodeContext {
  return { operation: 'getAlertReceivers', notices: new Notices() };
}

const slack = {
  id: 'r1',
  created_at: '2026-05-04T09:00:00Z',
  name: 'slack-oncall',
  description: 'd',
  type: 'SLACK',
  send_resolved: true,
  owner: null,
  severity: 'HIGH',
};
const email = {
  id: 'r2',
  created_at: '2026-05-04T09:00:00Z',
  updated_at: '2026-05-05T09:00:00Z',
  name: 'mail',
  description: null,
  type: 'EMAIL',
  send_resolved: false,
  to: 'team@acme.example',
  from: 'alerts@acme.example',
  smarthost: 'smtp.acme.example:587',
  auth_username: null,
  require_tls: true,
};

describe('decodeAlertReceiverList', () => {
  it('reads every field of both types, and drops a secret the service should never have sent', () => {
    const receivers = decodeAlertReceiverList(
      {
        results: [
          { ...slack, webhook_url: 'https://hooks.example/secret' },
          { ...email, auth_password: 'hunter2hunter2' },
        ],
      },
      context(),
    );
    expect(receivers).toEqual([
      slack,
      {
        ...email,
        description: '',
        owner: null,
        severity: null,
      },
    ]);
    expect(JSON.stringify(receivers)).not.toMatch(/secret|hunter2/);
  });

  it('keeps a receiver of a new type with its common fields, and says so once', () => {
    const ctx = context();
    const pager = { ...slack, id: 'r3', name: 'pager', type: 'PAGERDUTY', routing_key: 'k' };
    const receivers = decodeAlertReceiverList({ results: [pager, { ...pager, id: 'r4' }] }, ctx);
    expect(receivers[0]).toEqual({ ...slack, id: 'r3', name: 'pager', type: 'PAGERDUTY' });
    expect(ctx.notices.list()).toEqual([
      'The service sent an unknown alert receiver type "PAGERDUTY" (getAlertReceivers); it was kept as received. (2 times)',
    ]);
  });

  it.each([
    [{ results: [{ ...slack, send_resolved: 'yes' }] }, 'results[0].send_resolved'],
    [{ results: [{ ...email, smarthost: undefined }] }, 'results[0].smarthost'],
    [{ results: [{ ...email, require_tls: null }] }, 'results[0].require_tls'],
    [{ results: [{ ...slack, id: 7 }] }, 'results[0].id'],
    [{ results: {} }, 'results'],
  ])('names the field of a wrong shape (%#)', (body, field) => {
    expect(() => decodeAlertReceiverList(body, context())).toThrow(DecodeError);
    expect(() => decodeAlertReceiverList(body, context())).toThrow(`'${field}'`);
  });
});

describe('decodeOneAlertReceiver', () => {
  it('reads one receiver at the top of the answer', () => {
    expect(decodeOneAlertReceiver(slack, context())).toEqual(slack);
    expect(() => decodeOneAlertReceiver({ ...slack, name: null }, context())).toThrow("'name'");
  });
});
