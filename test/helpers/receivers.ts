import type { AlertReceiver } from '../../src/service/types.js';

/** A receiver as the client decodes it, with the fields a test does not care about filled in. */
export function liveReceiver(
  fields: Pick<AlertReceiver, 'id' | 'name'> & { readonly type: 'SLACK' | 'EMAIL' } & Partial<AlertReceiver>,
): AlertReceiver {
  const common = {
    created_at: '2026-05-04T09:00:00Z',
    description: '',
    send_resolved: true,
    owner: null,
    severity: null,
  };
  if (fields.type === 'SLACK') return { ...common, ...fields, type: 'SLACK' };
  return {
    ...common,
    to: 'team@acme.example',
    from: 'alerts@acme.example',
    smarthost: 'smtp.acme.example:587',
    auth_username: null,
    require_tls: true,
    ...fields,
    type: 'EMAIL',
  } as AlertReceiver;
}
