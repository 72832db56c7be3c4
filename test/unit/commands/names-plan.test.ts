/**
 * Clusters and targets written by name, planned and applied against the sandbox over HTTP: each form
 * resolves to the ids its seed gives (fixtures/sandbox/projects.yaml, clusters.yaml) and the writes carry
 * them; a name that resolves to no single entry is an error at its key; each list is read once.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApply } from '../../../src/commands/apply.js';
import { runApplyPlan } from '../../../src/commands/apply-plan.js';
import { runDrift } from '../../../src/commands/drift.js';
import { runPlan } from '../../../src/commands/plan.js';
import { runValidate } from '../../../src/commands/validate.js';
import { changesOfKind } from '../../../src/model/types.js';
import { toJsonOutput } from '../../../src/report/json-output.js';
import { formatPlanText } from '../../../src/report/plan-text.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { asStore } from '../../../src/sandbox/state.js';
import { ACME, type TestRun, testRun, writesOf } from './run-context.js';

const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const STAGING_EU = 'c1a5e7e0-0000-4000-8000-000000000102';
const SHOP_STAGING = 'e0e0e0e0-0000-4000-8000-000000000402';
const API = 'a1a1a1a1-0000-4000-8000-000000000301';
const WORKER = 'a1a1a1a1-0000-4000-8000-000000000302';
const NIGHTLY_REPORT = 'a1a1a1a1-0000-4000-8000-000000000304';
const DB_MIGRATE = 'a1a1a1a1-0000-4000-8000-000000000305';
const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';

let sandbox: Sandbox;
let root: string;
const runs: TestRun[] = [];
const run = () => {
  const r = testRun(sandbox, { root, paths: ['alerting'], organizationId: ACME });
  runs.push(r);
  return r.ctx;
};

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  root = mkdtempSync(join(tmpdir(), 'names-'));
  mkdirSync(join(root, 'alerting'));
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

/** A new rule's document: `references` are the lines that say where it is (cluster, target). */
function rule(name: string, references: readonly string[]): string {
  return [
    'kind: AlertRule',
    ...references,
    `name: ${name}`,
    'condition: {kind: CUSTOM, promql: up == 0}',
    'for_duration: PT5M',
    'severity: LOW',
    'alert_receivers: [slack-oncall]',
  ].join('\n');
}

function write(file: string, ...documents: string[]): void {
  writeFileSync(join(root, 'alerting', file), `${documents.join('\n---\n')}\n`);
}

/** The service's services, renamed in place: `id` takes `name` (another service may have had it). */
function renameService(id: string, name: string): void {
  const seed = asStore(sandbox.state).seed as unknown as { services: { id: string; name: string }[] };
  seed.services = seed.services.map((s) => (s.id === id ? { ...s, name } : s));
}

