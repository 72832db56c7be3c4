import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/service/client.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const sandbox = useSandbox({ rateLimit: false });
const clients: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox().setFaults({});
});

function client() {
  const created = createServiceClient({
    apiUrl: sandbox().url,
    token: sandbox().token,
    clock: new FakeClock(),
  });
  clients.push(created);
  return created;
}

const rules = { results: [] };

describe('Deprecation and Sunset headers', () => {
  it('give one warning per operation, however many answers carry them', async () => {
    const headers = { Deprecation: '@1767225600', Sunset: 'Wed, 01 Jul 2027 00:00:00 GMT' };
    sandbox().setFaults({
      script: [{ operation: 'getAlertRules', status: 200, body: rules, headers, times: 3 }],
    });
    const service = client();
    for (let i = 0; i < 3; i++) await service.getAlertRules(ACME);
    expect(service.deprecations()).toEqual([
      'The service marks getAlertRules deprecated (Deprecation: @1767225600; Sunset: Wed, 01 Jul 2027 00:00:00 GMT): ' +
        'it may stop answering after Wed, 01 Jul 2027 00:00:00 GMT. This tool relies on it; watch for a release of the tool that uses its replacement.',
    ]);
  });

  it('says nothing without them, and takes Sunset alone', async () => {
    const service = client();
    await service.getAlertRules(ACME);
    expect(service.deprecations()).toEqual([]);
    sandbox().setFaults({
      script: [{ operation: 'getAlertReceivers', status: 200, body: rules, headers: { Sunset: 'soon' } }],
    });
    await service.getAlertReceivers(ACME);
    expect(service.deprecations()).toHaveLength(1);
    expect(service.deprecations()[0]).toContain('getAlertReceivers deprecated (Sunset: soon)');
  });
});
