import { afterAll, beforeAll } from 'vitest';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/index.js';

/**
 * Starts one sandbox for a test file (beforeAll) and closes it afterwards (afterAll). Returns a getter,
 * because the sandbox exists only once the hook has run:
 *
 *   const sandbox = useSandbox({ rateLimit: false });
 *   it('…', async () => { await fetch(`${sandbox().url}/…`) });
 */
export function useSandbox(options?: SandboxOptions): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(options);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox)
      throw new Error('the sandbox is not started: call useSandbox() at the top of the test file');
    return sandbox;
  };
}

/** Fetch as a client of the service would, with the token in the `Token` scheme by default. */
export async function callSandbox(
  sandbox: Sandbox,
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; scheme?: 'Token' | 'Bearer' } = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const token = options.token === undefined ? sandbox.token : options.token;
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `${options.scheme ?? 'Token'} ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined
      ? { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }
      : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
