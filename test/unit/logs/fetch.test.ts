import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectClusterLogs, fetchRecentLogs } from '../../../src/logs/fetch.js';
import { setDeployments } from '../../../src/sandbox/index.js';
import { createServiceClient } from '../../../src/service/client.js';
import { useSandbox } from '../../helpers/sandbox.js';
import {
  ACME,
  at,
  deployment,
  failure,
  GLOBEX_PROD,
  info,
  LEGACY_US,
  PROD_EU,
  STAGING_EU,
} from './deployments.js';

const sandbox = useSandbox({ rateLimit: false });
let client: ReturnType<typeof createServiceClient>;

beforeEach(() => {
  client = createServiceClient({ apiUrl: sandbox().url, token: sandbox().token });
  sandbox().resetLog();
});
afterEach(async () => {
  await client.close();
});

const prod = { organizationId: ACME, clusterId: PROD_EU };
const texts = (entries: readonly { message?: { safe_message?: string } }[]) =>
  entries.map((e) => e.message?.safe_message);

describe('fetchRecentLogs', () => {
  it('shows the newest failed deployment, not a newer successful one, in two requests', async () => {
    const failed = deployment(2, 'ERROR', [info(at(1), 'start'), failure(at(2), 'HELM_CHART_FAILED')]);
    setDeployments(sandbox().state, PROD_EU, [
      deployment(3, 'SUCCESS', [info(at(1), 'all good')]),
      failed,
      deployment(1, 'ERROR', [info(at(1), 'older failure')]),
    ]);
    const report = await fetchRecentLogs(client, prod, { entries: 50 });
    expect(report.deployment).toMatchObject({
      id: failed.id,
      action_status: 'ERROR',
      status: 'DEPLOYMENT_ERROR',
    });
    expect(texts(report.entries)).toEqual(['start', 'HELM_CHART_FAILED failed']);
    expect(report.errors.map((e) => e.error?.tag)).toEqual(['HELM_CHART_FAILED']);
    expect(report.fallback).toBe(false);
    expect(sandbox().count()).toBe(2);
    const history = sandbox().requests.find((r) => r.operation === 'listClusterDeploymentHistoryV2');
    expect(history?.query).toEqual({ pageSize: '10' });
  });

  it('prefers a deployment still running, and otherwise takes the newest', async () => {
    const running = deployment(4, 'ONGOING', [info(at(1), 'creating nodes')]);
    setDeployments(sandbox().state, PROD_EU, [running, deployment(5, 'SUCCESS', [])]);
    expect((await fetchRecentLogs(client, prod, { entries: 5 })).deployment?.id).toBe(running.id);

    const newest = deployment(6, 'SUCCESS', [info(at(1), 'done')]);
    setDeployments(sandbox().state, PROD_EU, [deployment(5, 'SUCCESS', []), newest]);
    expect((await fetchRecentLogs(client, prod, { entries: 5 })).deployment?.id).toBe(newest.id);
  });

  it('keeps the newest entries in nanosecond order whatever order the service sends', async () => {
    setDeployments(sandbox().state, PROD_EU, [
      deployment(2, 'ERROR', [
        info(at(1, 900), 'third'),
        info(at(1, 100), 'first'),
        info(at(2, 0), 'fourth'),
        info(at(1, 101), 'second'),
        info(at(0, 0), 'dropped'),
      ]),
    ]);
    const report = await fetchRecentLogs(client, prod, { entries: 4 });
    expect(texts(report.entries)).toEqual(['first', 'second', 'third', 'fourth']);
    expect(report.totalEntries).toBe(5);
  });

  it('says so when the history is empty, and asks nothing more', async () => {
    setDeployments(sandbox().state, STAGING_EU, []);
    const report = await fetchRecentLogs(
      client,
      { organizationId: ACME, clusterId: STAGING_EU },
      { entries: 50 },
    );
    expect(report.deployment).toBeNull();
    expect(report.entries).toEqual([]);
    expect(report.notices).toEqual([expect.stringMatching(/deployment history of this cluster is empty/)]);
    expect(sandbox().count()).toBe(1);
  });

  it('during a run, names an older failed deployment in one request and does not fetch its logs', async () => {
    const old = deployment(2, 'ERROR', [failure(at(1), 'HELM_CHART_UPGRADE_FAILED')]);
    setDeployments(sandbox().state, PROD_EU, [old, deployment(1, 'SUCCESS', [])]);
    const runStartedAt = Date.parse('2026-11-21T05:00:00Z');
    const report = await fetchRecentLogs(client, prod, { entries: 50, runStartedAt });
    expect(report.deployment).toBeNull();
    expect(report.previous).toMatchObject({ id: old.id, status: 'DEPLOYMENT_ERROR' });
    expect(report.entries).toEqual([]);
    expect(report.errors).toEqual([]);
    expect(report.notices).toEqual([]);
    expect(sandbox().count()).toBe(1);
  });

  it('during a run, shows the deployment that started after the run did, with its logs', async () => {
    const ours = deployment(6, 'ERROR', [failure(at(1), 'HELM_CHART_FAILED', 'this run')]);
    setDeployments(sandbox().state, PROD_EU, [deployment(2, 'ERROR', [info(at(1), 'old')]), ours]);
    const runStartedAt = Date.parse('2026-11-21T05:00:00Z');
    const report = await fetchRecentLogs(client, prod, { entries: 50, runStartedAt });
    expect(report.deployment?.id).toBe(ours.id);
    expect(report.previous).toBeUndefined();
    expect(texts(report.entries)).toEqual(['this run']);
    expect(sandbox().count()).toBe(2);
  });

  it('says the deployment may predate the run when the run’s start was not recorded', async () => {
    const old = deployment(2, 'ERROR', [info(at(1), 'old')]);
    setDeployments(sandbox().state, PROD_EU, [old]);
    const report = await fetchRecentLogs(client, prod, { entries: 50, runStartedAt: null });
    expect(report.deployment?.id).toBe(old.id);
    expect(report.notices).toEqual([
      'The main step did not record when this run started: the deployment shown is the newest and may be older than this run.',
    ]);
  });

  it('shows a deployment without entries', async () => {
    const quiet = deployment(2, 'ERROR', []);
    setDeployments(sandbox().state, PROD_EU, [quiet]);
    const report = await fetchRecentLogs(client, prod, { entries: 50 });
    expect(report.deployment?.id).toBe(quiet.id);
    expect(report.entries).toEqual([]);
    expect(report.notices).toEqual([]);
  });

  it('falls back to the deprecated cluster logs once when the new operations answer 404', async () => {
    setDeployments(sandbox().state, LEGACY_US, [
      deployment(2, 'ERROR', [info(at(1), 'legacy start'), failure(at(2), 'SCW_QUOTA')]),
    ]);
    const report = await fetchRecentLogs(
      client,
      { organizationId: ACME, clusterId: LEGACY_US },
      { entries: 50 },
    );
    expect(report.fallback).toBe(true);
    expect(report.deployment).toBeNull();
    expect(texts(report.entries)).toEqual(['legacy start', 'SCW_QUOTA failed']);
    expect(report.notices).toEqual([
      expect.stringMatching(/^The service answered 404 to listClusterDeploymentHistoryV2/),
    ]);
    expect(sandbox().count('listClusterDeploymentHistoryV2')).toBe(1);
    expect(sandbox().count('listClusterLogs')).toBe(1);
    expect(sandbox().count()).toBe(2);
  });

  it('during a run, keeps only the deprecated listing’s entries from the run’s start on', async () => {
    setDeployments(sandbox().state, LEGACY_US, [
      deployment(2, 'ERROR', [info(at(1), 'before the run'), failure(at(40), 'SCW_QUOTA')]),
    ]);
    const runStartedAt = Date.parse('2026-11-21T01:00:30Z');
    const report = await fetchRecentLogs(
      client,
      { organizationId: ACME, clusterId: LEGACY_US },
      { entries: 50, runStartedAt },
    );
    expect(report.fallback).toBe(true);
    expect(texts(report.entries)).toEqual(['SCW_QUOTA failed']);
    expect(report.notices[1]).toBe('Left out: 1 older entry, from before this run started.');
  });

  it('keeps 50 000 entries down to the newest asked for', async () => {
    const logs = Array.from({ length: 50_000 }, (_, i) =>
      info(at(Math.floor(i / 10_000), i % 10_000), `entry ${i}`),
    );
    setDeployments(sandbox().state, PROD_EU, [deployment(2, 'ERROR', logs)]);
    const report = await fetchRecentLogs(client, prod, { entries: 3 });
    expect(texts(report.entries)).toEqual(['entry 49997', 'entry 49998', 'entry 49999']);
    expect(report.totalEntries).toBe(50_000);
  });
});

