/**
 * `platform-gitops backtest` and `plan --backtest` through the command line in this process, against the
 * sandbox's seeded series (fixtures/sandbox/metrics.yaml) over real HTTP. The example's documents differ
 * from the sandbox's live rules: a threshold lowered, a for_duration lengthened, rules created.
 */
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { inRepository } from '../../helpers/repository.js';
import { useSandbox } from '../../helpers/sandbox.js';

const sandbox = useSandbox({ rateLimit: false });
const EXAMPLE = inRepository('fixtures', 'example');

function env(): Record<string, string> {
  return {
    QOVERY_API_URL: sandbox().url,
    QOVERY_API_TOKEN: sandbox().token,
    GRAFANA_ADMIN_PASSWORD: 'sandbox-only-password',
  };
}

async function json(...args: string[]) {
  sandbox().resetLog();
  const run = await runCliInProcess([...args, EXAMPLE, '--root', EXAMPLE, '--format', 'json'], env());
  return { code: run.code, output: JSON.parse(run.stdout), queries: sandbox().count('get-cluster-metrics') };
}

describe('platform-gitops backtest', () => {
  it('prints each changed rule against its live self, the rules without series, and the queries spent', async () => {
    const run = await runCliInProcess(['backtest', EXAMPLE, '--root', EXAMPLE], env());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Backtest over the last 7 days (the metrics of each rule's cluster):");
    // The example lowers api-5xx-ratio's threshold: it fires at least as much as the live rule.
    expect(run.stdout).toMatch(
      /~ api-5xx-ratio \(alerting\/api\.yaml:28\): would have fired \d+ times? \([^)]+\) in the last 7 days — now: \d+ times? \(/,
    );
    expect(run.stdout).toMatch(
      / {6}proposed [▁▂▃▄▅▆▇█]{7,8} {2}live [▁▂▃▄▅▆▇█]{7,8} {2}\(minutes firing per day/,
    );
    expect(run.stdout).toContain(
      '+ prod-eu-certificate-expiry (alerting/cluster.yaml:107): no series in the last 7 days: the metric may not exist on this cluster',
    );
    expect(run.stdout).toContain('[backtest.no-series]');
    expect(run.stdout).toContain(
      'not backtested: postgres-slow-queries (alerting/databases.yaml:126): it is disabled (`enabled: false`)',
    );
    expect(run.stdout).toMatch(/get-cluster-metrics 7\b/);
  });

  it('gives the same figures as JSON, counts its queries, and leaves the outcome of the plan as it was', async () => {
    const planned = await json('plan');
    const tested = await json('backtest');
    expect(planned.output.backtest).toBeUndefined();
    expect(planned.queries).toBe(0);
    expect(tested.code).toBe(planned.code);
    const { backtest } = tested.output;
    expect(backtest.windowSeconds).toBe(7 * 86_400);
    expect(backtest.end - backtest.start).toBe(7 * 86_400);
    // 7 rules; the two updates that change only a threshold or for_duration share one query each.
    expect(backtest.rules).toHaveLength(7);
    expect(tested.queries).toBe(7);
    expect(tested.output.requests.byOperation['get-cluster-metrics']).toBe(7);
    const lowered = backtest.rules.find((r: { name: string }) => r.name === 'api-5xx-ratio');
    expect(lowered.proposed.status).toBe('done');
    expect(lowered.proposed.figures.firingSeconds).toBeGreaterThan(lowered.live.figures.firingSeconds);
    expect(lowered.proposed.stepSeconds).toBe(60);
    expect(tested.output.diagnostics.map((d: { code: string }) => d.code)).toContain('backtest.no-series');
  });

  it('plan --backtest takes a window; backtest --help says what it does', async () => {
    const day = await json('plan', '--backtest', '--window', '1d');
    expect(day.output.backtest.windowSeconds).toBe(86_400);
    expect(day.output.backtest.rules[0].proposed.perBucket.length).toBeGreaterThanOrEqual(24);
    expect(day.output.backtest.rules[0].proposed.perBucket.length).toBeLessThanOrEqual(25);
    const help = await runCliInProcess(['backtest', '--help'], {});
    expect(help.stdout).toContain('backtest [PATH…] [--window 7d]');
    expect(help.stdout).toContain('--window DURATION');
  });

  it('says nothing of a backtest when no live rule could be read, and asks no metrics', async () => {
    sandbox().resetLog();
    sandbox().setFaults({ script: [{ operation: 'getAlertRules', status: 404 }] });
    const run = await runCliInProcess(['backtest', EXAMPLE, '--root', EXAMPLE], env());
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('Backtest over');
    expect(run.stdout).toContain('could not be read');
    expect(sandbox().count('get-cluster-metrics')).toBe(0);
  });
});
