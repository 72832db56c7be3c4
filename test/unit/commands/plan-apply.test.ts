import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApply } from '../../../src/commands/apply.js';
import { runPlan } from '../../../src/commands/plan.js';
import { countChanges } from '../../../src/plan/change-counts.js';
import { formatPlanText } from '../../../src/report/plan-text.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { EXAMPLE_RULE_READS, type TestRun, testRun, writesOf } from './run-context.js';

let sandbox: Sandbox;
const runs: TestRun[] = [];
const run = (over: Parameters<typeof testRun>[1] = {}): TestRun => {
  const r = testRun(sandbox, over);
  runs.push(r);
  return r;
};

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
});

describe('plan against the sandbox', () => {
  it('reads the live state with one list call per organization, and the receivers once', async () => {
    const report = await runPlan(run().ctx);
    // The clusters and services lists give the report its names, also for documents written with ids.
    expect(report.requests).toEqual({ total: 6, byOperation: EXAMPLE_RULE_READS });
    expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /organization/7f1b2c3d-0000-4000-8000-000000000001/alert-rules',
      'GET /organization/7f1b2c3d-0000-4000-8000-000000000001/cluster',
      'GET /organization/7f1b2c3d-0000-4000-8000-000000000001/services',
      'GET /organization/7f1b2c3d-0000-4000-8000-000000000001/project',
      'GET /project/b0b0b0b0-0000-4000-8000-000000000601/environment',
      'GET /organization/7f1b2c3d-0000-4000-8000-000000000001/alert-receivers',
    ]);
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(countChanges(report.plan!)).toMatchSnapshot();
    expect(formatPlanText(report.plan!, { color: false })).toMatchSnapshot();
    // Only clusters with pending changes: the example changes rules of prod-eu alone.
    expect(report.clusters).toEqual([
      {
        organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
        clusterId: 'c1a5e7e0-0000-4000-8000-000000000101',
      },
    ]);
  });
});

describe('plan of the whole example repository', () => {
  it('resolves each component once beside the one alert-rule list, and names prod-eu for the logs', async () => {
    const report = await runPlan(run({ paths: ['.'] }).ctx);
    expect(report.requests.byOperation).toEqual({
      ...EXAMPLE_RULE_READS,
      resolvePlatformTemplateComponentConfiguration: 5,
      // Read once for the organization, to tell a deprecated template version.
      listPlatformTemplates: 1,
    });
    expect(report.components.map((c) => [c.componentKey, c.status])).toEqual([
      ['cert-manager', 'resolved'],
      ['external-dns', 'resolved'],
      ['ingress-nginx', 'resolved'],
      ['karpenter', 'resolved'],
      ['observability', 'resolved'],
    ]);
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(report.clusters.map((c) => c.clusterId)).toEqual(['c1a5e7e0-0000-4000-8000-000000000101']);
  });
});

