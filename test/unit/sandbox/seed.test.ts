import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSeedDir, type SandboxSeed, SeedError, startSandbox } from '../../../src/sandbox/index.js';
import { loadSeedDirectory } from '../../../src/sandbox/seed/load-seed.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const BASE = `organizations:
  - { id: ${ACME}, name: acme }
tokens:
  - { token: t1, organizations: [${ACME}] }
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-seed-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
async function seedDir(files: Record<string, string>): Promise<string> {
  const path = join(dir, `case-${++counter}`);
  await import('node:fs/promises').then((fs) => fs.mkdir(path));
  for (const [name, text] of Object.entries(files)) await writeFile(join(path, name), text);
  return path;
}

async function seedFailure(files: Record<string, string>): Promise<string> {
  const path = await seedDir(files);
  const error = await loadSeedDirectory(path).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SeedError);
  // The seed's errors name its file relative to the working directory, as the command line prints it.
  return (error as Error).message.replace(relative(process.cwd(), path), '<dir>');
}

describe('the bundled seed', () => {
  it('loads and holds the fixed identifiers', async () => {
    const seed = await loadSeedDirectory(defaultSeedDir());
    expect(seed.organizations.map((o) => o.name)).toEqual(['acme', 'globex']);
    expect(seed.clusters.filter((c) => c.legacy).map((c) => c.name)).toEqual(['legacy-us']);
    expect(seed.templates.map((t) => `${t.key}@${t.version}:${t.status}`)).toContain(
      'aws-standard@1.3.2:DEPRECATED',
    );
    expect(seed.ghostRules).toHaveLength(1);
    expect(seed.projects.map((p) => p.name)).toEqual(['shop', 'back-office', 'portal']);
    const staging = seed.services.filter((s) => s.environment_id === 'e0e0e0e0-0000-4000-8000-000000000402');
    expect(staging.filter((s) => s.name === 'worker')).toHaveLength(2);
  });

  it('is found from the bundle layout and from its chunks', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    expect(defaultSeedDir(pathToFileURL(join(root, 'dist', 'cli.js')).href)).toBe(
      join(root, 'fixtures', 'sandbox'),
    );
    expect(defaultSeedDir(pathToFileURL(join(root, 'dist', 'chunks', 'x.js')).href)).toBe(
      join(root, 'fixtures', 'sandbox'),
    );
  });

  it('is never looked up in the working directory: code without the seed beside it says the package is incomplete', () => {
    const elsewhere = pathToFileURL(join(tmpdir(), 'no-package-here', 'dist', 'cli.js')).href;
    expect(() => defaultSeedDir(elsewhere)).toThrow(
      /the installed package is incomplete: fixtures\/sandbox is not beside .*no-package-here.*reinstall platform-gitops/,
    );
  });
});

