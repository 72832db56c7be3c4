/**
 * One runtime builder for both faces (CLI and action): the RunContext a command runs with, and the
 * clients it may need, each loaded on first need. The service client's module is imported only when the
 * command talks to the service, the GitHub client's only when something is posted: an offline validation
 * never loads the HTTP stack.
 */

import { UsageError } from '../core/usage-error.js';
import { createGitReader } from '../git/git-reader.js';
import type { GitHubClient, GitHubClientOptions } from '../github/github-client.js';
import type { CommandName, RunContext } from '../run/types.js';
import { tokenProblem } from '../service/auth.js';
import type { ServiceClient } from '../service/types.js';

/** The commands that never talk to the service. */
const OFFLINE: ReadonlySet<CommandName> = new Set(['validate']);

/** The RunContext's settings; the runtime adds the clients and the git reader. */
export interface RuntimeOptions extends Omit<RunContext, 'service' | 'git'> {
  readonly command: CommandName;
  /** The service's token (null: not configured) and address; the address is read only when a client is made. */
  readonly service: {
    readonly token: string | null;
    readonly apiUrl: () => string;
    /** The usage error's text when a command needs the service and there is no token. */
    readonly missingToken: string;
    /** Where the token comes from, in the words of the face (`QOVERY_API_TOKEN`, `The api-token input`). */
    readonly tokenName: string;
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
  const { token, apiUrl, missingToken, tokenName } = options.service;
  options.redactor.add(token);
  // Loaded before the run (RunContext.service is synchronous), and only for a command that may use it.
  const create = OFFLINE.has(options.command)
    ? null
    : (await import('./service-loader.js')).createServiceClient;
  let client: (ServiceClient & { close(): Promise<void> }) | null = null;

  const service = (): ServiceClient => {
    if (client) return client;
    if (token === null) throw new UsageError(missingToken);
    // Before any request: undici's own refusal of such a header names neither the token nor its source.
    const problem = tokenProblem(token, tokenName);
    if (problem !== null) throw new UsageError(problem);
    if (create === null) throw new Error(`'${options.command}' does not use the service`);
    client = create({ apiUrl: apiUrl(), token });
    return client;
  };

  const { command: _command, service: _service, ...settings } = options;
  const context: RunContext = { ...settings, service, git: createGitReader(options.root) };
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
