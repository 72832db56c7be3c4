/**
 * The backtest of a service level objective on the sandbox's seeded series (fixtures/sandbox/metrics.yaml,
 * `http_requests_total{app="checkout"}`): 10 requests a second; 0.05 errors a second for 30 hours from day
 * -5 00:00 (a slow burn, about 0.5%); 2 errors a second for 30 minutes on day -2 at 10:00 (a fast burn).
 * Now is 2026-11-21 02:00 UTC (the test clock), the window the 7 days before.
 *
 * By hand, for 99.9% (budget 0.001) over 30 days:
 * - slow burn, bad share 0.05/10.05 ≈ 0.498%: below 6 × 0.1% = 0.6%, so neither page rule fires; above
 *   3 × 0.1% over 1d and 2h once 2,592 errors (0.003 × 86,400 s × 10/s) are in the last day, 14.4 hours in,
 *   until 2 hours after it ends: one ticket from 1d-2h; above 0.1% over 3d and 6h from the same point (the
 *   3-day window needs 2,592 errors too) until the 6-hour window clears: one ticket from 3d-6h.
 * - fast burn, bad share 2/12 ≈ 16.7%: above 1.44% over 1h and 5m within minutes (one page from 1h-5m),
 *   above 0.6% over 6h and 30m once 1,296 errors are in the last 6 hours, 10.8 minutes in (one page from
 *   6h-30m); 3,600 errors are above the 1d-2h and the 3d-6h limits too: one more ticket from each.
 * So: 2 pages and 4 tickets. Budget: 5,400 + 3,600 = 9,000 bad of 6,048,000 + 9,000 events in 7 days,
 * a bad share of 0.0014859; × 7/30 of the objective's window ÷ 0.001 = 34.67% of the budget burned.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPlan } from '../../../src/commands/plan.js';
import { formatBacktestText } from '../../../src/report/backtest-text.js';
import { renderComment } from '../../../src/report/comment.js';
import { commentMarker } from '../../../src/report/markers.js';
import { countRun } from '../../../src/report/run-counts.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { type TestRun, testRun } from './run-context.js';

const OBJECTIVE = `kind: ServiceLevelObjective
organization_id: 7f1b2c3d-0000-4000-8000-000000000001
cluster: prod-eu
target:
  service: shop/production/api
name: checkout-availability
objective: 99.9
indicator:
  errors: sum(rate(http_requests_total{app="checkout", code=~"5.."}[{{.window}}]))
  total: sum(rate(http_requests_total{app="checkout"}[{{.window}}]))
alerts:
  page:
    alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000201]
  ticket:
    alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000201]
`;

let sandbox: Sandbox;
let root: string;
const runs: TestRun[] = [];

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false, clock: new FakeClock() });
  root = mkdtempSync(join(tmpdir(), 'objective-backtest-'));
  writeFileSync(join(root, 'slo.yaml'), OBJECTIVE);
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the backtest of a service level objective', () => {
  it('would have paged 2 times and opened 4 tickets, and burned 35% of the budget in 7 days', async () => {
    const run = testRun(sandbox, { root, paths: ['.'] });
    runs.push(run);
    const report = await runPlan(run.ctx, { backtest: { windowSeconds: 7 * 86_400, maxRules: 10 } });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const rules = report.backtest!.rules;
    expect(
      rules.map((r) => [r.name, r.proposed.status === 'done' ? r.proposed.figures.fired : r.proposed.reason]),
    ).toEqual([
      ['checkout-availability-1h-5m', 1],
      ['checkout-availability-6h-30m', 1],
      ['checkout-availability-1d-2h', 2],
      ['checkout-availability-3d-6h', 2],
    ]);
    const [objective] = report.backtest!.objectives!;
    expect(objective).toMatchObject({
      name: 'checkout-availability',
      file: 'slo.yaml',
      line: 1,
      pages: 2,
      tickets: 4,
      days: 7,
    });
    expect(objective!.budgetBurned).toBeCloseTo(0.3467, 2);
    // The pull request's comment: the rules under their objective, the objective's backtest above its rules.
    const comment = renderComment(report, countRun(report), commentMarker('gitops', ['.']), 'a'.repeat(40));
    if (process.env.COMMENT_OUT) writeFileSync(process.env.COMMENT_OUT, comment);
    expect(comment).toContain(
      '#### Service level objective `checkout-availability`: 4 changes of its generated rules',
    );
    expect(comment).toContain('Pages on a burn over 1h and 5m; generated from `checkout-availability`.');
    expect(comment).toContain(
      'Opens a ticket on a burn over 3d and 6h; generated from `checkout-availability`.',
    );
    expect(comment).toContain(
      '**Service level objective `checkout-availability`** (`slo.yaml:1`): would have paged 2 times and opened 4 tickets in the last 7 days; 34.7% of its 30-day error budget burned over those 7 days of data. Its rules follow.',
    );
    expect(comment.split('#### Service level objective').length).toBe(2);
    expect(formatBacktestText(report.backtest!)).toContain(
      '  service level objective checkout-availability (slo.yaml:1): would have paged 2 times and opened 4 tickets in the last 7 days; 34.7% of its 30-day error budget burned over those 7 days of data',
    );
  });

  it('leaves the budget unknown, with the reason, when the indicator gives several series', async () => {
    // Without sum(), one series per code: the share of which would be a guess.
    writeFileSync(
      join(root, 'slo.yaml'),
      OBJECTIVE.replace(
        /indicator:\n.*\n.*\n/,
        'indicator:\n  ratio: rate(http_requests_total{app="checkout"}[{{.window}}]) / 10\n',
      ),
    );
    const run = testRun(sandbox, { root, paths: ['.'] });
    runs.push(run);
    const report = await runPlan(run.ctx, { backtest: { windowSeconds: 7 * 86_400, maxRules: 10 } });
    const [objective] = report.backtest!.objectives!;
    expect(objective!.budgetBurned).toBeUndefined();
    expect(objective!.budgetUnavailable).toBe('the indicator gave 2 series over the window, not one');
  });

  it('leaves the budget unknown when the indicator gives no number, or the metrics cannot be read', async () => {
    writeFileSync(
      join(root, 'slo.yaml'),
      OBJECTIVE.replace(
        /indicator:\n.*\n.*\n/,
        'indicator:\n  ratio: sum(rate(http_requests_total{app="checkout"}[{{.window}}])) / 0\n',
      ),
    );
    const plan = async () => {
      const run = testRun(sandbox, { root, paths: ['.'] });
      runs.push(run);
      const report = await runPlan(run.ctx, { backtest: { windowSeconds: 7 * 86_400, maxRules: 10 } });
      return report.backtest!.objectives![0]!;
    };
    expect((await plan()).budgetUnavailable).toBe('the indicator gave no number over the window');
    // Every metrics query refused: the rules' counts and the budget are unknown, each with its reason.
    sandbox.setFaults({ script: [{ operation: 'get-cluster-metrics', status: 400, times: 100 }] });
    const refused = await plan();
    expect(refused).toMatchObject({ pages: null, tickets: null });
    expect(refused.budgetUnavailable).toMatch(/400/);
  });
});
