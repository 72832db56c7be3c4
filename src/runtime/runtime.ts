/**
 * One runtime builder for both faces (CLI and action): the RunContext a command runs with, and the
 * clients it may need, each loaded on first need. The service client's module is imported only when the
 * command talks to the service, the GitHub client's only when something is posted: an offline validation
 * never loads the HTTP stack.
 */
import type { CommandName, RunContext } from '../commands/types.js';
import type { Clock } from '../core/clock.js';
import { UsageError } from '../core/errors.js';
import type { Redactor } from '../core/redact.js';
import { createGitReader } from '../git/reader.js';
import type { GitHubClient, GitHubClientOptions } from '../github/client.js';
import type { ServiceClient } from '../service/types.js';

/** The commands that never talk to the service. */
const OFFLINE: ReadonlySet<CommandName> = new Set(['validate']);

/** Where documents are read from and how; see RunContext for each field. */
type DiscoveryOptions = Pick<
  RunContext,
  'pathsFrom' | 'readOutsideRoot' | 'ignore' | 'allowEmpty' | 'baseFallback'
>;

export interface RuntimeOptions extends DiscoveryOptions {
  readonly command: CommandName;
  readonly root: string;
  readonly paths: readonly string[];
  readonly organizationId: string | null;
  readonly base: string | null;
  readonly head: string | null;
  readonly prune: boolean;
  readonly concurrency: number;
  readonly allComponents: boolean;
  readonly clock: Clock;
  readonly redactor: Redactor;
  readonly progress: (line: string) => void;
  /** The service's token (null: not configured) and address; the address is read only when a client is made. */
  readonly service: {
    readonly token: string | null;
    readonly apiUrl: () => string;
    /** The usage error's text when a command needs the service and there is no token. */
    readonly missingToken: string;
  };
}

export interface Runtime {
  readonly context: RunContext;
  /** The service client when the run made one; null otherwise. */
  serviceUsed(): ServiceClient | null;
  /** A GitHub client, its module loaded on this first call. */
  github(token: string, options: GitHubClientOptions): Promise<GitHubClient>;
  /** Closes the service client's connections so the process can exit at once. */
  close(): Promise<void>;
}

export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { token, apiUrl, missingToken } = options.service;
  options.redactor.add(token);
  // Loaded before the run (RunContext.service is synchronous), and only for a command that may use it.
  const create = OFFLINE.has(options.command)
    ? null
    : (await import('./service-loader.js')).createServiceClient;
  let client: (ServiceClient & { close(): Promise<void> }) | null = null;

  const service = (): ServiceClient => {
    if (client) return client;
    if (token === null) throw new UsageError(missingToken);
    if (create === null) throw new Error(`'${options.command}' does not use the service`);
    client = create({ apiUrl: apiUrl(), token });
    return client;
  };

  const context: RunContext = {
    root: options.root,
    paths: options.paths,
    ...discoveryOf(options),
    organizationId: options.organizationId,
    service,
    git: createGitReader(options.root),
    base: options.base,
    head: options.head,
    prune: options.prune,
    concurrency: options.concurrency,
    allComponents: options.allComponents,
    clock: options.clock,
    redactor: options.redactor,
    progress: options.progress,
  };
  return {
    context,
    serviceUsed: () => client,
    github: async (githubToken, githubOptions) => {
      options.redactor.add(githubToken);
      return (await import('./github-loader.js')).createGitHubClient(githubToken, githubOptions);
    },
    close: async () => {
      await client?.close();
    },
  };
}

/** Only the discovery options that were given: RunContext leaves absent ones out rather than undefined. */
function discoveryOf(options: DiscoveryOptions): DiscoveryOptions {
  const { pathsFrom, readOutsideRoot, ignore, allowEmpty, baseFallback } = options;
  return {
    ...(pathsFrom !== undefined ? { pathsFrom } : {}),
    ...(readOutsideRoot !== undefined ? { readOutsideRoot } : {}),
    ...(ignore !== undefined ? { ignore } : {}),
    ...(allowEmpty !== undefined ? { allowEmpty } : {}),
    ...(baseFallback !== undefined ? { baseFallback } : {}),
  };
}
