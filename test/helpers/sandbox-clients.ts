import { afterEach } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { createServiceClient, type ServiceClientOptions } from '../../src/service/client.js';
import type { ClosableServiceClient } from '../../src/service/types.js';
import { FakeClock } from './fake-clock.js';

/**
 * Service clients of the file's sandbox (useSandbox), each with a clock of its own that never really
 * sleeps and a fixed jitter. After each test they are closed, and the sandbox's request log and scripted
 * faults are reset:
 *
 *   const setup = useSandboxClients(sandbox);
 *   it('…', async () => { const { service, clock } = setup({ retry: { maxAttempts: 1 } }); … });
 */
export function useSandboxClients(
  sandbox: () => Sandbox,
): (overrides?: Partial<ServiceClientOptions>) => { service: ClosableServiceClient; clock: FakeClock } {
  const clients: ClosableServiceClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    sandbox().resetLog();
    sandbox().setFaults({});
  });
  return (overrides = {}) => {
    const clock = new FakeClock();
    const service = createServiceClient({
      apiUrl: sandbox().url,
      token: sandbox().token,
      clock,
      random: () => 0.5,
      ...overrides,
    });
    clients.push(service);
    return { service, clock };
  };
}
