import { systemClock } from '../core/clock.js';
import { Redactor } from '../core/redact.js';
import type { CommandName } from '../run/types.js';
import { createRuntime, type Runtime } from '../runtime/runtime.js';
import { resolveApiUrl } from '../service/api-url.js';
import { resolveRunRoot } from './root.js';

/**
 * What a command-line run gives the runtime: the documents read, the service and how to plan. A command
 * that takes none of an option leaves it out, and the runtime gets the default the option would have.
 */
export interface CliRuntimeArgs {
  readonly command: CommandName;
  /** `--root`; undefined: the git top level, else the working directory (root.ts). */
  readonly root: string | undefined;
  readonly paths: readonly string[];
  readonly apiUrl: string | undefined;
  /** `--org`; undefined: QOVERY_ORGANIZATION_ID. */
  readonly organizationId: string | undefined;
  readonly base?: string | undefined;
  readonly ignore?: readonly string[];
  readonly allowEmpty?: boolean;
  readonly prune?: boolean;
  readonly rotateSecrets?: boolean;
  readonly concurrency: number;
  readonly allComponents?: boolean;
}

/**
 * The runtime of one command line run, from the arguments and the environment. The token comes only from
 * QOVERY_API_TOKEN; it is registered with the redactor before anything can print it.
 */
export async function createCliRuntime(
  args: CliRuntimeArgs,
  env: NodeJS.ProcessEnv,
  progress: (line: string) => void,
): Promise<Runtime> {
  const where = await resolveRunRoot(args.root, args.paths, process.cwd());
  const redactor = new Redactor();
  return createRuntime({
    command: args.command,
    root: where.root,
    paths: args.paths,
    pathsFrom: where.from,
    readOutsideRoot: where.outsideRepository,
    organizationId: args.organizationId ?? (env.QOVERY_ORGANIZATION_ID?.trim() || null),
    base: args.base ?? null,
    head: null,
    ignore: args.ignore ?? [],
    allowEmpty: args.allowEmpty ?? false,
    prune: args.prune ?? false,
    rotateSecrets: args.rotateSecrets ?? false,
    concurrency: args.concurrency,
    allComponents: args.allComponents ?? false,
    clock: systemClock,
    env,
    redactor,
    // A progress line may quote the service (a failed write's message), which may quote a secret back.
    progress: (line) => progress(redactor.redact(line)),
    service: {
      token: env.QOVERY_API_TOKEN?.trim() || null,
      tokenName: 'QOVERY_API_TOKEN',
      apiUrl: () => resolveApiUrl(args.apiUrl, env).toString(),
      missingToken: `'${args.command === 'test-receivers' ? 'receivers test' : args.command}' talks to the service: set QOVERY_API_TOKEN to an API token (or run 'platform-gitops sandbox' to try it locally)`,
    },
  });
}
