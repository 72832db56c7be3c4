/**
 * The backtest of a pull request through the bundled action, against the sandbox's seeded series over real
 * HTTP (fixtures/sandbox/metrics.yaml) and a fake GitHub: figures proposed against live in the comment and
 * the summary, the warning of a rule that would always fire, a failing metrics endpoint that changes
 * nothing but the words "backtest unavailable", the cap, and the queries counted. The first case runs
 * index.js as the runner does; the others are about what the step computes and writes, not how its
 * process behaves, and run the main step's entry function in this process (action-runner.ts inProcess).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { type MetricsFault, metricsFault } from '../../src/sandbox/index.js';
import {
  type ActionRun,
  commitEdit,
  exampleRepository,
  pullRequestEvent,
  runAction,
  useActionWorld,
} from './action-runner.js';

const { sandbox, github, inputs } = useActionWorld('alerting');

/** A rule that fires all the time: 24 pods are always running. */
const ALWAYS_FIRING = `kind: AlertRule
organization_id: 7f1b2c3d-0000-4000-8000-000000000001
cluster_id: c1a5e7e0-0000-4000-8000-000000000101
target: {target_type: CLUSTER, target_id: c1a5e7e0-0000-4000-8000-000000000101}
name: shop-pods-running
description: Pods of the shop are running
tag: capacity
condition: {kind: CUSTOM, promql: 'sum(kube_pod_status_phase{namespace="shop", phase="Running"})', operator: ABOVE, threshold: 1, function: NONE}
for_duration: PT5M
severity: LOW
enabled: true
alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000201]
`;

interface RuleJson {
  readonly name: string;
  readonly proposed: {
    status: string;
    reason?: string;
    verdict?: string;
    figures: { fired: number; firingSeconds: number };
  };
  readonly live?: RuleJson['proposed'];
}

/**
 * A pull request on the example with `edit` made to workers.yaml, run by the action with `extra` inputs:
 * in this process unless `bundle` (then index.js in a child process).
 */
async function pullRequest(
  edit: (text: string) => string,
  extra: Record<string, string> = {},
  { bundle = false }: { readonly bundle?: boolean } = {},
) {
  const { dir, first } = await exampleRepository();
  const head = await commitEdit(dir, 'alerting/workers.yaml', edit);
  const pr = github().addPullRequest();
  sandbox().resetLog();
  const run = await runAction({
    workspace: dir,
    eventName: 'pull_request',
    payload: pullRequestEvent(pr, first, head),
    // The backtest alone: the live series check has its own tests (action-live-series.test.ts).
    inputs: { ...inputs(), 'live-series': 'false', ...extra },
    inProcess: !bundle,
  });
  const json = JSON.parse(await readFile(run.outputs['plan-json']!, 'utf8'));
  const comment =
    github()
      .comments.filter((c) => c.issue_number === pr)
      .at(-1)?.body ?? '';
  const rules: RuleJson[] = json.backtest?.rules ?? [];
  return { run, json, comment, rules, queries: sandbox().count('get-cluster-metrics') };
}

/** 6000: above the jobs queue's spike of yesterday night, below the one of three days ago (metrics.yaml). */
const raiseBacklog = (t: string) => t.replace('threshold: 5000', 'threshold: 6000');

