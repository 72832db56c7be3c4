/**
 * The live series check against the sandbox's seeded series over real HTTP (fixtures/sandbox/metrics.yaml,
 * cluster prod-eu): one finding per reason, at the selector's line and column in the YAML; the exempt
 * forms; the number of requests; and the metrics proxy failing in each way: one notice, no finding.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_CHARS, runLiveSeries } from '../../../src/commands/live-series-check.js';
import { systemClock } from '../../../src/core/clock.js';
import { parseFiles } from '../../../src/documents/parse.js';
import type { AlertRuleDocument } from '../../../src/documents/types.js';
import type { Plan } from '../../../src/model/types.js';
import { metricsFault } from '../../../src/sandbox/metrics-faults.js';
import { testChange } from '../../helpers/changes.js';
import { liveSeriesRule as rule } from '../../helpers/live-series-rule.js';
import { offlineContext } from '../../helpers/offline-context.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { useSandboxClients } from '../../helpers/sandbox-clients.js';

const sandbox = useSandbox({ rateLimit: false });
const clients = useSandboxClients(sandbox);
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';

/** Each document is 17 lines and a separator: rule i's query is on line 10 + 18 i, from column 11. */
const RULES: readonly (readonly [string, string])[] = [
  ['gone', 'max(legacy_queue_depth{queue="jobs"})'],
  ['typo', 'sum(app_buld_info)'],
  ['no-label', 'count(app_build_info{region="eu"})'],
  ['bad-value', 'count(app_build_info{env="prod"})'],
  ['never-together', 'count(app_build_info{app="billing", env="staging"})'],
  ['fine', 'count(app_build_info{env="production"})'],
  ['or', 'count(missing_metric_x) or count(app_build_info)'],
  ['unless', 'count(app_build_info) unless count(missing_metric_y)'],
  ['absent', 'absent(missing_metric_z{job="a"})'],
];

function setup(rules: readonly (readonly [string, string])[] = RULES) {
  const text = rules.map(([name, promql]) => rule(name, promql)).join('\n---\n');
  const documents = parseFiles([{ path: 'alerting/live.yaml', bytes: new TextEncoder().encode(text) }])
    .documents as AlertRuleDocument[];
  expect(documents).toHaveLength(rules.length);
  const plan = {
    organizations: ['o'],
    changes: documents.map((d) =>
      testChange('create', { name: d.value.name, file: d.file, line: d.range.line, clusterId: PROD_EU }),
    ),
    diagnostics: [],
    unmanaged: [],
    ghosts: [],
    outdated: [],
  } as Plan;
  const ctx = offlineContext('.', { clock: systemClock });
  return { plan, documents, ctx };
}

