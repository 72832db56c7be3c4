import type { RunContext } from '../commands/types.js';
import { systemClock } from '../core/clock.js';
import { UsageError } from '../core/errors.js';
import { Redactor } from '../core/redact.js';
import { createGitReader } from '../git/reader.js';
import { resolveApiUrl } from '../service/api-url.js';
import type { ServiceClient } from '../service/types.js';
import type { CliArgs } from './args.js';
import { resolveRunRoot } from './root.js';

export interface CliRuntime {
  readonly context: RunContext;
  /** Closes the service client's connections so the process can exit at once. */
  close(): Promise<void>;
}

/**
 * Builds what a run may use from the command line and the environment. The token comes only from
 * QOVERY_API_TOKEN; it is registered with the redactor before anything can print it.
 */
export async function createCliRuntime(
  args: CliArgs,
  env: NodeJS.ProcessEnv,
  progress: (line: string) => void,
): Promise<CliRuntime> {
  // Offline commands never load the HTTP client.
  const { createServiceClient } =
    args.command === 'validate' ? { createServiceClient: null } : await import('../service/client.js');
  const redactor = new Redactor();
  const token = env.QOVERY_API_TOKEN?.trim() || null;
  redactor.add(token);
  const where = await resolveRunRoot(args.root, args.paths, process.cwd());
  const root = where.root;
  let client: (ServiceClient & { close(): Promise<void> }) | null = null;

  const service = (): ServiceClient => {
    if (client) return client;
    if (!token) {
      throw new UsageError(
        `'${args.command}' talks to the service: set QOVERY_API_TOKEN to an API token (or run 'platform-gitops sandbox' to try it locally)`,
      );
    }
    if (!createServiceClient) throw new Error(`'${args.command}' does not use the service`);
    const apiUrl = resolveApiUrl(args.apiUrl, env);
    client = createServiceClient({ apiUrl: apiUrl.toString(), token });
    return client;
  };

  const context: RunContext = {
    root,
    paths: args.paths,
    pathsFrom: where.from,
    readOutsideRoot: where.outsideRepository,
    organizationId: args.organizationId ?? (env.QOVERY_ORGANIZATION_ID?.trim() || null),
    service,
    git: createGitReader(root),
    base: args.base ?? null,
    head: null,
    ignore: args.ignore,
    allowEmpty: args.allowEmpty,
    prune: args.prune,
    concurrency: args.concurrency,
    allComponents: args.all,
    clock: systemClock,
    redactor,
    progress,
  };
  return {
    context,
    close: async () => {
      await client?.close();
    },
  };
}
