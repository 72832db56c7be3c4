/**
 * What a newcomer sees after each error of the first hour: a wrong token, an --org the documents do not
 * name, an API that does not answer. The command line in this process, against the sandbox.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { inRepository } from '../../helpers/repository.js';
import { useSandbox } from '../../helpers/sandbox.js';

const sandbox = useSandbox({ rateLimit: false });
const EXAMPLE = inRepository('fixtures', 'example');
const UNKNOWN = '99999999-0000-4000-8000-000000000009';

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

async function plan(env: Record<string, string>, ...args: string[]) {
  const run = await runCliInProcess(['plan', EXAMPLE, '--root', EXAMPLE, ...args], {
    GRAFANA_ADMIN_PASSWORD: 'sandbox-only-password',
    ...env,
  });
  const json = await runCliInProcess(['plan', EXAMPLE, '--root', EXAMPLE, ...args, '--format', 'json'], {
    GRAFANA_ADMIN_PASSWORD: 'sandbox-only-password',
    ...env,
  });
  return { run, last: run.stdout.trimEnd().split('\n').at(-1) ?? '', json: JSON.parse(json.stdout) };
}

describe('the closing line after the live state could not be read', () => {
  it('a wrong token: Failed, never a zero count', async () => {
    const { run, last, json } = await plan({ QOVERY_API_URL: sandbox().url, QOVERY_API_TOKEN: 'qov_wrong' });
    expect(run.code).toBe(1);
    expect(last).toMatch(
      /^Failed: the live alert rules of 7f1b2c3d-0000-4000-8000-000000000001 could not be read/,
    );
    expect(run.stdout).not.toContain('Plan: 0 to create, 0 to update, 0 to delete.');
    expect(json.outcome).toEqual({ kind: 'failed', line: last });
  });

  it('--org beside documents that name another organization: one warning naming both', async () => {
    const env = { QOVERY_API_URL: sandbox().url, QOVERY_API_TOKEN: sandbox().token };
    const { run, last, json } = await plan(env, '--org', UNKNOWN);
    // The example's documents name their organization: --org is said to be set aside, naming both.
    expect(run.stdout).toContain(`not ${UNKNOWN} given by --org`);
    expect(last).toMatch(/^Changes pending: /);
    expect(json.outcome.kind).toBe('changes pending');
  });

  it('an API that does not answer: its address named, and no request counted as reaching it', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const { run, last, json } = await plan({ QOVERY_API_URL: url, QOVERY_API_TOKEN: 'qov_x' });
    expect(run.stdout).toContain(`attempts to ${url})`);
    expect(run.stdout).toMatch(/\n\d+ attempts to reach the service, none answered \(/);
    expect(run.stdout).not.toMatch(/\d+ requests? to the service/);
    expect(last).toMatch(/^Failed: /);
    expect(json.requests.unanswered).toBe(json.requests.total);
  });
});

describe('the closing count when the documents kept every rule out of the plan', () => {
  it('documents that name no organization, and no --org: Failed, never a zero count', async () => {
    const root = mkdtempSync(join(tmpdir(), 'no-organization-'));
    mkdirSync(join(root, 'alerting'));
    const rules = readFileSync(inRepository('fixtures', 'example', 'alerting', 'api.yaml'), 'utf8');
    writeFileSync(join(root, 'alerting', 'api.yaml'), rules.replace(/^organization_id: .*\n/gm, ''));
    const env = { QOVERY_API_URL: sandbox().url, QOVERY_API_TOKEN: sandbox().token };
    const run = await runCliInProcess(['plan', root, '--root', root], env).finally(() =>
      rmSync(root, { recursive: true, force: true }),
    );
    expect(run.stdout).toContain('[plan.no-organization]');
    expect(run.stdout).not.toContain('Plan: 0 to create, 0 to update, 0 to delete.');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^Failed: \d+ errors\.$/);
  });
});

describe('logs against an API that does not answer', () => {
  it('counts its attempts as attempts, never as requests to the service', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await runCliInProcess(['logs', '--cluster', UNKNOWN, '--org', UNKNOWN], {
      QOVERY_API_URL: url,
      QOVERY_API_TOKEN: 'qov_x',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^\d+ attempts? to reach the service, none answered; \d+\.\d s\.\n$/m);
    expect(run.stderr).not.toMatch(/\d+ requests? to the service/);
  });
});
