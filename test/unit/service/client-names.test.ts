/**
 * The four read-only name lists (clusters, services, projects, environments) over real HTTP against the
 * sandbox: what is decoded, the organization check, 401/403/404 as for the other lists, a wrong shape,
 * and the request counts.
 */
import { describe, expect, it } from 'vitest';
import { unreadableOrganization } from '../../../src/service/unknown-organization.js';
import { apiFailure } from '../../helpers/api-failure.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { useSandboxClients } from '../../helpers/sandbox-clients.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const GLOBEX = '7f1b2c3d-0000-4000-8000-000000000002';
const UNKNOWN_ORG = '7f1b2c3d-0000-4000-8000-0000000000ff';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const STAGING_EU = 'c1a5e7e0-0000-4000-8000-000000000102';
const SHOP = 'b0b0b0b0-0000-4000-8000-000000000601';
const PORTAL = 'b0b0b0b0-0000-4000-8000-000000000611';
const UNKNOWN_PROJECT = 'b0b0b0b0-0000-4000-8000-0000000006ff';
const PRODUCTION = 'e0e0e0e0-0000-4000-8000-000000000401';
const STAGING = 'e0e0e0e0-0000-4000-8000-000000000402';

const sandbox = useSandbox({ rateLimit: false });

const clients = useSandboxClients(sandbox);
const client = (token = sandbox().token) => clients({ token, retry: { maxAttempts: 1 } }).service;

describe('the name lists of an organization', () => {
  it('lists the clusters by id and name, one request', async () => {
    const service = client();
    const clusters = await service.listOrganizationCluster(ACME);
    expect(clusters).toContainEqual({ id: PROD_EU, name: 'prod-eu' });
    expect(clusters).toContainEqual({ id: STAGING_EU, name: 'staging-eu' });
    expect(clusters.map((c) => c.name)).not.toContain('globex-prod');
    expect(service.requestCounts()).toEqual({ total: 1, byOperation: { listOrganizationCluster: 1 } });
  });

  it('lists every service with its type, project, environment and cluster in one request', async () => {
    const service = client();
    const services = await service.listServicesByOrganizationId(ACME);
    expect(services.find((s) => s.id === 'a1a1a1a1-0000-4000-8000-000000000301')).toEqual({
      id: 'a1a1a1a1-0000-4000-8000-000000000301',
      name: 'api',
      service_type: 'APPLICATION',
      project_id: SHOP,
      project_name: 'shop',
      environment_id: PRODUCTION,
      environment_name: 'production',
      cluster_id: PROD_EU,
    });
    const jobs = services.filter((s) => s.service_type === 'JOB').map((s) => [s.name, s.job_type]);
    expect(jobs).toEqual([
      ['nightly-report', 'CRON'],
      ['db-migrate', 'LIFECYCLE'],
    ]);
    // Names are not unique: the seed's ambiguous name.
    const workers = services.filter((s) => s.environment_id === STAGING && s.name === 'worker');
    expect(workers.map((s) => s.service_type)).toEqual(['APPLICATION', 'CONTAINER']);
    expect(services.some((s) => s.project_name === 'portal')).toBe(false);
    expect(service.requestCounts()).toEqual({ total: 1, byOperation: { listServicesByOrganizationId: 1 } });
  });

  it('sends the filters it is given, and the service narrows the list', async () => {
    const service = client();
    const staging = await service.listServicesByOrganizationId(ACME, { environmentId: STAGING });
    expect(new Set(staging.map((s) => s.environment_name))).toEqual(new Set(['staging']));
    const onProd = await service.listServicesByOrganizationId(ACME, { projectId: SHOP, clusterId: PROD_EU });
    expect(onProd.length).toBe(8);
    expect(onProd.every((s) => s.cluster_id === PROD_EU && s.project_id === SHOP)).toBe(true);
    const requests = sandbox().requests.filter((r) => r.operation === 'listServicesByOrganizationId');
    expect(requests.map((r) => r.query)).toEqual([
      { environment_id: STAGING },
      { project_id: SHOP, cluster_id: PROD_EU },
    ]);
  });

  it('lists the projects, then the environments of one project', async () => {
    const service = client();
    const projects = await service.listProject(ACME);
    expect(projects.map((p) => p.name).sort()).toEqual(['back-office', 'shop']);
    const environments = await service.listEnvironment(SHOP);
    expect(environments).toEqual([
      { id: PRODUCTION, name: 'production', project_id: SHOP, cluster_id: PROD_EU, mode: 'PRODUCTION' },
      { id: STAGING, name: 'staging', project_id: SHOP, cluster_id: STAGING_EU, mode: 'STAGING' },
    ]);
    expect(service.requestCounts()).toEqual({
      total: 2,
      byOperation: { listProject: 1, listEnvironment: 1 },
    });
  });
});

