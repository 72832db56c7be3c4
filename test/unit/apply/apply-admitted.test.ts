import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPlan as executePlan } from '../../../src/apply/apply-admitted.js';
import { overwroteOutsideEdit, resultsOf } from '../../../src/apply/types.js';
import { mapWithConcurrency } from '../../../src/core/concurrency.js';
import type { WriteOptions } from '../../../src/kinds/change-kind.js';
import type { AlertRuleChange, UpdateChange } from '../../../src/model/alert-rule-change.js';
import type { ChangeResult, Plan } from '../../../src/model/types.js';
import { admit } from '../../../src/plan/gate.js';
import { formatApplyResultsText } from '../../../src/report/apply-text.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { createServiceClient } from '../../../src/service/client.js';
import type { AlertRuleEditRequest } from '../../../src/service/types.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { writeOptions } from '../../helpers/write-options.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';
const edit: AlertRuleEditRequest = {
  name: 'api-p99-latency',
  description: 'p99',
  tag: 'latency',
  condition: { kind: 'CUSTOM', promql: 'up', operator: 'ABOVE', threshold: 1, function: 'NONE' },
  for_duration: 'PT5M',
  severity: 'HIGH',
  enabled: true,
  alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
  presentation: { summary: null, runbook_url: null },
};
const update: UpdateChange = {
  kind: 'AlertRule',
  action: 'update',
  id: RULE,
  against: {},
  name: 'api-p99-latency',
  organizationId: ORG,
  clusterId: 'c1a5e7e0-0000-4000-8000-000000000101',
  file: 'a.yaml',
  line: 1,
  diff: [{ path: 'severity', before: 'LOW', after: 'HIGH' }],
  request: edit,
  outsideEdit: [{ path: 'tag', before: 'x', after: 'y' }],
};
const planOf = (changes: AlertRuleChange[], over: Partial<Plan> = {}): Plan => ({
  organizations: [ORG],
  changes,
  diagnostics: [],
  unmanaged: [],
  ghosts: [],
  outdated: [],
  ...over,
});

let sandbox: Sandbox;
let client: ReturnType<typeof createServiceClient>;
beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: { limit: 5, windowMs: 3_600_000 } });
  client = createServiceClient({
    apiUrl: sandbox.url,
    token: sandbox.token,
    clock: new FakeClock(),
    random: () => 0,
  });
});
afterEach(async () => {
  await client.close();
  await sandbox.close();
});

/** The plan gated with nothing but prune, applied, and its results: the path apply takes with no evidence. */
async function applyPlan(
  plan: Plan,
  client: Parameters<typeof executePlan>[1],
  options: Omit<WriteOptions, 'env' | 'redactor'> & { readonly prune: boolean },
): Promise<ChangeResult[]> {
  const { prune, ...rest } = options;
  return resultsOf(await executePlan(admit(plan, { prune }).plan, client, writeOptions(rest)));
}

