/** The sandbox's name lists over raw HTTP: what a client of the service sees, refusals included. */
import { describe, expect, it } from 'vitest';
import { callSandbox, useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const SHOP = 'b0b0b0b0-0000-4000-8000-000000000601';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzYW5kYm94In0.c2lnbmF0dXJl';

const sandbox = useSandbox({ rateLimit: false });

describe('the name lists of the sandbox', () => {
  it('answers clusters in the service Cluster shape, with region and organization reference', async () => {
    const { status, body } = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/cluster`);
    expect(status).toBe(200);
    expect((body as { results: unknown[] }).results).toContainEqual({
      id: 'c1a5e7e0-0000-4000-8000-000000000101',
      created_at: '2026-01-01T00:00:00Z',
      organization: { id: ACME },
      name: 'prod-eu',
      region: 'eu-west-3',
      cloud_provider: 'AWS',
    });
  });

  it('gives a job its job_type and no other service one', async () => {
    const { body } = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/services`);
    const results = (body as { results: Record<string, unknown>[] }).results;
    expect(results.filter((s) => 'job_type' in s).map((s) => [s.name, s.service_type, s.job_type])).toEqual([
      ['nightly-report', 'JOB', 'CRON'],
      ['db-migrate', 'JOB', 'LIFECYCLE'],
    ]);
  });

  it('a filter that names nothing, or is not an id, matches nothing (no 400 is declared); an empty one is no filter', async () => {
    for (const query of ['project_id=not-an-id', `cluster_id=${ACME}`, 'environment_id=']) {
      const { status, body } = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/services?${query}`);
      expect(status).toBe(200);
      const count = (body as { results: unknown[] }).results.length;
      expect(count, query).toBe(query === 'environment_id=' ? 13 : 0);
    }
  });

  it('counts the environments of a project and lists them with their cluster', async () => {
    const projects = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/project`);
    const shop = (projects.body as { results: Record<string, unknown>[] }).results.find((p) => p.id === SHOP);
    expect(shop).toMatchObject({ name: 'shop', associated_environments_count: 2 });
    const environments = await callSandbox(sandbox(), 'GET', `/project/${SHOP}/environment`, {
      token: JWT,
      scheme: 'Bearer',
    });
    expect(environments.status).toBe(200);
    expect((environments.body as { results: Record<string, unknown>[] }).results[1]).toMatchObject({
      name: 'staging',
      mode: 'STAGING',
      project: { id: SHOP },
      cluster_id: 'c1a5e7e0-0000-4000-8000-000000000102',
      cluster_name: 'staging-eu',
    });
  });

  it('refuses as for the other lists: no token 401, a project that is not an id 404', async () => {
    expect(
      (await callSandbox(sandbox(), 'GET', `/organization/${ACME}/project`, { token: null })).status,
    ).toBe(401);
    expect((await callSandbox(sandbox(), 'GET', '/project/shop/environment')).status).toBe(404);
  });
});
