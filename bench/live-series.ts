/**
 * The live series check of 1,000 rules with 2,000 selectors over the sandbox's 3 clusters, in this process
 * against the sandbox over loopback: the requests sent to the metrics proxy per cluster, and the time.
 * Two sets of names: rules that share a realistic pool of metrics (150 names per cluster, a third of them
 * missing, some with a wrong label value), 500 names per cluster, and every selector its own metric (about
 * 667 names per cluster: more than one batch).
 *   node live-series.js → one JSON line per row
 */
import { runLiveSeries } from '../src/commands/live-series-check.js';
import { systemClock } from '../src/core/clock.js';
import { Redactor } from '../src/core/redact.js';
import { parseFiles } from '../src/documents/parse.js';
import type { AlertRuleDocument } from '../src/documents/types.js';
import type { Plan } from '../src/model/types.js';
import type { RunContext } from '../src/run/types.js';
import { startSandbox } from '../src/sandbox/index.js';
import { createServiceClient } from '../src/service/client.js';

const CLUSTERS = [
  { id: 'c1a5e7e0-0000-4000-8000-000000000101', name: 'prod-eu' },
  { id: 'c1a5e7e0-0000-4000-8000-000000000102', name: 'staging-eu' },
  { id: 'c1a5e7e0-0000-4000-8000-000000000103', name: 'legacy-us' },
];
const RULES = 1000;
/** Names the sandbox seeds on prod-eu, so that part of the pool exists. */
const SEEDED = [
  'rabbitmq_queue_messages_ready',
  'worker_jobs_failed_total',
  'kube_node_status_condition',
  'up',
  'app_build_info',
];

function ruleText(i: number, cluster: string, promql: string): string {
  return [
    'kind: AlertRule',
    'organization_id: 7f1b2c3d-0000-4000-8000-000000000001',
    `cluster: ${cluster}`,
    `target: { cluster: ${cluster} }`,
    `name: bench-${i}`,
    'description: d',
    'tag: bench',
    'condition:',
    '  kind: CUSTOM',
    `  promql: '${promql}'`,
    '  operator: ABOVE',
    '  threshold: 1',
    'for_duration: PT5M',
    'severity: LOW',
    'enabled: true',
    'alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000201]',
    'presentation: {}',
  ].join('\n');
}

/** Two selectors per rule, from a pool of `perCluster` names per cluster. */
function repository(perCluster: number | null) {
  const texts: string[] = [];
  const clusterOf: string[] = [];
  for (let i = 0; i < RULES; i++) {
    const cluster = CLUSTERS[i % 3]!;
    const name = (k: number) => {
      const n = perCluster === null ? k : k % perCluster;
      return n < SEEDED.length ? SEEDED[n]! : `exporter${n % 7}_family${n % 13}_metric_${n}_total`;
    };
    const a = name(2 * Math.floor(i / 3));
    const b = name(2 * Math.floor(i / 3) + 1);
    texts.push(
      ruleText(
        i,
        cluster.name,
        `sum(rate(${a}{job="api", env="production"}[5m])) / sum(rate(${b}{job="api"}[5m]))`,
      ),
    );
    clusterOf.push(cluster.id);
  }
  const loaded = parseFiles([{ path: 'rules.yaml', bytes: new TextEncoder().encode(texts.join('\n---\n')) }]);
  const documents = loaded.documents as AlertRuleDocument[];
  if (documents.length !== RULES) throw new Error(`bench documents: ${loaded.diagnostics[0]?.message}`);
  const plan = {
    organizations: ['7f1b2c3d-0000-4000-8000-000000000001'],
    changes: documents.map((d, i) => ({
      kind: 'AlertRule',
      action: 'create',
      id: null,
      name: d.value.name,
      organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
      clusterId: clusterOf[i],
      file: d.file,
      line: d.range.line,
      diff: [],
      request: {},
    })),
    diagnostics: [],
    unmanaged: [],
    ghosts: [],
    outdated: [],
  } as unknown as Plan;
  return { plan, documents };
}

const sandbox = await startSandbox({ rateLimit: false });
try {
  for (const [label, perCluster] of [
    ['150 names per cluster', 150],
    ['500 names per cluster', 500],
    ['every selector its own metric', null],
  ] as const) {
    const { plan, documents } = repository(perCluster);
    const client = createServiceClient({ apiUrl: sandbox.url, token: sandbox.token });
    const ctx = {
      clock: systemClock,
      progress: () => {},
      redactor: new Redactor(),
    } as unknown as RunContext;
    sandbox.resetLog();
    const started = performance.now();
    const run = await runLiveSeries(ctx, client, plan, documents, {
      scope: 'changed',
      asErrors: false,
      timeoutMs: 120_000,
    });
    const ms = performance.now() - started;
    const perClusterRequests = CLUSTERS.map(
      (c) =>
        sandbox.requests.filter((r) => r.operation === 'get-cluster-metrics' && r.path.includes(c.id)).length,
    );
    const names = CLUSTERS.map(
      (_, ci) =>
        new Set(
          documents
            .filter((_, i) => i % 3 === ci)
            .flatMap((d) =>
              [...d.value.condition.promql.matchAll(/\b([a-z][a-z0-9_]+)\{/g)].map((m) => m[1]),
            ),
        ).size,
    );
    const findings = run.diagnostics.filter((d) => d.severity !== 'notice').length;
    console.log(
      JSON.stringify({
        bench: 'live-series',
        label,
        rules: run.summary.rules,
        selectors: run.summary.selectors,
        clusters: run.summary.clusters,
        names,
        requests: run.summary.requests,
        perClusterRequests,
        findings,
        unavailable: run.summary.unavailable,
        ms: Math.round(ms),
        pintQueries: run.summary.selectors,
      }),
    );
    await client.close();
  }
} finally {
  await sandbox.close();
}
