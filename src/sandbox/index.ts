/**
 * A stateful local copy of the service for the operations this project uses: users try the tool with no
 * account, and every test crosses real HTTP on 127.0.0.1. See docs/reference/sandbox.md.
 */
import type { AddressInfo } from 'node:net';
import { FaultInjector } from './faults.js';
import type { Seed } from './model.js';
import { RateLimiter } from './rate-limit.js';
import { sentTestMessages } from './receiver-state.js';
import { RequestLog } from './request-log.js';
import { sandboxRoutes } from './routes/index.js';
import { systemClock } from './sandbox-clock.js';
import { loadSeedDirectory, seedFromObject } from './seed/load-seed.js';
import { SeedError } from './seed/seed-error.js';
import { defaultSeedDir } from './seed-dir.js';
import { createSandboxServer } from './server.js';
import { createStore } from './state.js';
import type { Sandbox, SandboxOptions } from './types.js';

export { type MetricsFault, metricsFault } from './metrics-faults.js';
export type { SentTestMessage } from './model.js';
export {
  liveReceiver,
  liveReceivers,
  putLiveReceiver,
  removeLiveReceiver,
  sentTestMessages,
  storedReceiverSecret,
} from './receiver-state.js';
export { readSeedDirectory } from './seed/load-seed.js';
export { shownSeed } from './seed/shown-seed.js';
export { defaultSeedDir } from './seed-dir.js';
export {
  liveRule,
  liveRules,
  putLiveRule,
  removeLiveRule,
  setClusterMetrics,
  setDeployments,
} from './state.js';
export type * from './types.js';
export { SeedError };

/** The service's published limit: 1000 requests per hour per token. */
const DEFAULT_RATE_LIMIT = { limit: 1000, windowMs: 60 * 60 * 1000 };

/** The sandbox reaches nothing beyond this machine. */
function isLoopback(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return (
      protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]')
    );
  } catch {
    return false;
  }
}

/** Starts the sandbox on 127.0.0.1 (never another interface). Throws a SeedError for an invalid seed. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? systemClock;
  const seed = await loadSeed(options.seed);
  if (options.metricsFrom !== undefined && !isLoopback(options.metricsFrom)) {
    throw new Error(`metricsFrom must be a loopback http URL, got ${JSON.stringify(options.metricsFrom)}`);
  }
  const store = createStore(seed, clock, options.upToDateDelayMs ?? 0, options.metricsFrom);
  const faults = new FaultInjector(options.faults);
  const log = new RequestLog(options.onRequest);
  const limits = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
  const rateLimiter = limits === false ? null : new RateLimiter(limits.limit, limits.windowMs, clock);
  const server = createSandboxServer({ store, router: sandboxRoutes(), faults, rateLimiter, log });

  const firstOrganization = seed.organizations[0]!.id;
  const token = seed.tokens.find((t) => t.organizations.includes(firstOrganization))?.token;
  if (!token) throw new SeedError(`the seed has no token for its first organization ${firstOrganization}`);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    organizationId: firstOrganization,
    get requests() {
      return log.entries;
    },
    count: (operation) => log.count(operation),
    get testMessages() {
      return sentTestMessages(store);
    },
    resetLog: () => log.reset(),
    setFaults: (next) => faults.set(next),
    state: store,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections would hold close() open until they time out.
        server.closeAllConnections();
      }),
  };
}

async function loadSeed(seed: SandboxOptions['seed']): Promise<Seed> {
  if (seed === undefined) return loadSeedDirectory(defaultSeedDir());
  if (typeof seed === 'string') return loadSeedDirectory(seed);
  return seedFromObject(seed);
}
