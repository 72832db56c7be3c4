/**
 * `apply` and `apply --plan` when the token's request budget, as the service announced it, cannot cover
 * the writes: nothing is written and the run says why.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApply } from '../../../src/commands/apply.js';
import { runApplyPlan } from '../../../src/commands/apply-plan.js';
import { runPlan } from '../../../src/commands/plan.js';
import { changesOfKind } from '../../../src/model/types.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { EXAMPLE_ROOT, type TestRun, testRun } from './run-context.js';

let sandbox: Sandbox;
let root: string;
const runs: TestRun[] = [];
function run(over: Parameters<typeof testRun>[1] = {}) {
  const r = testRun(sandbox, { root, ...over });
  runs.push(r);
  return r.ctx;
}
const writes = () => sandbox.requests.filter((r) => r.method !== 'GET');

/** A budget of a few requests an hour: the reads of a plan fit, the example's first writes do not. */
async function start(limit: number): Promise<void> {
  sandbox = await startSandbox({ rateLimit: { limit, windowMs: 3_600_000 } });
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'write-budget-'));
  cpSync(EXAMPLE_ROOT, root, { recursive: true });
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

const BUDGET_SAYS =
  /^Nothing was written: the plan needs \d+ write requests but the token has \d+ of 14 requests left/;

describe('a write budget smaller than the writes', () => {
  it('apply writes nothing and says how many writes the plan needs and how many are left', async () => {
    await start(14);
    const report = await runApply(run());
    expect(writes()).toEqual([]);
    expect(report.results).toEqual([]);
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.message)).toEqual([expect.stringMatching(BUDGET_SAYS)]);
    expect(exitCodeFor(report)).toBe(1);
  });

  it('apply counts the receivers it creates with the rules, and writes neither', async () => {
    await start(14);
    writeFileSync(
      join(root, 'alerting/pager.yaml'),
      [
        'kind: AlertReceiver',
        'organization_id: 7f1b2c3d-0000-4000-8000-000000000001',
        'name: pager',
        'type: SLACK',
        'description: Pages the platform on-call',
        'webhook_url: {valueFrom: {env: PAGER_WEBHOOK_URL}}',
        '',
      ].join('\n'),
    );
    const report = await runApply(run({ env: { PAGER_WEBHOOK_URL: 'https://hooks.slack.example/T0/B0/x' } }));
    expect(writes()).toEqual([]);
    expect(changesOfKind(report.plan!.changes, 'AlertReceiver').map((c) => [c.action, c.result])).toEqual([
      ['create', undefined],
    ]);
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.message)).toEqual([expect.stringMatching(BUDGET_SAYS)]);
  });

  it('apply checks the budget once, for receivers and rules together, before the first write', async () => {
    await start(1000);
    writeFileSync(
      join(root, 'alerting/pager.yaml'),
      [
        'kind: AlertReceiver',
        'organization_id: 7f1b2c3d-0000-4000-8000-000000000001',
        'name: pager',
        'type: SLACK',
        'description: Pages the platform on-call',
        'webhook_url: {valueFrom: {env: PAGER_WEBHOOK_URL}}',
        '',
      ].join('\n'),
    );
    const ctx = run({ env: { PAGER_WEBHOOK_URL: 'https://hooks.slack.example/T0/B0/x' } });
    // The check is local (the client's known budget): each call is recorded with the writes sent before it.
    const client = ctx.service();
    const checks: string[] = [];
    const counted = {
      ...client,
      assertBudget: (n: number) => {
        checks.push(`${n} writes, after ${writes().length} sent`);
        client.assertBudget(n);
      },
    };
    const report = await runApply({ ...ctx, service: () => counted });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(report.results.length).toBeGreaterThan(1);
    expect(writes()).toHaveLength(report.results.length);
    expect(checks).toEqual([`${report.results.length} writes, after 0 sent`]);
  });

  it('apply --plan writes nothing either, and says so', async () => {
    await start(14);
    const planFile = join(root, 'plan.json');
    const planned = await runPlan(run(), { out: planFile });
    expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const report = await runApplyPlan(run(), { planFile, strict: false });
    expect(writes()).toEqual([]);
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.message)).toEqual([expect.stringMatching(BUDGET_SAYS)]);
    expect(exitCodeFor(report)).toBe(1);
  });
});