describe('invalid seeds', () => {
  it('names the file and the field of a bad value', async () => {
    const message = await seedFailure({
      'a.yaml': BASE,
      'clusters.yaml': `clusters:\n  - { id: not-a-uuid, organization_id: ${ACME}, name: x, cloud_provider: AWS }\n`,
    });
    expect(message).toBe('<dir>/clusters.yaml: clusters[0].id: expected a uuid, found "not-a-uuid"');
  });

  it('refuses a value cut at an unquoted #, at its line, and keeps a real comment', async () => {
    const message = await seedFailure({
      'a.yaml': `${BASE}# a comment\nnotes: Non-urgent alerts in #platform-alerts\n`,
    });
    expect(message).toMatch(
      /^<dir>\/a\.yaml:\d+: the value "Non-urgent alerts in" is cut at "#platform-alerts", which YAML reads as a comment: quote the whole value/,
    );
    // The bundled seed's receivers keep their whole descriptions, '#channel' included.
    const seed = await loadSeedDirectory(defaultSeedDir());
    expect(seed.alertReceivers.map((r) => r.description)).toContain('Non-urgent alerts in #platform-alerts');
  });

  it('gives the line and column of a YAML error on one line, without the code frame', async () => {
    const message = await seedFailure({ 'a.yaml': 'organizations: [\n' });
    expect(message).toMatch(/^<dir>\/a\.yaml: not valid YAML: .* at line 2, column 1$/);
  });

  it.each([
    [{ 'a.yaml': `${BASE}widgets: []\n` }, '<dir>/a.yaml: widgets: unknown section'],
    [{ 'a.yaml': 'organizations: [\n' }, '<dir>/a.yaml: not valid YAML'],
    [
      { 'a.yaml': `${BASE}  - { token: t1, organizations: [${ACME}] }\n` },
      '<dir>/a.yaml: tokens[1].token: duplicate: "t1"',
    ],
    [
      {
        'a.yaml': `${BASE}clusters:\n  - { id: c1a5e7e0-0000-4000-8000-000000000101, organization_id: 7f1b2c3d-0000-4000-8000-0000000000ff, name: x, cloud_provider: AWS }\n`,
      },
      '<dir>/a.yaml: clusters[0].organization_id: organization 7f1b2c3d-0000-4000-8000-0000000000ff is not among',
    ],
    [
      {
        'a.yaml': `${BASE}clusters:\n  - { id: c1a5e7e0-0000-4000-8000-000000000101, organization_id: ${ACME}, name: x, cloud_provider: MOON }\n`,
      },
      '<dir>/a.yaml: clusters[0].cloud_provider: expected one of AWS, SCW',
    ],
    [{ 'a.yaml': 'tokens: []\n' }, 'the seed defines no organizations'],
    [
      {
        'a.yaml': `${BASE}alertReceivers:\n  - { id: 5e1ec7ed-0000-4000-8000-000000000201, organization_id: ${ACME}, name: s, type: SLACK, created_at: '2026-01-01T00:00:00Z', webhook_url: 'https://hooks.example/x' }\n`,
      },
      '<dir>/a.yaml: alertReceivers[0].webhook_url: the service never returns receiver secrets',
    ],
    [
      {
        'a.yaml': `${BASE}alertReceivers:\n  - { id: 5e1ec7ed-0000-4000-8000-000000000202, organization_id: ${ACME}, name: m, type: EMAIL, created_at: '2026-01-01T00:00:00Z', to: a@acme.example, from: b@acme.example }\n`,
      },
      '<dir>/a.yaml: alertReceivers[0].smarthost: expected a non-empty string, found nothing',
    ],
  ])('refuses %j', async (files, expected) => {
    expect(await seedFailure(files)).toContain(expected);
  });

  it('checks that a rule refers to receivers of its organization', async () => {
    const rule = {
      id: 'a2a2a2a2-0000-4000-8000-000000000501',
      organization_id: ACME,
      cluster_id: 'c1a5e7e0-0000-4000-8000-000000000101',
      target: { target_type: 'CLUSTER', target_id: 'c1a5e7e0-0000-4000-8000-000000000101' },
      name: 'r',
      description: '',
      tag: '',
      condition: { kind: 'CUSTOM', promql: 'up' },
      for_duration: 'PT5M',
      severity: 'LOW',
      enabled: true,
      alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000299'],
      created_at: '2026-01-01T00:00:00Z',
    };
    const seed: SandboxSeed = {
      organizations: [{ id: ACME, name: 'acme' }],
      tokens: [{ token: 't1', organizations: [ACME] }],
      clusters: [{ id: rule.cluster_id, organization_id: ACME, name: 'c', cloud_provider: 'AWS' }],
      alertRules: [rule],
    };
    await expect(startSandbox({ seed })).rejects.toThrow(
      `(seed object): alertRules[0].alert_receiver_ids[0]: no receiver 5e1ec7ed-0000-4000-8000-000000000299 in organization ${ACME}`,
    );
  });

  it('checks projects: their clusters, their job types, their ids', async () => {
    const GLOBEX = '7f1b2c3d-0000-4000-8000-000000000002';
    const CLUSTER = 'c1a5e7e0-0000-4000-8000-000000000101';
    const environment = (over: Record<string, unknown>) => ({
      id: 'e0e0e0e0-0000-4000-8000-000000000401',
      name: 'production',
      mode: 'PRODUCTION',
      cluster_id: CLUSTER,
      ...over,
    });
    const seed = (environments: unknown[], clusterOrganization = ACME): SandboxSeed => ({
      organizations: [
        { id: ACME, name: 'acme' },
        { id: GLOBEX, name: 'globex' },
      ],
      tokens: [{ token: 't1', organizations: [ACME] }],
      clusters: [{ id: CLUSTER, organization_id: clusterOrganization, name: 'c', cloud_provider: 'AWS' }],
      projects: [
        { id: 'b0b0b0b0-0000-4000-8000-000000000601', organization_id: ACME, name: 'shop', environments },
      ],
    });
    await expect(startSandbox({ seed: seed([environment({})], GLOBEX) })).rejects.toThrow(
      `(seed object): projects[0].environments[0].cluster_id: no cluster ${CLUSTER} in organization ${ACME}`,
    );
    const job = { id: 'a1a1a1a1-0000-4000-8000-000000000304', name: 'nightly', service_type: 'JOB' };
    await expect(startSandbox({ seed: seed([environment({ services: [job] })]) })).rejects.toThrow(
      '(seed object): projects[0].environments[0].services[0].job_type: a JOB says its job_type: CRON or LIFECYCLE',
    );
    await expect(
      startSandbox({ seed: seed([environment({ services: [] }), environment({ name: 'again' })]) }),
    ).rejects.toThrow('(seed object): projects[0].environments[1].id: duplicate');
  });

  it('requires nanosecond timestamps and error details in log entries', async () => {
    const deployment = (entry: string) => `${BASE}clusters:
  - { id: c1a5e7e0-0000-4000-8000-000000000101, organization_id: ${ACME}, name: c, cloud_provider: AWS }
deployments:
  - id: d3d3d3d3-0000-4000-8000-000000000701
    cluster_id: c1a5e7e0-0000-4000-8000-000000000101
    created_at: '2026-11-20T23:10:04Z'
    updated_at: '2026-11-20T23:10:04Z'
    status: DEPLOYED
    action_status: SUCCESS
    trigger_action: DEPLOY
    reason: r
    logs:
      - ${entry}
`;
    expect(
      await seedFailure({
        'a.yaml': deployment(
          "{ type: info, timestamp: '2026-11-20T23:10:04Z', step: Create, message: { safe_message: m } }",
        ),
      }),
    ).toContain('deployments[0].logs[0].timestamp: expected a UTC timestamp with nanoseconds');
    expect(
      await seedFailure({
        'a.yaml': deployment(
          "{ type: error, timestamp: '2026-11-20T23:10:04.000000001Z', step: Create, message: { safe_message: m } }",
        ),
      }),
    ).toContain('deployments[0].logs[0].error: expected a mapping, found nothing');
  });

  it('reports a directory that does not exist or holds no seed', async () => {
    await expect(loadSeedDirectory(join(dir, 'missing'))).rejects.toThrow('cannot read the seed directory');
    await expect(loadSeedDirectory(await seedDir({ 'notes.txt': 'x' }))).rejects.toThrow(
      'holds no .yaml files',
    );
  });
});