describe('each name form resolves to its ids, and the writes carry them', () => {
  it('cluster, service (path and mapping form, any case), job, cron job, environment and cluster targets', async () => {
    write(
      'names.yaml',
      rule('api-down', ['cluster: prod-eu', 'target: {service: shop/production/api}']),
      rule('report-down', [
        'cluster: " Prod-EU "',
        'target: {service: {project: Shop, environment: production, service: nightly-report}}',
      ]),
      rule('migrate-failed', ['cluster: prod-eu', 'target: {service: shop/production/db-migrate}']),
      rule('staging-down', ['cluster: staging-eu', 'target: {environment: shop/staging}']),
      rule('prod-down', ['cluster_id: c1a5e7e0-0000-4000-8000-000000000101', 'target: {cluster: prod-eu}']),
    );
    const report = await runApply(run());
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const posts = writesOf(sandbox).map((w) => w.body as Record<string, unknown>);
    const sent = (name: string) => posts.find((b) => b.name === name)!;
    expect([sent('api-down').cluster_id, sent('api-down').target]).toEqual([
      PROD_EU,
      { target_type: 'APPLICATION', target_id: API },
    ]);
    expect([sent('report-down').cluster_id, sent('report-down').target]).toEqual([
      PROD_EU,
      { target_type: 'CRONJOB', target_id: NIGHTLY_REPORT },
    ]);
    expect(sent('migrate-failed').target).toEqual({ target_type: 'JOB', target_id: DB_MIGRATE });
    expect([sent('staging-down').cluster_id, sent('staging-down').target]).toEqual([
      STAGING_EU,
      { target_type: 'ENVIRONMENT', target_id: SHOP_STAGING },
    ]);
    // The service's own spelling of CLUSTER on the wire (service/wire-names).
    expect(sent('prod-down').target).toEqual({ target_type: ' CLUSTER', target_id: PROD_EU });
    expect(posts.every((b) => JSON.stringify(b.alert_receiver_ids) === JSON.stringify([SLACK_ONCALL]))).toBe(
      true,
    );
    // Each list once for the run, whatever the number of documents; environments of the one named project.
    expect(report.requests.byOperation).toMatchObject({
      listOrganizationCluster: 1,
      listServicesByOrganizationId: 1,
      listProject: 1,
      listEnvironment: 1,
    });
    expect(sandbox.requests.filter((r) => r.path.endsWith('/environment')).map((r) => r.path)).toEqual([
      '/project/b0b0b0b0-0000-4000-8000-000000000601/environment',
    ]);
  });

  it('every change carries its references by name and id, in the plan and the JSON output', async () => {
    write(
      'names.yaml',
      rule('api-down', ['cluster: prod-eu', 'target: {service: shop/production/api}']),
      rule('staging-down', ['cluster: staging-eu', 'target: {environment: shop/staging}']),
    );
    const report = await runPlan(run());
    const change = changesOfKind(report.plan!.changes, 'AlertRule').find((c) => c.name === 'api-down')!;
    expect(change.references).toEqual({
      cluster: { id: PROD_EU, name: 'prod-eu' },
      target: { id: API, name: 'api', type: 'APPLICATION', within: 'shop/production' },
      receivers: [{ id: SLACK_ONCALL, name: 'slack-oncall' }],
    });
    expect(
      changesOfKind(report.plan!.changes, 'AlertRule').find((c) => c.name === 'staging-down')!.references
        ?.target,
    ).toEqual({
      id: SHOP_STAGING,
      name: 'staging',
      type: 'ENVIRONMENT',
      within: 'shop',
    });
    const json = toJsonOutput(report, { failOn: 'error' }) as {
      changes: { name: string; references?: unknown }[];
    };
    expect(json.changes.find((c) => c.name === 'api-down')!.references).toEqual(change.references);
  });

  it('a document written with ids gets names too; an update carries the live references before it', async () => {
    // The live rule api-p99-latency (on prod-eu, target api), by id, its receivers changed.
    const example = new URL('../../../fixtures/example/alerting/api.yaml', import.meta.url);
    const first = readFileSync(example, 'utf8').split('\n---\n')[0]!;
    write(
      'api.yaml',
      first.replace(
        'alert_receiver_ids:\n  - 5e1ec7ed-0000-4000-8000-000000000201',
        'alert_receivers: [email-platform]',
      ),
    );
    const report = await runPlan(run());
    const update = changesOfKind(report.plan!.changes, 'AlertRule').find(
      (c) => c.name === 'api-p99-latency',
    )!;
    expect(update.action).toBe('update');
    expect(update.referencesBefore?.receivers).toEqual([{ id: SLACK_ONCALL, name: 'slack-oncall' }]);
    expect(update.references?.receivers.map((r) => r.name)).toEqual(['email-platform']);
    expect(update.references?.target).toEqual({
      id: API,
      name: 'api',
      type: 'APPLICATION',
      within: 'shop/production',
    });
    expect(update.references?.cluster).toEqual({ id: PROD_EU, name: 'prod-eu' });
  });
});

