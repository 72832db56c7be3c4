import { describe, expect, it } from 'vitest';
import { runBacktest } from '../../../src/commands/backtest.js';
import type { Plan } from '../../../src/model/types.js';
import type { ClusterMetricsQuery } from '../../../src/service/types/cluster-metrics.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { offlineContext } from '../../helpers/offline-context.js';

const DAY = 86_400;
const condition = { kind: 'BUILT' as const, promql: 'errors', operator: 'ABOVE' as const, threshold: 5 };
const request = {
  name: 'r',
  description: '',
  tag: '',
  condition,
  for_duration: 'PT0S',
  severity: 'WARNING' as const,
  enabled: true,
  alert_receiver_ids: [],
  presentation: {},
};
const where = (name: string) => ({
  kind: 'AlertRule',
  organizationId: 'o',
  clusterId: 'c',
  name,
  file: `${name}.yaml`,
  line: 2,
});
const create = (name: string, promql = 'errors') => ({
  ...where(name),
  action: 'create',
  id: null,
  diff: [],
  request: {
    ...request,
    name,
    condition: { ...condition, promql },
    organization_id: 'o',
    cluster_id: 'c',
    target: {},
  },
});
/** An update raising the threshold from 5 to `to`. */
const raise = (name: string, to: number) => ({
  ...where(name),
  action: 'update',
  id: 'i',
  diff: [{ path: 'condition.threshold', before: 5, after: to }],
  request: { ...request, name, condition: { ...condition, threshold: to } },
  against: {},
});
const plan = (changes: unknown[]): Plan =>
  ({
    organizations: ['o'],
    changes,
    diagnostics: [],
    unmanaged: [],
    ghosts: [],
    outdated: [],
  }) as unknown as Plan;

/** A client answering every range query with one series: 10 in the first hour of each day, 1 otherwise. */
function metricsClient(answer?: (query: ClusterMetricsQuery) => Promise<string>) {
  const asked: ClusterMetricsQuery[] = [];
  return {
    asked,
    getClusterMetrics: async (_cluster: string, query: ClusterMetricsQuery) => {
      asked.push(query);
      if (answer) return { metrics: await answer(query) };
      const start = Number(query.start);
      const end = Number(query.end);
      const step = Number.parseInt(query.step ?? '60', 10);
      const values: [number, string][] = [];
      for (let t = start; t <= end; t += step) values.push([t, t % DAY < 3600 ? '10' : '1']);
      return {
        metrics: JSON.stringify({
          status: 'success',
          data: { resultType: 'matrix', result: [{ metric: {}, values }] },
        }),
      };
    },
  };
}

const context = () => offlineContext('/nowhere', { clock: new FakeClock(Date.UTC(2026, 10, 21, 0, 0, 0)) });

describe('runBacktest', () => {
  it('asks one query when only the threshold changes, and counts fewer firings above a raised threshold', async () => {
    const client = metricsClient();
    const run = await runBacktest(context(), client, plan([raise('raised', 20), raise('same', 8)]), {
      windowSeconds: 7 * DAY,
      maxRules: 10,
    });
    expect(client.asked).toHaveLength(2);
    expect(client.asked[0]).toMatchObject({ endpoint: 'api/v1/query_range', query: 'errors', step: '60s' });
    const [raised, same] = run.report.rules;
    // The live rule (> 5) fires the first hour of each of the 7 days; the proposed one (> 20) never.
    expect(raised!.live).toMatchObject({ status: 'done', figures: { fired: 7, firingSeconds: 7 * 3600 } });
    expect(raised!.proposed).toMatchObject({ status: 'done', figures: { fired: 0 }, verdict: 'never-fired' });
    expect(same!.proposed).toMatchObject({ figures: { fired: 7, longestSeconds: 3600 } });
    expect(run.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([
      ['backtest.never-fired', 'raised.yaml', 2],
    ]);
  });

  it('caps the rules and lists the rest', async () => {
    const client = metricsClient();
    const run = await runBacktest(context(), client, plan([create('a'), create('b'), create('c')]), {
      windowSeconds: DAY,
      maxRules: 2,
    });
    expect(client.asked).toHaveLength(2);
    expect(run.report.rules.map((r) => r.name)).toEqual(['a', 'b']);
    expect(run.report.notBacktested).toEqual([
      { name: 'c', file: 'c.yaml', line: 2, reason: 'over the limit of 2 per run (backtest-max-rules)' },
    ]);
  });

  it('makes a failure of the endpoint, or no answer in time, "unavailable" and no finding', async () => {
    const failing = metricsClient(async () => {
      throw new Error('getClusterMetrics: HTTP 500');
    });
    const failed = await runBacktest(context(), failing, plan([create('a')]), {
      windowSeconds: DAY,
      maxRules: 10,
    });
    expect(failed.report.rules[0]!.proposed).toEqual({
      status: 'unavailable',
      reason: 'getClusterMetrics: HTTP 500',
    });
    expect(failed.diagnostics).toEqual([]);
    const silent = metricsClient(() => new Promise<string>(() => {}));
    const late = await runBacktest(context(), silent, plan([create('a')]), {
      windowSeconds: DAY,
      maxRules: 10,
      timeoutMs: 5,
    });
    expect(late.report.rules[0]!.proposed).toEqual({ status: 'unavailable', reason: 'no answer within 0 s' });
    // Past the time, no rule's query is sent: three rules queued behind two that never answer.
    const queued = metricsClient(() => new Promise<string>(() => {}));
    const cut = await runBacktest(context(), queued, plan([create('a'), create('b'), create('c', 'other')]), {
      windowSeconds: DAY,
      maxRules: 10,
      timeoutMs: 5,
    });
    expect(queued.asked).toHaveLength(2);
    expect(cut.report.rules.map((r) => r.proposed.status)).toEqual([
      'unavailable',
      'unavailable',
      'unavailable',
    ]);
  });
});