describe('apply against the sandbox', () => {
  it('sends exactly the planned bodies: 1 list (+ receivers), one write per change and one re-read after creates, then plans nothing', async () => {
    const planned = await runPlan(run().ctx);
    const pending = planned.plan!.changes.filter((c) => c.action !== 'noop').length;
    sandbox.resetLog();

    const applied = await runApply(run().ctx);
    expect(applied.results.every((r) => r.ok && r.converged)).toBe(true);
    expect(applied.results).toHaveLength(pending);
    const creates = applied.results.some((r) => r.change.action === 'create');
    expect(applied.requests.byOperation).toEqual({
      // The re-read after creates checks for a rule another run created at the same time.
      getAlertRules: creates ? 2 : 1,
      getAlertReceivers: 1,
      // Once each for the run, whatever the number of documents.
      listOrganizationCluster: 1,
      listServicesByOrganizationId: 1,
      // The example's environment targets, by name: the one project's environments.
      listProject: 1,
      listEnvironment: 1,
      ...countsOf(applied.results.map((r) => r.change.action)),
    });
    expect(writesOf(sandbox)).toMatchSnapshot();
    expect(exitCodeFor(applied)).toBe(0);

    const again = await runPlan(run().ctx);
    expect(again.plan!.changes.filter((c) => c.action !== 'noop')).toEqual([]);
    expect(countChanges(again.plan!).unchanged).toBe(planned.plan!.changes.length);
  });

  it('reports a PUT failing with 500 after retries and one refused with 400, applies the rest, exits 1', async () => {
    const plan = (await runPlan(run().ctx)).plan!;
    const updates = plan.changes.filter((c) => c.action === 'update');
    expect(updates.length).toBeGreaterThanOrEqual(3);
    const [flaky, refused] = [updates[0]!.id!, updates[1]!.id!];
    sandbox.setFaults({
      script: [
        { operation: 'editAlertRule', id: flaky, status: 500, times: 10 },
        {
          operation: 'editAlertRule',
          id: refused,
          status: 400,
          body: { status: 400, message: 'threshold out of range' },
        },
      ],
    });
    sandbox.resetLog();

    const report = await runApply(run().ctx);
    const failed = report.results.filter((r) => !r.ok);
    expect(failed.map((r) => [r.id, r.status])).toEqual(
      expect.arrayContaining([
        [flaky, 500],
        [refused, 400],
      ]),
    );
    expect(failed).toHaveLength(2);
    expect(failed.find((r) => r.id === refused)?.error).toContain('threshold out of range');
    expect(report.results.filter((r) => r.ok)).toHaveLength(report.results.length - 2);
    // The 500 was retried by the client (4 attempts); the 400 was not.
    expect(sandbox.requests.filter((r) => r.path === `/alert-rules/${flaky}`)).toHaveLength(4);
    expect(sandbox.requests.filter((r) => r.path === `/alert-rules/${refused}`)).toHaveLength(1);
    expect(exitCodeFor(report)).toBe(1);

    // Running again converges: only the two failed changes remain, and they now succeed.
    sandbox.setFaults({});
    const retry = await runApply(run().ctx);
    expect(retry.results.map((r) => r.id).sort()).toEqual([flaky, refused].sort());
    expect(retry.results.every((r) => r.ok)).toBe(true);
  });

  it('writes nothing when a document is invalid', async () => {
    const report = await runApply(run({ paths: ['alerting', 'missing.yaml'] }).ctx);
    expect(report.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(report.results).toEqual([]);
    expect(report.skipped.join(' ')).toMatch(/nothing was written/);
    expect(sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it.each([
    // A 403 to the organization's rules: the organization refuses the token, one finding about it.
    [403, 'service.organization-denied'],
    [400, 'service.request-failed'],
  ])('turns a failed read (HTTP %i) into an error finding, not a crash', async (status, code) => {
    sandbox.setFaults({
      script: [{ operation: 'getAlertRules', status, body: { message: 'forbidden' } }],
    });
    const report = await runPlan(run().ctx);
    expect(report.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file])).toEqual([
      [code, ''],
    ]);
    expect(report.plan?.changes).toEqual([]);
    // Never "the live rules match the documents" when they could not be read.
    expect(formatPlanText(report.plan!, { color: false })).toMatch(
      /^Alert rules: nothing was planned: the live rules could not be read \(see the errors below\)\.\n/,
    );
  });
});

function countsOf(actions: readonly string[]): Record<string, number> {
  const operation = {
    create: 'createAlertRule',
    update: 'editAlertRule',
    delete: 'deleteAlertRule',
  } as const;
  const counts: Record<string, number> = {};
  for (const action of actions) {
    const op = operation[action as keyof typeof operation];
    counts[op] = (counts[op] ?? 0) + 1;
  }
  return counts;
}

describe('a rule written with every optional field absent', () => {
  it('is created with the full creation body, and the plan right after the apply is empty', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bare-rule-'));
    try {
      writeFileSync(
        join(root, 'bare.yaml'),
        [
          'kind: AlertRule',
          'organization_id: 7f1b2c3d-0000-4000-8000-000000000001',
          'cluster_id: c1a5e7e0-0000-4000-8000-000000000102',
          'target: {target_type: CLUSTER, target_id: c1a5e7e0-0000-4000-8000-000000000102}',
          'name: staging-eu-anything-down',
          'condition: {kind: CUSTOM, promql: "up == 0"}',
          'for_duration: PT300S',
          'severity: LOW',
          'alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000203, 5E1EC7ED-0000-4000-8000-000000000201]',
          '',
        ].join('\n'),
      );
      const applied = await runApply(run({ root, paths: ['.'] }).ctx);
      expect(applied.results.map((r) => [r.change.action, r.ok, r.converged])).toEqual([
        ['create', true, true],
      ]);
      expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /organization/7f1b2c3d-0000-4000-8000-000000000001/alert-rules',
        'GET /organization/7f1b2c3d-0000-4000-8000-000000000001/cluster',
        'GET /organization/7f1b2c3d-0000-4000-8000-000000000001/services',
        'GET /organization/7f1b2c3d-0000-4000-8000-000000000001/alert-receivers',
        'POST /alert-rules',
        'GET /organization/7f1b2c3d-0000-4000-8000-000000000001/alert-rules',
      ]);
      // AlertRuleCreationRequest: the nine edit fields with their documented defaults, plus what cannot
      // change afterwards; the cluster target in the service's own spelling.
      expect(sandbox.requests[4]?.body).toEqual({
        organization_id: '7f1b2c3d-0000-4000-8000-000000000001',
        cluster_id: 'c1a5e7e0-0000-4000-8000-000000000102',
        target: { target_type: ' CLUSTER', target_id: 'c1a5e7e0-0000-4000-8000-000000000102' },
        name: 'staging-eu-anything-down',
        description: '',
        tag: '',
        condition: { kind: 'CUSTOM', promql: 'up == 0' },
        for_duration: 'PT300S',
        severity: 'LOW',
        enabled: true,
        alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000203', '5E1EC7ED-0000-4000-8000-000000000201'],
        presentation: { summary: null, runbook_url: null },
      });

      const again = await runPlan(run({ root, paths: ['.'] }).ctx);
      expect(again.plan!.changes.map((c) => [c.action, c.diff])).toEqual([['noop', []]]);
      expect(exitCodeFor(again, { detailedExitcode: true })).toBe(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
