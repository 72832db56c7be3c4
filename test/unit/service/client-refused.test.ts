import { afterEach, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/service/client.js';
import { ApiError } from '../../../src/service/errors.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const sandbox = useSandbox({ rateLimit: false });
const clients: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  sandbox().resetLog();
});

it('after a 401 no further request of the run is sent: calls in flight or queued fail at once, alike', async () => {
  const service = createServiceClient({
    apiUrl: sandbox().url,
    token: 'qov_not_a_known_token',
    clock: new FakeClock(),
  });
  clients.push(service);
  const first = await service.getAlertRules(ACME).catch((e: unknown) => e);
  expect(first).toBeInstanceOf(ApiError);
  expect((first as ApiError).status).toBe(401);
  const later = await Promise.all(
    [1, 2, 3, 4, 5].map(() => service.getAlertReceivers(ACME).catch((e: unknown) => e)),
  );
  for (const error of later) expect(error).toBe(first);
  expect(sandbox().requests.length).toBe(1);
});
