import { isAbsolute, join, relative } from 'node:path';
import { UsageError } from '../core/errors.js';
import { packageFile } from '../core/package-files.js';
import { defaultSeedDir, type Sandbox, SeedError, startSandbox } from '../sandbox/index.js';
import type { RecordedRequest } from '../sandbox/types.js';

export { defaultSeedDir } from '../sandbox/index.js';

export interface SandboxCommandOptions {
  /** 0 picks a free port. */
  readonly port: number;
  /** A seed directory; the bundled fixtures/sandbox when absent. */
  readonly seed?: string;
  readonly print: (line: string) => void;
  /** Stops the sandbox (besides SIGINT and SIGTERM). */
  readonly signal?: AbortSignal;
}

/**
 * `platform-gitops sandbox`: runs the local sandbox until SIGINT, SIGTERM or the signal, printing where it
 * listens, a token, how to point the tool at it, and one line per request (never the token sent).
 */
export async function runSandboxCommand(options: SandboxCommandOptions): Promise<void> {
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65_535) {
    throw new UsageError(`invalid --port ${options.port}: expected a whole number from 0 to 65535`);
  }
  const sandbox = await start(options);
  // Listen for the signals before announcing the address: a supervisor may stop it as soon as it reads it.
  const stopped = untilStopped(options.signal);
  for (const line of introduction(sandbox)) options.print(line);
  await stopped;
  await sandbox.close();
  options.print('sandbox stopped');
}

async function start(options: SandboxCommandOptions): Promise<Sandbox> {
  try {
    return await startSandbox({
      port: options.port,
      seed: options.seed ?? defaultSeedDir(),
      onRequest: (request) => options.print(requestLine(request)),
    });
  } catch (error) {
    if (error instanceof SeedError) throw new UsageError(`invalid sandbox seed: ${error.message}`);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new UsageError(`port ${options.port} on 127.0.0.1 is already in use: choose another with --port`);
    }
    throw error;
  }
}

function introduction(sandbox: Sandbox): string[] {
  return [
    `sandbox of the service listening on ${sandbox.url}`,
    `organization ${sandbox.organizationId}, token ${sandbox.token}`,
    '',
    'point the tool at it:',
    `  export QOVERY_API_URL=${sandbox.url} QOVERY_API_TOKEN=${sandbox.token}`,
    // The example keeps its sensitive value out of git: it reads it from the environment.
    '  export GRAFANA_ADMIN_PASSWORD=sandbox-only-password',
    `  platform-gitops plan ${exampleArgument()} --org ${sandbox.organizationId}`,
    '',
    'seeded organizations, tokens and ids: docs/sandbox.md. Stop with Ctrl-C.',
  ];
}

/** The bundled example repository, as short as it can be said from here (it ships inside the package). */
function exampleArgument(): string {
  const example = packageFile(join('fixtures', 'example'));
  const fromHere = relative(process.cwd(), example);
  return fromHere.startsWith('..') || isAbsolute(fromHere) ? example : fromHere;
}

/** The line printed for one request: what a person watching the sandbox sees (never a body or header). */
export function requestLine(request: RecordedRequest): string {
  const status = request.status === 0 ? 'reset' : String(request.status);
  const query = new URLSearchParams(request.query).toString();
  return `${request.method} ${request.path}${query ? `?${query}` : ''} → ${status} ${request.operation ?? ''}`.trimEnd();
}

function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    if (signal?.aborted) return resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