describe('applyPlan', () => {
  it('writes exactly the admitted changes and returns the same plan, each written change with its result', async () => {
    const held: UpdateChange = {
      ...update,
      id: 'a2a2a2a2-0000-4000-8000-000000000502',
      name: 'api-5xx-ratio',
      gate: { admitted: false, reason: 'not reviewed' },
    };
    const unmarked: UpdateChange = {
      ...update,
      id: 'a2a2a2a2-0000-4000-8000-000000000503',
      name: 'unmarked',
    };
    const admitted: UpdateChange = { ...update, gate: { admitted: true } };
    const plan = planOf([held, admitted, unmarked]);
    const out = await executePlan(plan, client, writeOptions({ concurrency: 2 }));
    expect(sandbox.requests.map((r) => [r.method, r.path])).toEqual([['PUT', `/alert-rules/${RULE}`]]);
    expect(out).toEqual({
      ...plan,
      changes: [
        held,
        { ...admitted, result: { id: RULE, ok: true, status: 200, converged: true } },
        unmarked,
      ],
    });
    expect(resultsOf(out)).toEqual([{ change: update, id: RULE, ok: true, status: 200, converged: true }]);
    expect(await executePlan(planOf([held, unmarked]), client, writeOptions({ concurrency: 1 }))).toEqual(
      planOf([held, unmarked]),
    );
    expect(sandbox.requests).toHaveLength(1);
  });

  it('sends the plan request as is and reports convergence and the overwritten outside edit', async () => {
    const progress: string[] = [];
    const results = await applyPlan(planOf([update]), client, {
      concurrency: 2,
      prune: false,
      progress: (l) => progress.push(l),
    });
    expect(sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', `/alert-rules/${RULE}`, edit],
    ]);
    expect(results).toEqual([{ change: update, id: RULE, ok: true, status: 200, converged: true }]);
    expect(overwroteOutsideEdit(results[0]!)).toEqual([{ path: 'tag', before: 'x', after: 'y' }]);
    expect(progress).toEqual([`update alert rule api-p99-latency (${RULE}): done`]);
  });

  it('names what the service stored differently, from the write response alone', async () => {
    const { source: _s, ...stored } = {
      ...(await client.getAlertRule(RULE)),
      for_duration: 'PT10M',
      tag: 'other',
    };
    sandbox.resetLog();
    sandbox.setFaults({ script: [{ operation: 'editAlertRule', status: 200, body: stored }] });
    const [result] = await applyPlan(planOf([update]), client, { concurrency: 1, prune: false });
    expect(result).toMatchObject({ ok: true, converged: false });
    expect(result?.storedDifferently).toEqual([
      { path: 'description', before: 'p99', after: stored.description },
      { path: 'tag', before: 'latency', after: 'other' },
      { path: 'condition.promql', before: 'up', after: stored.condition.promql },
      { path: 'condition.threshold', before: 1, after: stored.condition.threshold },
      { path: 'for_duration', before: 'PT5M', after: 'PT10M' },
      { path: 'presentation.summary', before: null, after: stored.presentation.summary },
      { path: 'presentation.runbook_url', before: null, after: stored.presentation.runbook_url },
    ]);
    expect(sandbox.requests).toHaveLength(1);
  });

  it('after a 401 on a write, sends no more writes: every one would be refused the same way', async () => {
    const second: UpdateChange = {
      ...update,
      id: 'a2a2a2a2-0000-4000-8000-000000000502',
      name: 'api-5xx-ratio',
    };
    sandbox.resetLog();
    sandbox.setFaults({ script: [{ operation: 'editAlertRule', status: 401 }] });
    const results = await applyPlan(planOf([update, second]), client, { concurrency: 1, prune: false });
    expect(sandbox.requests.map((r) => [r.method, r.path])).toEqual([['PUT', `/alert-rules/${RULE}`]]);
    expect(results.map((r) => [r.ok, r.status, r.notSent ?? false])).toEqual([
      [false, 401, false],
      [false, null, true],
    ]);
    expect(results[1]?.error).toMatch(
      /^Not sent: an earlier write was refused with HTTP 401.*QOVERY_API_TOKEN/,
    );
    expect(formatApplyResultsText(results, { color: false })).toContain(
      '✗ update api-5xx-ratio (a2a2a2a2-0000-4000-8000-000000000502) not sent  a.yaml:1',
    );
  });

  it('after a 403 on one write, sends no other: the run stops at a refusal, each write says so', async () => {
    const second: UpdateChange = {
      ...update,
      id: 'a2a2a2a2-0000-4000-8000-000000000502',
      name: 'api-5xx-ratio',
    };
    sandbox.resetLog();
    sandbox.setFaults({ script: [{ operation: 'editAlertRule', status: 403 }] });
    const results = await applyPlan(planOf([update, second]), client, { concurrency: 1, prune: false });
    expect(sandbox.requests).toHaveLength(1);
    expect(results.map((r) => [r.ok, r.status])).toEqual([
      [false, 403],
      [false, 403],
    ]);
  });

  it('refuses a plan with errors, and sends nothing', async () => {
    const error = {
      severity: 'error' as const,
      file: 'a.yaml',
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
      code: 'x',
      message: 'm',
    };
    await expect(
      applyPlan(planOf([update], { diagnostics: [error] }), client, { concurrency: 1, prune: false }),
    ).rejects.toThrow(/refusing/);
    expect(sandbox.requests).toEqual([]);
  });

  it('deletes only with prune, and skips noops', async () => {
    const { request: _request, outsideEdit: _outsideEdit, against, ...rule } = update;
    const remove: AlertRuleChange = { ...rule, action: 'delete', against, diff: [] };
    const noop: AlertRuleChange = { ...rule, id: 'other', action: 'noop', diff: [] };
    expect(await applyPlan(planOf([remove, noop]), client, { concurrency: 1, prune: false })).toEqual([]);
    const [deleted] = await applyPlan(planOf([remove, noop]), client, { concurrency: 1, prune: true });
    expect(deleted).toMatchObject({ change: remove, ok: true, status: 204 });
    expect(sandbox.requests.map((r) => r.method)).toEqual(['DELETE']);
  });

  it('leaves the rate-limit budget to executePlan, which checks it once before any write of any kind', async () => {
    // A check here, after the receivers were written, could refuse the rules and say nothing was written
    // (test/unit/commands/write-budget.test.ts pins the one check and its refusal before any request).
    await client.getAlertRules(ORG); // the answer's headers tell the client 4 requests remain
    sandbox.resetLog();
    const checks: number[] = [];
    const counted = {
      ...client,
      assertBudget: (writes: number) => {
        checks.push(writes);
        client.assertBudget(writes);
      },
    };
    const two = Array.from({ length: 2 }, (_, i) => ({ ...update, id: `${RULE.slice(0, -1)}${i}` }));
    await applyPlan(planOf(two), counted, { concurrency: 2, prune: false });
    expect(checks).toEqual([]);
    expect(sandbox.requests.map((r) => r.method)).toEqual(['PUT', 'PUT']);
  });
});

describe('mapWithConcurrency', () => {
  it('keeps at most `limit` tasks in flight and results in input order', async () => {
    let inFlight = 0;
    let peak = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3], 2, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      for (let i = 0; i < n; i++) await Promise.resolve();
      inFlight--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });
});
