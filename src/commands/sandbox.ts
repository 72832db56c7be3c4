import { isAbsolute, join, relative } from 'node:path';
import { packageFile } from '../core/package-files.js';
import { UsageError } from '../core/usage-error.js';
import {
  defaultSeedDir,
  type RecordedRequest,
  type Sandbox,
  SeedError,
  shownSeed,
  startSandbox,
} from '../sandbox/index.js';

export { defaultSeedDir } from '../sandbox/index.js';

export interface SandboxCommandOptions {
  /** 0 picks a free port. */
  readonly port: number;
  /** A seed directory; the bundled fixtures/sandbox (as shownSeed gives it) when absent. */
  readonly seed?: string;
  readonly print: (line: string) => void;
  /** Stops the sandbox (besides SIGINT and SIGTERM). */
  readonly signal?: AbortSignal;
}

/**
 * `platform-gitops sandbox`: runs the local sandbox until SIGINT, SIGTERM, SIGHUP, the signal, or the end
 * of the process that started it, printing where it listens, a token, how to point the tool at it, how to
 * stop it, and one line per request (never the token sent).
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
      // The seed as a person is shown it (as the demo's): no notice about a field kind kept for the tests.
      seed: options.seed ?? (await shownSeed()),
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
    `seeded organizations, tokens and ids: ${seedArgument()}`,
    // `npx … sandbox &` gives the shell npx's PID, not this one: say which process to stop.
    `stop it with Ctrl-C, or kill ${process.pid} (this process); it also stops when the process that started it ends.`,
  ];
}

/** The seed directory shipped in the package, as a path this terminal can open. */
function seedArgument(): string {
  return fromHere(defaultSeedDir());
}

/** The bundled example repository, as short as it can be said from here (it ships inside the package). */
function exampleArgument(): string {
  return fromHere(packageFile(join('fixtures', 'example')));
}

/** A path inside the package, relative when it lies under the working directory, else absolute. */
function fromHere(path: string): string {
  const relativePath = relative(process.cwd(), path);
  return relativePath.startsWith('..') || isAbsolute(relativePath) ? path : relativePath;
}

/** The line printed for one request: what a person watching the sandbox sees (never a body or header). */
export function requestLine(request: RecordedRequest): string {
  const status = request.status === 0 ? 'reset' : String(request.status);
  const query = new URLSearchParams(request.query).toString();
  return `${request.method} ${request.path}${query ? `?${query}` : ''} → ${status} ${request.operation ?? ''}`.trimEnd();
}

/** How often the sandbox looks whether the process that started it is still there. */
const PARENT_CHECK_MS = 500;

/**
 * Resolves on SIGINT, SIGTERM, SIGHUP (its terminal closed), the signal, or when the process that started
 * it is gone: `npx platform-gitops sandbox &` then `kill $!` stops npx, whose child this is, and a sandbox
 * left listening on its port would be found only by the next run's EADDRINUSE. An orphan is adopted by
 * another process, so a changed parent id is the parent's end.
 */
function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid !== parent) stop();
    }, PARENT_CHECK_MS);
    const stop = () => {
      clearInterval(watch);
      for (const name of STOP_SIGNALS) process.off(name, stop);
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    if (signal?.aborted) return stop();
    for (const name of STOP_SIGNALS) process.once(name, stop);
    signal?.addEventListener('abort', stop, { once: true });
  });
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
