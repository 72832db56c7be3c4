import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clusterLogsSection, failedClusters, logClusters } from '../../../src/action/failed-apply-logs.js';
import { Redactor } from '../../../src/core/redact.js';
import { failedReport } from '../../../src/logs/fetch.js';
import { renderLogsMarkdown } from '../../../src/logs/markdown.js';
import { utf8Bytes } from '../../../src/markdown/escape.js';
import type { ChangeResult } from '../../../src/model/types.js';
import { setDeployments } from '../../../src/sandbox/index.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { ACME, at, deployment, failure, info, PROD_EU, STAGING_EU } from '../logs/deployments.js';
import { change, report, result } from '../report/report-factory.js';
import { testDecision, testInputs, testStep } from './main-step-factory.js';

const OTHER_ORG = '7f1b2c3d-0000-4000-8000-000000000002';
const prodEu = { organizationId: ACME, clusterId: PROD_EU };
const stagingEu = { organizationId: ACME, clusterId: STAGING_EU };
/** A write to `clusterId` that the service refused. */
const refused = (i: number, clusterId: string | null): ChangeResult => ({
  ...result(i, false),
  change: { ...change(i, 'update'), clusterId },
});

describe('failedClusters', () => {
  it('names each cluster of a refused write once, not those of writes that succeeded', () => {
    const r = report({
      results: [refused(1, PROD_EU), refused(2, PROD_EU), result(3, true), refused(4, STAGING_EU)],
      clusters: [prodEu, stagingEu],
    });
    expect(failedClusters(r)).toEqual([prodEu, stagingEu]);
  });

  it('names each cluster as the plan does, by name beside its id, when the change knows the name', () => {
    const named: ChangeResult = {
      ...result(1, false),
      change: {
        ...change(1, 'update'),
        clusterId: PROD_EU,
        references: { cluster: { id: PROD_EU, name: 'prod-eu' }, target: null, receivers: [] },
      },
    };
    const clusters = failedClusters(report({ results: [named], clusters: [prodEu] }));
    expect(clusters).toEqual([{ ...prodEu, name: 'prod-eu' }]);
    // The summary's section of that cluster says its name.
    const markdown = renderLogsMarkdown([failedReport(clusters[0]!, 'HTTP 500')], {
      redactor: new Redactor(),
      maxBytes: 10_000,
      now: 0,
      title: 'Recent cluster log entries',
    });
    expect(markdown).toContain(`### Cluster \`prod-eu (${PROD_EU})\``);
  });

  it('names no cluster for a failed receiver write: a receiver belongs to the organization', () => {
    const receiver: ChangeResult = {
      id: null,
      ok: false,
      status: 400,
      error: 'the service refused the receiver',
      change: {
        kind: 'AlertReceiver',
        action: 'create',
        id: null,
        name: 'pager',
        type: 'SLACK',
        organizationId: ACME,
        file: 'alerting/pager.yaml',
        line: 1,
        diff: [],
        request: {
          name: 'pager',
          description: '',
          type: 'SLACK',
          send_resolved: true,
          owner: null,
          severity: null,
        },
        secrets: [],
      },
    };
    const r = report({ results: [receiver, refused(2, STAGING_EU)], clusters: [prodEu, stagingEu] });
    expect(failedClusters(r)).toEqual([stagingEu]);
  });

  it('falls back to every cluster of the run when no refused write names one', () => {
    const r = report({ results: [refused(1, null)], clusters: [prodEu, stagingEu] });
    expect(failedClusters(r)).toEqual([prodEu, stagingEu]);
  });
});

describe('logClusters', () => {
  const r = report({ results: [refused(1, PROD_EU)], clusters: [prodEu, stagingEu] });

  it('takes the cluster-id input in the organization-id input organization', () => {
    const inputs = { organizationId: OTHER_ORG, clusterIds: [STAGING_EU] };
    expect(logClusters(r, inputs)).toEqual([{ organizationId: OTHER_ORG, clusterId: STAGING_EU }]);
  });

  it('takes the failed writes clusters without a cluster-id input, or without its organization', () => {
    expect(logClusters(r, { organizationId: OTHER_ORG, clusterIds: [] })).toEqual([prodEu]);
    expect(logClusters(r, { organizationId: null, clusterIds: [STAGING_EU] })).toEqual([prodEu]);
  });
});

describe('clusterLogsSection', () => {
  const sandbox = useSandbox({ rateLimit: false });
  const saved = process.env.GITHUB_STATE;
  let dir = '';
  const failedApply = report({ command: 'apply', results: [refused(1, PROD_EU)], clusters: [prodEu] });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cluster-logs-'));
    // As the runner does: saved state goes to a file.
    process.env.GITHUB_STATE = join(dir, 'state');
    writeFileSync(process.env.GITHUB_STATE, '');
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    if (saved === undefined) delete process.env.GITHUB_STATE;
    else process.env.GITHUB_STATE = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  const applyStep = (given: Record<string, string> = {}) =>
    testStep({
      inputs: testInputs({ 'api-token': sandbox().token, 'api-url': sandbox().url, ...given }),
      decision: testDecision({ command: 'apply', pullRequest: null }),
    });

  it('is left out when the run wants no logs, made no service client, or has no cluster', async () => {
    const step = await applyStep();
    try {
      const wants = { wantsLogs: true };
      expect(clusterLogsSection(step, failedApply, wants)).toBeNull();
      step.runtime.context.service();
      expect(clusterLogsSection(step, failedApply, { wantsLogs: false })).toBeNull();
      expect(clusterLogsSection(step, report({ command: 'apply' }), wants)).toBeNull();
      expect(clusterLogsSection(step, failedApply, wants)).not.toBeNull();
    } finally {
      await step.runtime.close();
    }
  });

  it('shows the failed cluster entries within the bytes given, and tells the post step they are shown', async () => {
    setDeployments(sandbox().state, PROD_EU, [
      deployment(2, 'ERROR', [info(at(1), 'installing'), failure(at(2), 'HELM_CHART_FAILED')]),
    ]);
    const step = await applyStep();
    try {
      step.runtime.context.service();
      const section = clusterLogsSection(step, failedApply, { wantsLogs: true })!;
      const markdown = await section(64 * 1024);
      expect(markdown).toMatch(/^## Recent cluster log entries\n/);
      expect(markdown).toContain('HELM_CHART_FAILED');
      expect(utf8Bytes(markdown)).toBeLessThanOrEqual(64 * 1024);
      const state = readFileSync(process.env.GITHUB_STATE!, 'utf8');
      expect(state).toMatch(/^logs-attached<<(\S+)\n(.*)\n\1\n$/);
      expect(JSON.parse(state.split('\n')[1]!)).toEqual([prodEu]);
    } finally {
      await step.runtime.close();
    }
  });
});
