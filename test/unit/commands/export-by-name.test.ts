/**
 * `export` of the sandbox organization writes clusters, targets and receivers by name, by id where a
 * name would not find its target again (shop/staging has two services named `worker`), and `plan` on what
 * it wrote reports no change.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExport } from '../../../src/commands/export.js';
import { runPlan } from '../../../src/commands/plan.js';
import { putLiveRule } from '../../../src/sandbox/index.js';
import { ACME, EXAMPLE_RULE_READS, useRunWorld } from './run-context.js';

const STAGING = 'c1a5e7e0-0000-4000-8000-000000000102';
const STAGING_WORKER_APP = 'a1a1a1a1-0000-4000-8000-000000000313';
const STAGING_WORKER_CONTAINER = 'a1a1a1a1-0000-4000-8000-000000000314';

const { world, run } = useRunWorld('export-by-name-');

/** A live rule on the staging `worker` application: its name is shared by a container there. */
function addStagingWorkerRule(): void {
  putLiveRule(world.sandbox.state, {
    id: 'a2a2a2a2-0000-4000-8000-000000000951',
    organization_id: ACME,
    cluster_id: STAGING,
    target: { target_type: 'APPLICATION', target_id: STAGING_WORKER_APP },
    name: 'staging-worker-down',
    description: '',
    tag: '',
    condition: { kind: 'CUSTOM', promql: 'up{app="worker"} == 0', operator: 'ABOVE', threshold: 0 },
    for_duration: 'PT5M',
    severity: 'LOW',
    enabled: true,
    alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000203'],
    created_at: '2026-11-01T00:00:00Z',
  });
}

const written = (file: string) => readFileSync(join(world.out, file), 'utf8');

describe('export by name', () => {
  it('writes the cluster, the target and the receivers of each rule by name', async () => {
    const report = await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    expect(report.diagnostics.filter((d) => d.severity !== 'notice')).toEqual([]);
    expect(report.diagnostics.find((d) => d.code === 'export.written')?.message).not.toContain('by id');
    expect(written('api-p99-latency.yaml')).toContain(
      'cluster: prod-eu\ntarget:\n  service: shop/production/api\nname: api-p99-latency\n',
    );
    expect(written('api-p99-latency.yaml')).toContain('alert_receivers:\n  - slack-oncall\n');
    expect(written('postgres-deadlocks.yaml')).toContain('target:\n  environment: shop/production\n');
    expect(written('prod-eu-node-not-ready.yaml')).toContain('target:\n  cluster: prod-eu\n');
    expect(written('staging-eu-node-not-ready.yaml')).toContain('cluster: staging-eu\n');
    for (const file of ['api-p99-latency.yaml', 'postgres-deadlocks.yaml', 'prod-eu-node-not-ready.yaml']) {
      expect(written(file)).not.toMatch(/cluster_id|target_id|alert_receiver_ids|# By id/);
    }
  });

  it('writes a shared name by id, with a comment that names every service of that name', async () => {
    addStagingWorkerRule();
    const report = await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    expect(report.diagnostics.find((d) => d.code === 'export.written')?.message).toMatch(
      /\. 1 reference is written by id rather than by name, in 1 file: a comment above each says why\.$/,
    );
    expect(written('staging-worker-down.yaml')).toContain(
      'cluster: staging-eu\n' +
        `# By id: 2 services are named "worker" in environment "staging" of project "shop" (${STAGING_WORKER_APP}, ${STAGING_WORKER_CONTAINER}).\n` +
        `target:\n  target_type: APPLICATION\n  target_id: ${STAGING_WORKER_APP}\n`,
    );
    expect(written('staging-worker-down.yaml')).toContain('alert_receivers:\n  - slack-low-priority\n');
  });

  it('writes by id, with a comment and a warning, what a list that cannot be read would name', async () => {
    // Not a 401 or 403, after which the client sends nothing more: one list fails, the others answer.
    world.sandbox.setFaults({ script: [{ operation: 'listServicesByOrganizationId', status: 400 }] });
    const report = await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    const warnings = report.diagnostics.filter((d) => d.severity === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(
      /^The services of organization 7f1b2c3d-0000-4000-8000-000000000001 could not be read: .*The exported documents reference what it names by id, each with a comment\.$/,
    );
    expect(written('api-p99-latency.yaml')).toContain(
      "cluster: prod-eu\n# By id: the services of the organization could not be read (see the export's warning).\n" +
        'target:\n  target_type: APPLICATION\n',
    );
    // The other lists were read: their names are written.
    expect(written('postgres-deadlocks.yaml')).toContain('target:\n  environment: shop/production\n');
    expect(report.requests.byOperation.listServicesByOrganizationId).toBe(1);
  });

  it('writes environment targets by id when the environments cannot be read', async () => {
    world.sandbox.setFaults({ script: [{ operation: 'listEnvironment', status: 400 }] });
    const report = await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    expect(report.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.message)).toEqual([
      expect.stringMatching(
        /^The environments of project b0b0b0b0-0000-4000-8000-000000000601 could not be read/,
      ),
    ]);
    expect(written('postgres-deadlocks.yaml')).toContain(
      "# By id: the projects and environments of the organization could not be read (see the export's warning).\n" +
        'target:\n  target_type: ENVIRONMENT\n',
    );
    expect(written('api-p99-latency.yaml')).toContain('target:\n  service: shop/production/api\n');
  });

  it('reads each list once, and none a rule does not need', async () => {
    const report = await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    expect(report.requests.byOperation).toEqual(EXAMPLE_RULE_READS);
  });

  // Needs the document forms by name in the loader (`cluster:`, `target: {service|environment|cluster}`):
  // it passes once they are merged.
  it('export of the sandbox organization, then plan on its output, reports no change', async () => {
    addStagingWorkerRule();
    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    const plan = await runPlan(run({ root: world.out, paths: ['.'], organizationId: ACME }).ctx);
    expect(plan.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(plan.plan!.changes.length).toBeGreaterThan(10);
    expect(plan.plan!.changes.filter((c) => c.action !== 'noop')).toEqual([]);
    expect(plan.plan!.unmanaged).toEqual([]);
  });
});
