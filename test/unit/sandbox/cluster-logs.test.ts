import { describe, expect, it } from 'vitest';
import { setDeployments } from '../../../src/sandbox/index.js';
import { callSandbox, useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const GLOBEX = '7f1b2c3d-0000-4000-8000-000000000002';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const STAGING_EU = 'c1a5e7e0-0000-4000-8000-000000000102';
const LEGACY_US = 'c1a5e7e0-0000-4000-8000-000000000103';
const FAILED = 'd3d3d3d3-0000-4000-8000-000000000703';

const sandbox = useSandbox({ rateLimit: false });
const cluster = (id: string, rest: string) => `/organization/${ACME}/cluster/${id}/${rest}`;

type History = {
  page: number;
  page_size: number;
  results: {
    identifier: { deployment_id: string };
    action_status: string;
    auditing_data: { created_at: string };
  }[];
};

describe('listClusterDeploymentHistoryV2', () => {
  it('answers the newest deployments first, 20 by default', async () => {
    const { status, body } = await callSandbox(sandbox(), 'GET', cluster(PROD_EU, 'deploymentHistoryV2'));
    expect(status).toBe(200);
    const history = body as History;
    expect(history.page_size).toBe(20);
    expect(history.results.map((d) => [d.identifier.deployment_id, d.action_status])).toEqual([
      [FAILED, 'ERROR'],
      ['d3d3d3d3-0000-4000-8000-000000000702', 'SUCCESS'],
      ['d3d3d3d3-0000-4000-8000-000000000701', 'SUCCESS'],
    ]);
    expect(history.results[0]).toEqual({
      identifier: { deployment_id: FAILED, execution_id: 'exec-prod-eu-20261120-2310', cluster_id: PROD_EU },
      auditing_data: {
        created_at: '2026-11-20T23:10:04Z',
        updated_at: '2026-11-20T23:19:41Z',
        origin: 'API',
        triggered_by: 'platform-gitops',
      },
      status: 'DEPLOYMENT_ERROR',
      action_status: 'ERROR',
      trigger_action: 'DEPLOY',
      reason: 'Platform configuration updated',
      total_duration: '9m37s',
    });
  });

  it('honours pageSize, takes a fractional one, and answers only declared statuses', async () => {
    const one = await callSandbox(sandbox(), 'GET', cluster(PROD_EU, 'deploymentHistoryV2?pageSize=1'));
    expect((one.body as History).results).toHaveLength(1);
    expect((one.body as History).page_size).toBe(1);
    const fractional = await callSandbox(
      sandbox(),
      'GET',
      cluster(PROD_EU, 'deploymentHistoryV2?pageSize=2.5'),
    );
    expect(fractional.status).toBe(200);
    expect((fractional.body as History).page_size).toBe(2);
    for (const bad of ['0', '-1', 'ten']) {
      const answer = await callSandbox(
        sandbox(),
        'GET',
        cluster(PROD_EU, `deploymentHistoryV2?pageSize=${bad}`),
      );
      expect(answer.status, bad).toBe(200);
      expect((answer.body as History).page_size, bad).toBe(20);
    }
  });

  it('has a successful newest deployment on staging-eu', async () => {
    const { body } = await callSandbox(
      sandbox(),
      'GET',
      cluster(STAGING_EU, 'deploymentHistoryV2?pageSize=1'),
    );
    expect((body as History).results[0]?.action_status).toBe('SUCCESS');
  });

  it('answers 404 on a legacy cluster, like an older deployment of the service', async () => {
    const answer = await callSandbox(sandbox(), 'GET', cluster(LEGACY_US, 'deploymentHistoryV2'));
    expect(answer.status).toBe(404);
    expect(sandbox().requests.at(-1)?.operation).toBe('listClusterDeploymentHistoryV2');
  });

  it('answers 404 for a cluster of no organization, 403 for another organization', async () => {
    expect(
      (
        await callSandbox(
          sandbox(),
          'GET',
          cluster('c1a5e7e0-0000-4000-8000-0000000009ff', 'deploymentHistoryV2'),
        )
      ).status,
    ).toBe(404);
    const globex = `/organization/${GLOBEX}/cluster/c1a5e7e0-0000-4000-8000-000000000201/deploymentHistoryV2`;
    expect((await callSandbox(sandbox(), 'GET', globex)).status).toBe(403);
  });
});

describe('listClusterDeploymentLogs', () => {
  it('answers the entries of the deployment with nanosecond timestamps and error details', async () => {
    const { status, body } = await callSandbox(
      sandbox(),
      'GET',
      cluster(PROD_EU, `deployment/${FAILED}/logs`),
    );
    expect(status).toBe(200);
    const entries = (body as { results: Record<string, unknown>[] }).results;
    expect(entries.map((e) => e.type)).toEqual(['info', 'info', 'warning', 'error', 'error']);
    expect(entries[3]).toMatchObject({
      timestamp: '2026-11-20T23:19:40.512993001Z',
      step: 'CreateError',
      error: {
        tag: 'HELM_CHART_UPGRADE_FAILED',
        hint_message: 'Roll the release back, then deploy the cluster again.',
        underlying_error: {
          message: 'UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress',
        },
      },
    });
    expect(entries[0]).toMatchObject({ details: { provider_kind: 'aws', transmitter: { name: 'prod-eu' } } });
  });

  it('answers 404 for a deployment of another cluster and on a legacy cluster', async () => {
    expect(
      (await callSandbox(sandbox(), 'GET', cluster(STAGING_EU, `deployment/${FAILED}/logs`))).status,
    ).toBe(404);
    const legacy = cluster(LEGACY_US, 'deployment/d3d3d3d3-0000-4000-8000-000000000721/logs');
    expect((await callSandbox(sandbox(), 'GET', legacy)).status).toBe(404);
  });
});

describe('listClusterLogs (deprecated)', () => {
  it('answers the newest deployment entries on every cluster, legacy included', async () => {
    const legacy = await callSandbox(sandbox(), 'GET', cluster(LEGACY_US, 'logs'));
    expect(legacy.status).toBe(200);
    const entries = (legacy.body as { results: { error?: { tag: string } }[] }).results;
    expect(entries.map((e) => e.error?.tag ?? null)).toEqual([null, 'CLOUD_PROVIDER_QUOTA_EXCEEDED']);
    const prod = await callSandbox(sandbox(), 'GET', cluster(PROD_EU, 'logs'));
    expect((prod.body as { results: unknown[] }).results).toHaveLength(5);
  });
});

describe('setDeployments', () => {
  it('replaces the deployments of a cluster', async () => {
    setDeployments(sandbox().state, STAGING_EU, [
      {
        id: 'd3d3d3d3-0000-4000-8000-000000000799',
        created_at: '2026-11-21T00:00:00Z',
        updated_at: '2026-11-21T00:01:00Z',
        status: 'DEPLOYMENT_ERROR',
        action_status: 'ERROR',
        trigger_action: 'DEPLOY',
        reason: 'arranged by a test',
        logs: [],
      },
    ]);
    const { body } = await callSandbox(sandbox(), 'GET', cluster(STAGING_EU, 'deploymentHistoryV2'));
    expect((body as History).results.map((d) => d.identifier.deployment_id)).toEqual([
      'd3d3d3d3-0000-4000-8000-000000000799',
    ]);
  });

  it('refuses an entry the service could not hold', () => {
    expect(() => setDeployments(sandbox().state, STAGING_EU, [{ id: 'x' }])).toThrow(
      'setDeployments: [0].id: expected a uuid, found "x"',
    );
  });
});