describe('backtest on a pull request', () => {
  it('shows a raised threshold firing less than the live rule, in the comment and the summary, queries counted', async () => {
    const { run, json, comment, rules, queries } = await pullRequest(raiseBacklog, {}, { bundle: true });
    expect(run.stderr).toBe('');
    const raised = rules.find((r) => r.name === 'worker-queue-backlog')!;
    expect(raised.proposed.status).toBe('done');
    expect(raised.live!.status).toBe('done');
    expect(raised.live!.figures.fired).toBeGreaterThan(raised.proposed.figures.fired);
    expect(comment).toContain('#### Backtest: the last 7 days');
    expect(comment).toMatch(
      /\*\*`worker-queue-backlog`\*\* \(\[`alerting\/workers\.yaml:\d+`\]\([^)]+\)\): would (not have fired|have fired \d+ times?) .*in the last 7 days — now: \d+ times? \(/,
    );
    expect(comment).toContain('```mermaid\n');
    expect(comment).toContain('xychart-beta');
    expect(run.summary).toContain('#### Backtest: the last 7 days');
    // One query per rule at most here (only thresholds and for_durations change on the updates), all counted.
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(2 * rules.length);
    expect(json.requests.byOperation['get-cluster-metrics']).toBe(queries);
    expect(run.summary).toMatch(new RegExp(`\\| \`get-cluster-metrics\` \\| ${queries} \\|`));
  });

  it('warns of a new rule that would have fired all the time', async () => {
    const { run, rules, comment } = await pullRequest((t) => `${t}---\n${ALWAYS_FIRING}`);
    const always = rules.find((r) => r.name === 'shop-pods-running')!;
    expect(always.proposed).toMatchObject({ status: 'done', verdict: 'mostly-firing' });
    expect(always.proposed.figures.firingSeconds).toBeGreaterThan(6 * 86_400);
    expect(run.code).toBe(0);
    expect(comment).toContain('backtest.mostly-firing');
    expect(comment).toMatch(/alert rule "shop-pods-running" would have fired 100% of the last 7 days/);
  });

  it('caps the rules backtested and lists the others', async () => {
    const { rules, json, queries } = await pullRequest(raiseBacklog, { 'backtest-max-rules': '2' });
    expect(rules).toHaveLength(2);
    expect(
      json.backtest.notBacktested.filter((r: { reason: string }) => r.reason.includes('over the limit of 2')),
    ).not.toEqual([]);
    expect(queries).toBeLessThanOrEqual(4);
    expect(json.requests.byOperation['get-cluster-metrics']).toBe(queries);
  });

  it("never runs on a fork's pull request", async () => {
    const { dir, first } = await exampleRepository();
    const head = await commitEdit(dir, 'alerting/workers.yaml', raiseBacklog);
    const pr = github().addPullRequest();
    sandbox().resetLog();
    const run = await runAction({
      workspace: dir,
      eventName: 'pull_request',
      payload: pullRequestEvent(pr, first, head, 'someone/gitops-fork'),
      inputs: inputs(),
      inProcess: true,
    });
    expect(run.outputs.command).toBe('validate');
    expect(sandbox().count('get-cluster-metrics')).toBe(0);
    expect(run.summary).not.toContain('Backtest');
  });

  it('is off with backtest: false: no query, no backtest', async () => {
    const { json, queries, comment } = await pullRequest(raiseBacklog, { backtest: 'false' });
    expect(json.backtest).toBeUndefined();
    expect(queries).toBe(0);
    expect(comment).not.toContain('Backtest');
  });
});

describe('a metrics endpoint that fails', () => {
  // Each as many times as the client's attempts at one query (a 500 is retried as any read).
  const FAULTS: readonly (readonly [MetricsFault, string])[] = [
    ['server-error', 'failed with HTTP 500'],
    ['html-page', 'the body is not JSON'],
    ['unknown-shape', 'unknown shape of the metrics answer'],
    ['not-a-string', "field 'metrics' is missing or not a string"],
    ['prometheus-error', 'Prometheus error: timeout: query timed out in expression evaluation'],
  ];

  /** The same pull request without a backtest, run once: what every faulty run must end as. */
  let withoutBacktest: Promise<{ run: ActionRun; conclusion: string | null | undefined }> | undefined;
  const off = () => {
    withoutBacktest ??= pullRequest(raiseBacklog, { backtest: 'false' }).then(({ run }) => ({
      run,
      conclusion: github().checkRuns.at(-1)!.conclusion,
    }));
    return withoutBacktest;
  };

  it.each(FAULTS)(
    'answering %s: backtest unavailable, and the run ends as without a backtest',
    async (fault, reason) => {
      const { run: offRun, conclusion: offConclusion } = await off();
      sandbox().setFaults({ script: [metricsFault(fault, 10)] });
      try {
        const { run, rules, comment } = await pullRequest(raiseBacklog, { 'backtest-max-rules': '1' });
        expect(rules).toHaveLength(1);
        expect(rules[0]!.proposed.status).toBe('unavailable');
        expect(rules[0]!.proposed.reason).toContain(reason);
        expect(comment).toContain(': backtest unavailable: ');
        expect(run.code).toBe(offRun.code);
        for (const output of ['command', 'changes', 'violations', 'errors', 'warnings', 'drift'] as const)
          expect(run.outputs[output], output).toBe(offRun.outputs[output]);
        expect(github().checkRuns.at(-1)!.conclusion).toBe(offConclusion);
      } finally {
        sandbox().setFaults({});
      }
    },
  );
});