describe('a name that resolves to no single entry is an error at its key, with what to do', () => {
  it('unknown, ambiguous, not a target, and a target_type that disagrees: none is planned or written', async () => {
    write(
      'errors.yaml',
      rule('unknown-cluster', ['cluster: prod-e', 'target: {service: shop/production/api}']),
      rule('ambiguous-worker', ['cluster: staging-eu', 'target:', '  service: shop/staging/worker']),
      rule('database', ['cluster: prod-eu', 'target: {service: shop/production/postgres}']),
      rule('wrong-type', [
        'cluster: prod-eu',
        'target:',
        '  service: shop/production/nightly-report',
        '  target_type: JOB',
      ]),
    );
    const report = await runApply(run());
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.line, d.column, d.code])).toEqual([
      [2, 1, 'name.unknown'],
      [13, 3, 'name.ambiguous'],
      [22, 10, 'name.not-a-target'],
      [33, 3, 'name.target-type-mismatch'],
    ]);
    expect(errors[0]!.message).toContain(
      'No cluster is named "prod-e" in the organization. Did you mean "prod-eu"?',
    );
    expect(errors[1]!.message).toContain('a1a1a1a1-0000-4000-8000-000000000313');
    expect(errors[1]!.message).toContain('a1a1a1a1-0000-4000-8000-000000000314');
    expect(errors[1]!.message).toContain(
      'write the id form instead (target: {target_type: <type>, target_id: <service id>})',
    );
    expect(errors[2]!.message).toContain('is a DATABASE, which no alert can target');
    expect(errors[3]!.message).toContain(
      'target_type is JOB, but service "shop/production/nightly-report" is a CRONJOB target',
    );
    expect(report.plan?.changes ?? []).toEqual([]);
    expect(writesOf(sandbox)).toEqual([]);
  });

  it('an ambiguous service does not hide a receiver typo of the same document: both, nothing written', async () => {
    write(
      'both.yaml',
      rule('ambiguous-worker', ['cluster: staging-eu', 'target: {service: shop/staging/worker}']).replace(
        'alert_receivers: [slack-oncall]',
        'alert_receivers: [slack-oncal]',
      ),
    );
    const report = await runApply(run());
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.line, d.column, d.code])).toEqual([
      [3, 10, 'name.ambiguous'],
      [8, 19, 'plan.unknown-receiver'],
    ]);
    expect(errors[1]!.message).toContain('Did you mean "slack-oncall"?');
    expect(report.plan?.changes ?? []).toEqual([]);
    expect(writesOf(sandbox)).toEqual([]);
  });

  it('an environment written short is offered its full name, as clusters and services are', async () => {
    write('short.yaml', rule('staging-down', ['cluster: staging-eu', 'target: {environment: shop/prod}']));
    const report = await runPlan(run());
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code)).toEqual(['name.unknown']);
    expect(errors[0]!.message).toBe(
      'No environment is named "prod" in project "shop". Did you mean "production"?',
    );
  });

  it('validate checks the forms and asks nothing: both a name and an id is an error there', async () => {
    write(
      'forms.yaml',
      rule('fine', ['cluster: prod-eu', 'target: {service: shop/production/api}']),
      rule('both', ['cluster: prod-eu', `cluster_id: ${PROD_EU}`, 'target: {environment: shop/staging}']),
      rule('target-both', ['cluster: prod-eu', `target: {service: shop/production/api, target_id: ${API}}`]),
      rule('env-type', ['cluster: prod-eu', 'target: {environment: shop/staging, target_type: CLUSTER}']),
    );
    const report = await runValidate(run());
    expect(report.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.line, d.code])).toEqual([
      [11, 'document.name-and-id'],
      [22, 'document.name-and-id'],
      [31, 'document.target-type'],
    ]);
    expect(sandbox.requests).toEqual([]);
  });

  it('a list that cannot be read is one finding, and only the documents that needed it are left out', async () => {
    write(
      'names.yaml',
      rule('by-service', ['cluster: prod-eu', 'target: {service: shop/production/api}']),
      rule('by-cluster', ['cluster: prod-eu', 'target: {cluster: prod-eu}']),
      rule('also-by-service', ['cluster: prod-eu', 'target: {service: shop/production/web}']),
    );
    sandbox.setFaults({ script: [{ operation: 'listServicesByOrganizationId', status: 400, times: 5 }] });
    const report = await runPlan(run());
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/^The services of organization .* could not be read/);
    expect(report.plan!.changes.map((c) => [c.name, c.action])).toEqual([['by-cluster', 'create']]);
    expect(report.requests.byOperation.listServicesByOrganizationId).toBe(1);
  });
  it('a list read only for the names of a report that fails is a warning: the plan goes on, names null', async () => {
    write(
      'ids.yaml',
      rule('by-id', [`cluster_id: ${PROD_EU}`, `target: {target_type: APPLICATION, target_id: ${API}}`]),
    );
    sandbox.setFaults({ script: [{ operation: 'listServicesByOrganizationId', status: 400 }] });
    const report = await runPlan(run());
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const warning = report.diagnostics.find((d) => d.message.includes('could not be read'))!;
    expect([warning.severity, warning.message.endsWith('Names are not shown beside ids.')]).toEqual([
      'warning',
      true,
    ]);
    const change = changesOfKind(report.plan!.changes, 'AlertRule').find((c) => c.name === 'by-id')!;
    expect(change.action).toBe('create');
    expect(change.references?.target).toEqual({ id: API, name: null, type: 'APPLICATION', within: null });
    expect(change.references?.cluster).toEqual({ id: PROD_EU, name: 'prod-eu' });
  });

  it('an environments list that cannot be read leaves out the environment targets alone', async () => {
    write(
      'names.yaml',
      rule('env', ['cluster: prod-eu', 'target: {environment: shop/production}']),
      rule('svc', ['cluster: prod-eu', 'target: {service: shop/production/api}']),
    );
    sandbox.setFaults({ script: [{ operation: 'listEnvironment', status: 400 }] });
    const report = await runPlan(run());
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.message.split(':')[0])).toEqual([
      'The environments of project b0b0b0b0-0000-4000-8000-000000000601 could not be read',
    ]);
    expect(report.plan!.changes.map((c) => c.name)).toEqual(['svc']);
  });

  it('a projects list that cannot be read leaves out the environment targets; an unknown project is named', async () => {
    write(
      'names.yaml',
      rule('env', ['cluster: prod-eu', 'target: {environment: shop/production}']),
      rule('svc', ['cluster: prod-eu', 'target: {service: shop/production/api}']),
    );
    sandbox.setFaults({ script: [{ operation: 'listProject', status: 400 }] });
    const failed = await runPlan(run());
    expect(
      failed.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message.split(':')[0]),
    ).toEqual([`The projects of organization ${ACME} could not be read`]);
    expect(failed.plan!.changes.map((c) => c.name)).toEqual(['svc']);

    write('names.yaml', rule('env', ['cluster: prod-eu', 'target: {environment: shopp/production}']));
    const unknown = await runPlan(run());
    const errors = unknown.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.line, d.code])).toEqual([[3, 'name.unknown']]);
    expect(errors[0]!.message).toContain(
      'No project is named "shopp" in the organization. Did you mean "shop"?',
    );
    // No project resolved: no environments list is read.
    expect(unknown.requests.byOperation.listEnvironment).toBeUndefined();
  });

  it('a token refused on a list is said once: the reads after it, refused alike unsent, are not said again', async () => {
    write(
      'names.yaml',
      rule('by-service', ['cluster: prod-eu', 'target: {service: shop/production/api}']),
      rule('by-cluster', ['cluster: prod-eu', 'target: {cluster: prod-eu}']),
    );
    sandbox.setFaults({ script: [{ operation: 'listServicesByOrganizationId', status: 403, times: 5 }] });
    const report = await runPlan(run());
    const refused = report.diagnostics.filter((d) => d.message.includes('HTTP 403'));
    // A 403 to one of the organization's lists: the organization refuses the token, said once about it.
    expect(refused.map((d) => [d.code, d.message.split(':')[0]])).toEqual([
      ['service.organization-denied', `Organization ${ACME} cannot be read with this token (HTTP 403)`],
    ]);
  });
});

