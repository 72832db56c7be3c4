import { afterEach, describe, expect, it } from 'vitest';
import { runLogs } from '../../../src/commands/logs.js';
import { Redactor } from '../../../src/core/redact.js';
import { renderLogsText } from '../../../src/logs/text.js';
import type { RunContext } from '../../../src/run/types.js';
import { setDeployments } from '../../../src/sandbox/index.js';
import { createServiceClient } from '../../../src/service/client.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { REPOSITORY_ROOT } from '../../helpers/repository.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { ACME, at, deployment, failure, info, LEGACY_US, PROD_EU } from './deployments.js';

const sandbox = useSandbox({ rateLimit: false });
const clients: ReturnType<typeof createServiceClient>[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

function context(overrides: Partial<RunContext> = {}, token = sandbox().token): RunContext {
  const client = createServiceClient({ apiUrl: sandbox().url, token });
  clients.push(client);
  return {
    root: REPOSITORY_ROOT,
    paths: [],
    organizationId: ACME,
    service: () => client,
    git: null,
    base: null,
    head: null,
    prune: false,
    concurrency: 4,
    allComponents: false,
    env: {},
    clock: new FakeClock(),
    redactor: new Redactor(),
    progress: () => {},
    ...overrides,
  };
}

describe('runLogs', () => {
  it('returns the cluster’s logs and a report with the requests made', async () => {
    setDeployments(sandbox().state, PROD_EU, [
      deployment(2, 'ERROR', [info(at(1), 'one'), failure(at(2), 'BOOM')]),
    ]);
    const { report, logs } = await runLogs(context(), { clusterId: PROD_EU.toUpperCase(), entries: 1 });
    expect(logs.entries.map((e) => e.message?.safe_message)).toEqual(['BOOM failed']);
    expect(logs.totalEntries).toBe(2);
    expect(report).toMatchObject({
      command: 'logs',
      diagnostics: [],
      plan: null,
      clusters: [{ organizationId: ACME, clusterId: PROD_EU }],
      requests: {
        total: 2,
        byOperation: { listClusterDeploymentHistoryV2: 1, listClusterDeploymentLogs: 1 },
      },
    });
  });

  it('reports the fallback as a notice', async () => {
    setDeployments(sandbox().state, LEGACY_US, [deployment(2, 'ERROR', [info(at(1), 'legacy')])]);
    const { report, logs } = await runLogs(context(), { clusterId: LEGACY_US, entries: 50 });
    expect(logs.fallback).toBe(true);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ severity: 'notice', code: 'logs.fallback', file: '' }),
    ]);
  });

  it('turns a refused request into an error finding without the token', async () => {
    const { report, logs } = await runLogs(context({}, 'qov_revoked_token_1234'), {
      clusterId: PROD_EU,
      entries: 50,
    });
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'api.listClusterDeploymentHistoryV2' }),
    ]);
    expect(report.diagnostics[0]?.message).toMatch(/HTTP 401/);
    expect(logs.failure).toMatch(/HTTP 401/);
    expect(JSON.stringify(report)).not.toContain('qov_revoked_token_1234');
  });

  it('refuses a missing organization, an empty cluster and an entry count out of range, asking nothing', async () => {
    sandbox().resetLog();
    await expect(
      runLogs(context({ organizationId: null }), { clusterId: PROD_EU, entries: 5 }),
    ).rejects.toThrow(/needs an organization/);
    await expect(runLogs(context(), { clusterId: ' ', entries: 5 })).rejects.toThrow(
      /needs --cluster NAME\|ID/,
    );
    await expect(runLogs(context(), { clusterId: PROD_EU, entries: 1001 })).rejects.toThrow(/from 1 to 1000/);
    expect(sandbox().count()).toBe(0);
  });

  it('takes the cluster by name as documents name it, and names it beside its id', async () => {
    setDeployments(sandbox().state, PROD_EU, [deployment(2, 'ERROR', [failure(at(2), 'BOOM')])]);
    const progress: string[] = [];
    const { report, logs } = await runLogs(context({ progress: (l) => progress.push(l) }), {
      clusterId: 'Prod-EU ',
      entries: 5,
    });
    expect(report.diagnostics).toEqual([]);
    expect(report.clusters).toEqual([{ organizationId: ACME, clusterId: PROD_EU, name: 'prod-eu' }]);
    expect(logs.entries.map((e) => e.message?.safe_message)).toEqual(['BOOM failed']);
    expect(progress).toContain(`Fetching the recent log entries of cluster prod-eu (${PROD_EU})…`);
    expect(renderLogsText([logs], { redactor: new Redactor() })).toContain(`Cluster prod-eu (${PROD_EU})`);
    // From the command line too: the parser passes the name on, `logs` resolves it.
    const cli = await runCliInProcess(['logs', '--cluster', 'prod-eu', '--org', ACME, '--no-color'], {
      QOVERY_API_URL: sandbox().url,
      QOVERY_API_TOKEN: sandbox().token,
    });
    expect(cli.code).toBe(0);
    expect(cli.stderr).toContain(`Fetching the recent log entries of cluster prod-eu (${PROD_EU})…`);
    expect(cli.stdout).toContain(`Cluster prod-eu (${PROD_EU})`);
    // A cluster list that cannot be read is the run's error finding, not a crash, and no logs are asked.
    sandbox().setFaults({ script: [{ operation: 'listOrganizationCluster', status: 400 }] });
    try {
      const unread = await runLogs(context(), { clusterId: 'prod-eu', entries: 5 });
      expect(unread.report.diagnostics.map((d) => [d.severity, d.code])).toEqual([
        ['error', 'service.request-failed'],
      ]);
      expect(unread.logs.failure).toContain(`The clusters of organization ${ACME} could not be read`);
      expect(unread.report.clusters).toEqual([]);
    } finally {
      sandbox().setFaults({});
    }
    // A name that matches no cluster is refused in the words documents get, with the nearest name.
    await expect(runLogs(context(), { clusterId: 'prod-ue', entries: 5 })).rejects.toThrow(
      /--cluster: No cluster is named "prod-ue" in the organization\. Did you mean "prod-eu"\?/,
    );
  });
});
