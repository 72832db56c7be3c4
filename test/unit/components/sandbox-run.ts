import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ResolveComponentsInput, resolveComponents } from '../../../src/components/resolve.js';
import type { ComponentReport } from '../../../src/components/types.js';
import type { Environment } from '../../../src/components/value-from.js';
import { Redactor } from '../../../src/core/redact.js';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { createServiceClient } from '../../../src/service/client.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { inRepository } from '../../helpers/repository.js';
import { componentDocuments } from './yaml-documents.js';

export const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
export const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
export const STAGING_EU = 'c1a5e7e0-0000-4000-8000-000000000102';

const EXAMPLE_DIR = inRepository('fixtures', 'example', 'components', 'prod-eu');

/** The example repository's component documents, keyed by repository-relative path. */
export function exampleFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(EXAMPLE_DIR).sort()) {
    if (name.endsWith('.yaml'))
      files[`components/prod-eu/${name}`] = readFileSync(join(EXAMPLE_DIR, name), 'utf8');
  }
  return files;
}

export interface RunOptions {
  readonly head: Readonly<Record<string, string>>;
  readonly base?: Readonly<Record<string, string>> | null;
  readonly organizationId?: string | null;
  readonly concurrency?: number;
  readonly token?: string;
  /** The run's environment (`valueFrom: {env}`); the example's by default. */
  readonly env?: Environment;
}

/** The environment the example repository expects: its sensitive value is not in git. */
export const EXAMPLE_PASSWORD = 'Gr4fana-prod-eu-7c1d9e';
export const EXAMPLE_ENV: Environment = { GRAFANA_ADMIN_PASSWORD: EXAMPLE_PASSWORD };

/**
 * One resolve run against the sandbox over real HTTP, with the real client (on a fake clock, so that
 * retries do not wait) and the real loader.
 */
export async function runResolve(
  sandbox: Sandbox,
  options: RunOptions,
): Promise<{ report: ComponentReport; redactor: Redactor; requests: number; notices: readonly string[] }> {
  const client = createServiceClient({
    apiUrl: sandbox.url,
    token: options.token ?? sandbox.token,
    clock: new FakeClock(),
    random: () => 0.5,
  });
  const redactor = new Redactor();
  const input: ResolveComponentsInput = {
    documents: componentDocuments(options.head),
    baseDocuments: options.base ? componentDocuments(options.base) : null,
    client,
    defaultOrganizationId: options.organizationId ?? null,
    concurrency: options.concurrency ?? 4,
    redactor,
    env: options.env ?? EXAMPLE_ENV,
  };
  try {
    const report = await resolveComponents(input);
    return { report, redactor, requests: client.requestCounts().total, notices: client.notices() };
  } finally {
    await client.close();
  }
}

/** Replaces `from` by `to` in one file of a set, failing loudly when the text is not there. */
export function edit(
  files: Readonly<Record<string, string>>,
  path: string,
  from: string,
  to: string,
): Record<string, string> {
  const text = files[path];
  if (text === undefined || !text.includes(from))
    throw new Error(`edit: ${JSON.stringify(from)} not in ${path}`);
  return { ...files, [path]: text.replace(from, to) };
}