describe('a name that now resolves to another target', () => {
  it('a cluster named for an existing rule on another cluster is the same error, at `cluster`', async () => {
    write(
      'p99.yaml',
      rule('p99', [
        'id: a2a2a2a2-0000-4000-8000-000000000501',
        'cluster: staging-eu',
        'target: {service: shop/production/api}',
      ]),
    );
    const report = await runPlan(run());
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.line, d.column, d.code])).toEqual([[3, 1, 'plan.immutable-field']]);
    expect(errors[0]!.message).toContain(
      `has "prod-eu" (${PROD_EU}), this document says "staging-eu" (${STAGING_EU})`,
    );
  });

  it('a new rule named without a target is incomplete, at `cluster`', async () => {
    write('new.yaml', rule('brand-new', ['cluster: prod-eu']));
    const report = await runPlan(run());
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.line, d.column, d.code])).toEqual([[2, 1, 'plan.create-incomplete']]);
  });

  it('drift reads the same lists once, and names the rules it compares', async () => {
    write('names.yaml', rule('api-down', ['cluster: prod-eu', 'target: {service: shop/production/api}']));
    const report = await runDrift(run(), { remediate: false });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(report.requests.byOperation).toMatchObject({
      listOrganizationCluster: 1,
      listServicesByOrganizationId: 1,
    });
    expect(changesOfKind(report.plan!.changes, 'AlertRule')[0]!.references?.target?.name).toBe('api');
  });

  it('names the cluster of each live rule no document manages, in the plan and the terminal', async () => {
    write('names.yaml', rule('api-down', ['cluster: prod-eu', 'target: {service: shop/production/api}']));
    const report = await runPlan(run());
    const unmanaged = report.plan!.unmanaged.find((r) => r.name === 'api-p99-latency')!;
    expect(unmanaged).toMatchObject({ clusterId: PROD_EU, clusterName: 'prod-eu' });
    expect(formatPlanText(report.plan!, { color: false })).toContain(
      `  • api-p99-latency (a2a2a2a2-0000-4000-8000-000000000501, cluster prod-eu (${PROD_EU}), state TRIGGERED)`,
    );
  });

  const managed = () =>
    rule('api-p99-latency', ['cluster: prod-eu', 'target: {service: shop/production/api}']);

  it('is the target-cannot-change error of the live rule, naming both by name and id', async () => {
    write('api.yaml', managed());
    renameService(API, 'api-old');
    renameService(WORKER, 'api');
    const report = await runPlan(run());
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.line, d.code])).toEqual([[3, 'plan.immutable-field']]);
    expect(errors[0]!.message).toContain(
      `has "api-old" in shop/production · APPLICATION (${API}), this document says "api" in shop/production · APPLICATION (${WORKER})`,
    );
    expect(errors[0]!.message).toContain(
      `write its id form (target: {target_type: APPLICATION, target_id: ${API}})`,
    );
  });

  it('apply --plan writes the pinned ids, and refuses when a name resolves to another id since', async () => {
    write('new.yaml', rule('worker-down', ['cluster: prod-eu', 'target: {service: shop/production/worker}']));
    const planFile = join(root, 'plan.json');
    const planned = await runPlan(run(), { out: planFile });
    expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const saved = JSON.parse(readFileSync(planFile, 'utf8'));
    expect(saved.changes[0].request.target).toEqual({ target_type: 'APPLICATION', target_id: WORKER });

    renameService(WORKER, 'worker-old');
    renameService(API, 'worker');
    sandbox.resetLog();
    const refused = await runApplyPlan(run(), { planFile, strict: false });
    expect(writesOf(sandbox)).toEqual([]);
    const finding = refused.diagnostics.find((d) => d.code === 'apply.plan-differs')!;
    expect(finding.message).toContain(
      `\`request.target.target_id\` is "${WORKER}" in the file, the documents give "${API}"`,
    );
    expect(finding.message).toContain('a name they write resolves to another id than when the plan was made');

    renameService(API, 'api');
    renameService(WORKER, 'worker');
    const applied = await runApplyPlan(run(), { planFile, strict: false });
    expect(applied.results.map((r) => r.ok)).toEqual([true]);
    // The file holds ids; its report names them, from the same change made again.
    expect(changesOfKind(applied.plan!.changes, 'AlertRule')[0]!.references?.target).toEqual({
      id: WORKER,
      name: 'worker',
      type: 'APPLICATION',
      within: 'shop/production',
    });
    expect(writesOf(sandbox).map((w) => (w.body as { target: unknown }).target)).toEqual([
      { target_type: 'APPLICATION', target_id: WORKER },
    ]);
  });
});