describe('collectClusterLogs', () => {
  it('fetches several clusters, once each, and turns a refusal into that cluster’s failure', async () => {
    setDeployments(sandbox().state, PROD_EU, [deployment(2, 'ERROR', [info(at(1), 'prod')])]);
    const reports = await collectClusterLogs(
      client,
      [prod, { organizationId: '7f1b2c3d-0000-4000-8000-000000000002', clusterId: GLOBEX_PROD }, prod],
      { entries: 10, concurrency: 2 },
    );
    expect(reports).toHaveLength(2);
    expect(texts(reports[0]!.entries)).toEqual(['prod']);
    expect(reports[1]!.failure).toMatch(/HTTP 403/);
    expect(sandbox().count('listClusterDeploymentHistoryV2')).toBe(2);
  });

  it('stops asking after a 401: the token will not work for the next cluster either', async () => {
    const refused = createServiceClient({ apiUrl: sandbox().url, token: 'qov_not_a_token' });
    try {
      const reports = await collectClusterLogs(
        refused,
        [
          prod,
          { organizationId: ACME, clusterId: STAGING_EU },
          { organizationId: ACME, clusterId: LEGACY_US },
        ],
        { entries: 10, concurrency: 4 },
      );
      expect(reports.map((r) => r.failure)).toEqual([
        expect.stringMatching(/HTTP 401/),
        'not asked: the service refused the token (HTTP 401).',
        'not asked: the service refused the token (HTTP 401).',
      ]);
      expect(sandbox().count()).toBe(1);
    } finally {
      await refused.close();
    }
  });

  it('stops asking when the service does not answer: the next cluster would wait just as long', async () => {
    sandbox().setFaults({
      script: [{ operation: 'listClusterDeploymentHistoryV2', reset: true, times: 10 }],
    });
    const once = createServiceClient({
      apiUrl: sandbox().url,
      token: sandbox().token,
      retry: { maxAttempts: 1 },
    });
    try {
      const reports = await collectClusterLogs(
        once,
        [prod, { organizationId: ACME, clusterId: STAGING_EU }],
        {
          entries: 10,
          concurrency: 4,
        },
      );
      expect(reports.map((r) => r.failure)).toEqual([
        expect.stringMatching(/could not reach the service/),
        'not asked: the service did not answer the previous request.',
      ]);
      expect(sandbox().count()).toBe(1);
    } finally {
      sandbox().setFaults({});
      await once.close();
    }
  });

  it('gives up at once when the time bound has passed', async () => {
    const reports = await collectClusterLogs(client, [prod], {
      entries: 10,
      signal: AbortSignal.abort(new Error('late')),
    });
    expect(reports[0]!.failure).toBe('gave up waiting for the service (time limit reached).');
    expect(sandbox().count()).toBe(0);
  });
});
