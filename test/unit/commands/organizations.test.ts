import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlan } from '../../../src/commands/plan.js';
import { UsageError } from '../../../src/core/usage-error.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { ACME, EXAMPLE_ROOT, type TestRun, testRun } from './run-context.js';

const GLOBEX = '7f1b2c3d-0000-4000-8000-000000000002';

let sandbox: Sandbox;
let repo: string;
const runs: TestRun[] = [];

/**
 * The first document of the example's api.yaml, with its organization line replaced (or removed), and its
 * cluster and target by id: no name list is needed to plan it, so a refused token stops nothing else.
 */
function apiRule(organization: string | null): string {
  const first = readFileSync(join(EXAMPLE_ROOT, 'alerting/api.yaml'), 'utf8').split(/^---\n/m)[0]!;
  return first
    .replace(/^cluster: prod-eu$/m, 'cluster_id: c1a5e7e0-0000-4000-8000-000000000101')
    .replace(/^ {2}service: shop\/production\/api$/m, '  target_id: a1a1a1a1-0000-4000-8000-000000000301')
    .replace(/^organization_id: .*\n/m, organization === null ? '' : `organization_id: ${organization}\n`);
}

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  repo = mkdtempSync(join(tmpdir(), 'orgs-'));
  mkdirSync(join(repo, 'two'));
  writeFileSync(join(repo, 'two/acme.yaml'), apiRule(ACME));
  // Another rule (the loader refuses two documents with one id or one cluster + name, whatever their organization).
  writeFileSync(
    join(repo, 'two/globex.yaml'),
    apiRule(GLOBEX)
      .replace(/^id: .*\n/m, '')
      .replace('name: api-p99-latency', 'name: globex-latency'),
  );
  mkdirSync(join(repo, 'none'));
  writeFileSync(join(repo, 'none/rule.yaml'), apiRule(null));
});
afterAll(async () => {
  await Promise.all(runs.map((r) => r.close()));
  await sandbox.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('plan across organizations', () => {
  it('lists each organization once, and reports one it may not read without stopping the others', async () => {
    sandbox.resetLog();
    const run = testRun(sandbox, { root: repo, paths: ['two'] });
    runs.push(run);
    const report = await runPlan(run.ctx);
    // The receivers of the organization read: the token refused, the client sends nothing more (and the
    // refusal is reported once).
    expect(report.requests.byOperation).toEqual({ getAlertRules: 2 });
    expect(report.plan!.organizations).toEqual([ACME]);
    expect(report.plan!.changes.map((c) => [c.action, c.file])).toEqual([['noop', 'two/acme.yaml']]);
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    // One error about the organization that refuses the token.
    expect(errors[0]).toMatchObject({ file: '', code: 'service.organization-denied' });
    expect(errors[0]!.message).toContain(`Organization ${GLOBEX}`);
    expect(errors[0]!.message).toContain('403');
  });

  it('says how to name an organization, without asking for a token', async () => {
    const run = testRun(sandbox, {
      root: repo,
      paths: ['none'],
      service: () => {
        throw new UsageError('no token');
      },
    });
    runs.push(run);
    const report = await runPlan(run.ctx);
    expect(report.diagnostics.map((d) => [d.severity, d.code, d.file, d.line])).toEqual([
      ['error', 'plan.no-organization', 'none/rule.yaml', 3],
    ]);
    expect(report.requests.total).toBe(0);
  });

  it('uses the default organization for documents that name none', async () => {
    sandbox.resetLog();
    const run = testRun(sandbox, { root: repo, paths: ['none'], organizationId: ACME });
    runs.push(run);
    const report = await runPlan(run.ctx);
    expect(report.plan!.changes.map((c) => c.action)).toEqual(['noop']);
    // Nothing to change, so no cluster a failed job would need logs of.
    expect(report.clusters).toEqual([]);
    expect(sandbox.count('getAlertRules')).toBe(1);
  });
});
