import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPlan as executePlan } from '../../../src/apply/apply-admitted.js';
import { resultsOf } from '../../../src/apply/types.js';
import { DUPLICATE_REMOVED } from '../../../src/kinds/alert-rule/concurrent-duplicates.js';
import type { WriteOptions } from '../../../src/kinds/change-kind.js';
import type { AlertRuleChange } from '../../../src/model/alert-rule-change.js';
import type { ChangeResult, Plan } from '../../../src/model/types.js';
import { admit } from '../../../src/plan/gate.js';
import { liveRules, putLiveRule, type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { createServiceClient } from '../../../src/service/client.js';
import type { AlertRuleCreationRequest } from '../../../src/service/types.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { writeOptions } from '../../helpers/write-options.js';
import { ManualClock } from '../sandbox/manual-clock.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const SLACK = '5e1ec7ed-0000-4000-8000-000000000201';

const request = (name: string): AlertRuleCreationRequest => ({
  organization_id: ORG,
  cluster_id: PROD_EU,
  target: { target_type: 'CLUSTER', target_id: PROD_EU },
  name,
  description: '',
  tag: '',
  condition: { kind: 'CUSTOM', promql: 'up' },
  for_duration: 'PT5M',
  severity: 'LOW',
  enabled: true,
  alert_receiver_ids: [SLACK],
  presentation: { summary: null, runbook_url: null },
});
const create = (name: string): AlertRuleChange => ({
  kind: 'AlertRule',
  action: 'create',
  id: null,
  name,
  organizationId: ORG,
  clusterId: PROD_EU,
  file: 'a.yaml',
  line: 1,
  diff: [],
  request: request(name),
});
const planOf = (changes: AlertRuleChange[]): Plan => ({
  organizations: [ORG],
  changes,
  diagnostics: [],
  unmanaged: [],
  ghosts: [],
  outdated: [],
});

/** What another run created a moment earlier: the same rule, under another id, older. */
function otherRunsCopy(name: string, id: string, createdAt: string) {
  putLiveRule(sandbox.state, { ...request(name), id, created_at: createdAt });
}

let sandbox: Sandbox;
let client: ReturnType<typeof createServiceClient>;
beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false, clock: new ManualClock() });
  client = createServiceClient({ apiUrl: sandbox.url, token: sandbox.token, clock: new FakeClock() });
});
afterEach(async () => {
  await client.close();
  await sandbox.close();
});

const named = (name: string) => liveRules(sandbox.state, ORG).filter((r) => r.name === name);

/** The plan gated with nothing but prune, applied, and its results: the path apply takes with no evidence. */
async function applyPlan(
  plan: Plan,
  client: Parameters<typeof executePlan>[1],
  options: Omit<WriteOptions, 'env' | 'redactor'> & { readonly prune: boolean },
): Promise<ChangeResult[]> {
  const { prune, ...rest } = options;
  return resultsOf(await executePlan(admit(plan, { prune }).plan, client, writeOptions(rest)));
}

describe('creates that raced another run', () => {
  it('removes our copy when another run created the same rule first, and says so', async () => {
    otherRunsCopy('raced', 'a2a2a2a2-0000-4000-8000-000000000901', '2020-01-01T00:00:00Z');
    const [result] = await applyPlan(planOf([create('raced')]), client, { concurrency: 1, prune: false });
    expect(result).toMatchObject({ ok: true, id: 'a2a2a2a2-0000-4000-8000-000000000901' });
    expect(result?.note).toContain(DUPLICATE_REMOVED);
    expect(named('raced').map((r) => r.id)).toEqual(['a2a2a2a2-0000-4000-8000-000000000901']);
    expect(sandbox.requests.map((r) => r.operation)).toEqual([
      'createAlertRule',
      'getAlertRules',
      'deleteAlertRule',
    ]);
  });

  it('keeps our copy when it is the oldest (the other run removes its own)', async () => {
    otherRunsCopy('raced-later', 'a2a2a2a2-0000-4000-8000-000000000902', '2999-01-01T00:00:00Z');
    const [result] = await applyPlan(planOf([create('raced-later')]), client, {
      concurrency: 1,
      prune: false,
    });
    expect(result?.note).toBeUndefined();
    expect(named('raced-later')).toHaveLength(2);
  });

  it('breaks a tie of created_at by id, so that every run keeps the same rule', async () => {
    // The sandbox's clock stands still: our create gets exactly this created_at.
    const now = '2026-11-20T12:00:00.000Z';
    otherRunsCopy('tie-later-id', 'ffffffff-0000-4000-8000-000000000903', now);
    otherRunsCopy('tie-earlier-id', '00000000-0000-4000-8000-000000000903', now);
    const results = await applyPlan(planOf([create('tie-later-id'), create('tie-earlier-id')]), client, {
      concurrency: 1,
      prune: false,
    });
    // Ours are c4eaed00-…: before ffffffff-… (ours kept), after 00000000-… (ours removed).
    expect(results.map((r) => r.note === undefined)).toEqual([true, false]);
    expect(named('tie-later-id')).toHaveLength(2);
    expect(named('tie-earlier-id').map((r) => r.id)).toEqual(['00000000-0000-4000-8000-000000000903']);
  });

  it('reads each organization once, and not at all without creates', async () => {
    await applyPlan(planOf([create('one'), create('two')]), client, { concurrency: 2, prune: false });
    expect(sandbox.requests.filter((r) => r.operation === 'getAlertRules')).toHaveLength(1);
  });

  it('reports a failed removal of our duplicate as a failure naming both rules', async () => {
    otherRunsCopy('stuck', 'a2a2a2a2-0000-4000-8000-000000000904', '2020-01-01T00:00:00Z');
    sandbox.setFaults({ script: [{ operation: 'deleteAlertRule', status: 403 }] });
    const [result] = await applyPlan(planOf([create('stuck')]), client, { concurrency: 1, prune: false });
    expect(result?.ok).toBe(false);
    expect(result?.error).toContain(
      'Created concurrently by another run (a2a2a2a2-0000-4000-8000-000000000904 is kept)',
    );
  });
});