describe('the live series check against the sandbox', () => {
  it('finds each reason at its selector, passes over what matches and the exempt forms, in at most 3 requests', async () => {
    const { plan, documents, ctx } = setup();
    const { service } = clients();
    const run = await runLiveSeries(ctx, service, plan, documents, { scope: 'changed', asErrors: false });
    const found = run.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}-${d.endColumn}`);
    expect(found).toEqual([
      'live-series.metric-gone 10:15-47',
      'live-series.metric-unknown 28:15-28',
      'live-series.label-unknown 46:32-43',
      'live-series.value-unknown 64:32-42',
      'live-series.no-combination 82:17-61',
    ]);
    const [gone, typo, label, value, together] = run.diagnostics.map((d) => d.message);
    expect(gone).toMatch(
      /the metric `legacy_queue_depth` has no series on cluster "c1a5e7e0-0000-4000-8000-000000000101" now; it was last seen in the hour up to \d{4}-\d\d-\d\d \d\d:00 UTC/,
    );
    expect(typo).toContain(
      `has had no series on cluster "${PROD_EU}" in the last 7 days; names that exist: \`app_build_info\``,
    );
    expect(label).toContain(
      `no series of \`app_build_info\` on cluster "${PROD_EU}" has the label \`region\`; its labels: app, env, version`,
    );
    expect(value).toContain('has env="prod"; values of `env`: production, staging');
    expect(together).toContain('each matcher of this selector matches series of `app_build_info`');
    expect(run.diagnostics.every((d) => d.severity === 'warning' && d.file === 'alerting/live.yaml')).toBe(
      true,
    );
    expect(run.summary).toMatchObject({
      rules: 9,
      selectors: 7,
      exempt: 4,
      clusters: 1,
      requests: 3,
      unavailable: null,
    });
    expect(sandbox().count('get-cluster-metrics')).toBe(3);
    // Every query is an instant query with a timeout.
    const asked = sandbox().requests.filter((r) => r.operation === 'get-cluster-metrics');
    expect(
      asked.every((r) => r.query.endpoint === 'api/v1/query' && /^\d+s$/.test(r.query.timeout ?? '')),
    ).toBe(true);
  });

  it('asks once when every metric exists and carries its labels, and makes errors when told', async () => {
    // `region!="eu"` matches series without a region: it needs no label names, so no third query.
    const fine = setup([
      RULES[5]!,
      ['bad', 'count(app_build_info{env="prod"})'],
      ['no-region', 'count(app_build_info{region!="eu"})'],
    ]);
    const { service } = clients();
    const run = await runLiveSeries(fine.ctx, service, fine.plan, fine.documents, {
      scope: 'all',
      asErrors: true,
    });
    expect(run.summary.requests).toBe(1);
    expect(run.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual([
      'error live-series.value-unknown',
    ]);
  });

  const FAULTS = [
    ['a 500', metricsFault('server-error', 10), /^live series unavailable: .*500/],
    ['an HTML page', metricsFault('html-page', 10), /^live series unavailable: .*(HTML|JSON|html)/],
    [
      'status "error"',
      metricsFault('prometheus-error', 10),
      /^live series unavailable: Prometheus error: timeout: query timed out/,
    ],
    ['metrics not a string', metricsFault('not-a-string', 10), /^live series unavailable: /],
    [
      'a 10 MB answer',
      {
        operation: 'get-cluster-metrics' as const,
        status: 200,
        // A valid empty answer, padded: read, it would say that no metric exists.
        body: {
          metrics: `{"status":"success","data":{"resultType":"vector","result":[]},"pad":"${'x'.repeat(10 * 1024 * 1024)}"}`,
        },
        times: 10,
      },
      new RegExp(`^live series unavailable: the answer is larger than ${MAX_ANSWER_CHARS / 1024 / 1024} MiB`),
    ],
  ] as const;

  for (const [name, fault, reason] of FAULTS) {
    it(`gives one notice and no finding when the proxy answers ${name}`, async () => {
      const { plan, documents, ctx } = setup();
      sandbox().setFaults({ script: [fault] });
      const { service } = clients();
      const run = await runLiveSeries(ctx, service, plan, documents, { scope: 'changed', asErrors: true });
      expect(run.diagnostics).toHaveLength(1);
      expect(run.diagnostics[0]).toMatchObject({
        severity: 'notice',
        code: 'live-series.unavailable',
        file: '',
      });
      expect(run.diagnostics[0]!.message).toMatch(reason);
      expect(run.summary.unavailable).not.toBeNull();
    });
  }

  it('says one notice for all the clusters it could not ask', async () => {
    const { plan, documents, ctx } = setup();
    const staging = 'c1a5e7e0-0000-4000-8000-000000000102';
    const twoClusters = {
      ...plan,
      changes: plan.changes.map((c, i) => (i % 2 === 0 ? c : { ...c, clusterId: staging })),
    } as Plan;
    sandbox().setFaults({ script: [metricsFault('prometheus-error', 10)] });
    const { service } = clients();
    const run = await runLiveSeries(ctx, service, twoClusters, documents, {
      scope: 'changed',
      asErrors: false,
    });
    expect(run.diagnostics).toHaveLength(1);
    expect(run.diagnostics[0]!.message).toMatch(
      /^live series unavailable: Prometheus error: timeout: query timed out in expression evaluation \(cluster "[^"]+"\); and 1 other cluster not checked$/,
    );
    expect(run.summary).toMatchObject({ clusters: 2, requests: 2 });
  });

  it('gives way at its time limit when the proxy hangs: one notice, no finding', async () => {
    const { plan, documents, ctx } = setup();
    // 10 minutes late on the sandbox's (real) clock: far past the check's limit.
    sandbox().setFaults({ script: [{ operation: 'get-cluster-metrics', delayMs: 600_000, times: 10 }] });
    const { service } = clients();
    const run = await runLiveSeries(ctx, service, plan, documents, {
      scope: 'changed',
      asErrors: true,
      timeoutMs: 300,
    });
    // The client's deadline (the check's) or the check's own timer, whichever says it first.
    expect(run.diagnostics).toHaveLength(1);
    expect(run.diagnostics[0]!.message).toMatch(
      new RegExp(
        `^live series unavailable: .*(timed out|no answer within 0.3 s).*\\(cluster "${PROD_EU}"\\)$`,
      ),
    );
    expect(run.diagnostics[0]!.severity).toBe('notice');
  });
});