describe("a PlatformComponent's cluster by name", () => {
  const component = (cluster: string) =>
    readFileSync(
      new URL('../../../fixtures/example/components/prod-eu/cert-manager.yaml', import.meta.url),
      'utf8',
    ).replace(`  id: ${PROD_EU}`, cluster);

  it('resolves into the id its logs and identity use, with one clusters list', async () => {
    mkdirSync(join(root, 'components'));
    writeFileSync(join(root, 'components/cert-manager.yaml'), component('  name: Prod-EU'));
    const r = testRun(sandbox, { root, paths: ['components'], organizationId: ACME });
    runs.push(r);
    const report = await runPlan(r.ctx);
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(report.components.map((c) => c.status)).toEqual(['resolved']);
    expect(report.clusters).toEqual([{ organizationId: ACME, clusterId: PROD_EU }]);
    expect(report.requests.byOperation.listOrganizationCluster).toBe(1);
  });

  it('a clusters list that cannot be read is one finding, and the component is not sent', async () => {
    mkdirSync(join(root, 'components'));
    writeFileSync(join(root, 'components/cert-manager.yaml'), component('  name: prod-eu'));
    sandbox.setFaults({ script: [{ operation: 'listOrganizationCluster', status: 400 }] });
    const r = testRun(sandbox, { root, paths: ['components'], organizationId: ACME });
    runs.push(r);
    const report = await runPlan(r.ctx);
    expect(
      report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message.split(':')[0]),
    ).toEqual([`The clusters of organization ${ACME} could not be read`]);
    expect(report.requests.byOperation.resolvePlatformTemplateComponentConfiguration).toBeUndefined();
  });

  it('an unknown name is an error at `name`, and the component is not sent', async () => {
    mkdirSync(join(root, 'components'));
    writeFileSync(join(root, 'components/cert-manager.yaml'), component('  name: prod-us'));
    const r = testRun(sandbox, { root, paths: ['components'], organizationId: ACME });
    runs.push(r);
    const report = await runPlan(r.ctx);
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.file, d.line, d.column, d.code])).toEqual([
      ['components/cert-manager.yaml', 11, 3, 'name.unknown'],
    ]);
    expect(errors[0]!.message).toContain('Did you mean "prod-eu"?');
    expect(report.requests.byOperation.resolvePlatformTemplateComponentConfiguration).toBeUndefined();
  });
});
