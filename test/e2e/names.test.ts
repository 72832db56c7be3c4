/**
 * Names through the bundled CLI, over HTTP against the sandbox: documents that name their cluster and
 * target are applied with the ids the names resolve to, the JSON output gives both, and a name that
 * matches two services is an error on its line.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/types.js';
import { runCli } from './bundle.js';

const RULE = (name: string, target: string) =>
  [
    'kind: AlertRule',
    'cluster: prod-eu',
    `target: ${target}`,
    `name: ${name}`,
    'condition: {kind: CUSTOM, promql: up == 0}',
    'for_duration: PT5M',
    'severity: LOW',
    'alert_receivers: [slack-oncall]',
  ].join('\n');

let sandbox: Sandbox;
let repo: string;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  env = { QOVERY_API_URL: sandbox.url, QOVERY_API_TOKEN: sandbox.token };
  repo = await mkdtemp(join(tmpdir(), 'cli-names-'));
  await mkdir(join(repo, 'alerting'));
});
afterAll(async () => {
  await sandbox.close();
  await rm(repo, { recursive: true, force: true });
});

const cli = (command: string, ...more: string[]) =>
  runCli([command, 'alerting', '--root', repo, '--org', sandbox.organizationId, ...more], { env });

describe('the CLI bundle with names', () => {
  it('validate checks the name forms and asks the service nothing', async () => {
    await writeFile(
      join(repo, 'alerting', 'names.yaml'),
      `${RULE('api-down', '{service: shop/production/api}')}\n`,
    );
    sandbox.resetLog();
    const run = await runCli(['validate', 'alerting', '--root', repo], { env: {} });
    expect(run.code).toBe(0);
    expect(sandbox.requests).toEqual([]);
  });

  it('apply writes the ids the names resolve to; the JSON output gives names and ids', async () => {
    await writeFile(
      join(repo, 'alerting', 'names.yaml'),
      `${RULE('api-down', '{service: shop/production/api}')}\n`,
    );
    sandbox.resetLog();
    const run = await cli('apply', '--format', 'json');
    expect(run.code).toBe(0);
    const post = sandbox.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({
      cluster_id: 'c1a5e7e0-0000-4000-8000-000000000101',
      target: { target_type: 'APPLICATION', target_id: 'a1a1a1a1-0000-4000-8000-000000000301' },
    });
    const output = JSON.parse(run.stdout);
    expect(output.changes[0].references).toEqual({
      cluster: { id: 'c1a5e7e0-0000-4000-8000-000000000101', name: 'prod-eu' },
      target: {
        id: 'a1a1a1a1-0000-4000-8000-000000000301',
        name: 'api',
        type: 'APPLICATION',
        within: 'shop/production',
      },
      receivers: [{ id: '5e1ec7ed-0000-4000-8000-000000000201', name: 'slack-oncall' }],
    });
    expect(output.requests.byOperation).toMatchObject({
      listOrganizationCluster: 1,
      listServicesByOrganizationId: 1,
    });
  });

  it('a name two services share is an error on its line, listing both ids and the id form', async () => {
    await writeFile(
      join(repo, 'alerting', 'names.yaml'),
      `${RULE('worker-down', '\n  service: shop/staging/worker')}\n`,
    );
    const run = await cli('plan');
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(
      /alerting\/names\.yaml:4:3: error: 2 services are named "worker" in environment "staging" of project "shop": .*a1a1a1a1-0000-4000-8000-000000000313.*a1a1a1a1-0000-4000-8000-000000000314.*target: \{target_type: <type>, target_id: <service id>\}/,
    );
  });
});