describe('refusals, as for the other lists', () => {
  it("another organization's lists are 403, an unknown organization's 404 about the organization", async () => {
    const service = client();
    for (const call of [
      () => service.listOrganizationCluster(GLOBEX),
      () => service.listServicesByOrganizationId(GLOBEX),
      () => service.listProject(GLOBEX),
    ]) {
      expect((await apiFailure(call())).status).toBe(403);
    }
    expect((await apiFailure(client().listEnvironment(PORTAL))).status).toBe(403);
    for (const call of [
      () => client().listOrganizationCluster(UNKNOWN_ORG),
      () => client().listServicesByOrganizationId(UNKNOWN_ORG),
      () => client().listProject(UNKNOWN_ORG),
    ]) {
      const error = await apiFailure(call());
      expect(error.status).toBe(404);
      expect(unreadableOrganization(error)).toBe(404);
    }
  });

  it('an unknown project is a 404 that names the project, not the organization', async () => {
    const error = await apiFailure(client().listEnvironment(UNKNOWN_PROJECT));
    expect(error.status).toBe(404);
    expect(error.message).toContain(UNKNOWN_PROJECT);
    expect(unreadableOrganization(error)).toBe(null);
  });

  it('a refused token is 401, and the next list is not sent', async () => {
    const service = client('qov_not_a_token');
    expect((await apiFailure(service.listOrganizationCluster(ACME))).status).toBe(401);
    expect((await apiFailure(service.listProject(ACME))).status).toBe(401);
    expect(service.requestCounts().byOperation).toEqual({ listOrganizationCluster: 1 });
  });
});

describe('answers of the wrong shape', () => {
  it.each([
    ['listOrganizationCluster', { results: [{ id: PROD_EU }] }, "'results[0].name'"],
    [
      'listServicesByOrganizationId',
      { results: [{ id: 'x', name: 'api', service_type: 7 }] },
      "'results[0].service_type'",
    ],
    ['listProject', { results: 'none' }, "'results'"],
    [
      'listEnvironment',
      { results: [{ id: PRODUCTION, name: 'production', project: null }] },
      "'results[0].project'",
    ],
  ] as const)('%s names the field', async (operation, body, field) => {
    const service = client();
    sandbox().setFaults({ script: [{ operation, status: 200, body }] });
    const calls = {
      listOrganizationCluster: () => service.listOrganizationCluster(ACME),
      listServicesByOrganizationId: () => service.listServicesByOrganizationId(ACME),
      listProject: () => service.listProject(ACME),
      listEnvironment: () => service.listEnvironment(SHOP),
    };
    const error = await apiFailure(calls[operation]());
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect(error.message).toContain(field);
  });

  it('a service type or job type it does not know is kept and reported once', async () => {
    const service = client();
    const item = {
      id: 'x',
      name: 'flow',
      service_type: 'NEW_KIND',
      job_type: 'ONCE',
      project_id: SHOP,
      project_name: 'shop',
      environment_id: PRODUCTION,
      environment_name: 'production',
      cluster_id: PROD_EU,
    };
    sandbox().setFaults({
      script: [{ operation: 'listServicesByOrganizationId', status: 200, body: { results: [item, item] } }],
    });
    const services = await service.listServicesByOrganizationId(ACME);
    expect(services.map((s) => [s.service_type, s.job_type])).toEqual([
      ['NEW_KIND', 'ONCE'],
      ['NEW_KIND', 'ONCE'],
    ]);
    expect(service.notices()).toHaveLength(2);
  });
});
