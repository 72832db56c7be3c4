/**
 * Pull requests through the bundled action against the sandbox and a fake GitHub: the plan in the Checks
 * run, the annotations within the caps, one sticky comment created then edited, offline validation for
 * forks, and no write to the service, ever.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  commitEdit,
  exampleRepository,
  pullRequestEvent,
  runAction,
  useActionWorld,
} from './action-runner.js';

const { sandbox, github, inputs } = useActionWorld('alerting\ncomponents');
const NEW_RULE = `kind: AlertRule
organization_id: 7f1b2c3d-0000-4000-8000-000000000001
cluster_id: c1a5e7e0-0000-4000-8000-000000000101
target: {target_type: APPLICATION, target_id: a1a1a1a1-0000-4000-8000-000000000301}
name: api-up
description: The API answers
tag: availability
condition: {kind: CUSTOM, promql: 'up{app="api"} == 0', operator: BELOW, threshold: 1, function: NONE}
for_duration: PT2M
severity: HIGH
enabled: true
alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000201]
presentation: {summary: API is down, runbook_url: 'https://runbooks.acme.example/api/up'}
`;

describe('pull_request', () => {
  it('plans, reports in the Checks run and one comment, and edits that comment on the next push', async () => {
    const { dir, first } = await exampleRepository();
    await commitEdit(
      dir,
      'alerting/api.yaml',
      (t) =>
        `${t
          .replace('severity: HIGH', 'severity: CRITICAL')
          .replace(
            'promql: histogram_quantile(0.99, sum by (le) (rate(http_server_request_duration_seconds_bucket{app="api"}[5m])))',
            `promql: |\n    histogram_quantile(0.99,\n      sum by (le) (rate(http_server_request_duration_seconds_bucket{app="api"}[10m])))`,
          )}---\n${NEW_RULE}`,
    );
    // A component changes too; its sensitive value comes from the workflow's secret (rotated here): resolved
    // with it, and never shown anywhere.
    const secret = 'N3w-Gr4fana-rotated-2026';
    const head = await commitEdit(dir, 'components/prod-eu/observability.yaml', (t) =>
      t.replace('retentionDays: 30', 'retentionDays: 100000'),
    );
    const pr = github().addPullRequest();
    sandbox().resetLog();

    const before = Date.now();
    const run = await runAction({
      workspace: dir,
      eventName: 'pull_request',
      payload: pullRequestEvent(pr, first, head),
      inputs: inputs(),
      githubUrl: github().url,
      env: { GRAFANA_ADMIN_PASSWORD: secret },
    });
    expect(run.stderr).toBe('');
    expect(run.outputs.command).toBe('plan');
    // The component's violation fails the step, on the exact line of the field.
    expect(run.code, run.stdout).toBe(1);
    expect(run.outputs).toMatchObject({ violations: '1', errors: '1' });
    // The Checks run annotates every finding: no second annotation from a workflow command, one line instead.
    expect(run.annotations.filter((a) => a.includes('OUT_OF_RANGE'))).toEqual([]);
    expect(run.stdout).toMatch(
      /(1 finding is annotated on its line|\d+ findings are annotated on their lines) by the Checks run: http/,
    );
    expect(github().checkRuns.at(-1)!.output.annotations).toContainEqual(
      expect.objectContaining({
        path: 'components/prod-eu/observability.yaml',
        start_line: 14,
        title: 'Out of range',
        message:
          'retentionDays must be between 1 and 365. [OUT_OF_RANGE]\nhttps://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/component.md#out_of_range',
      }),
    );
    expect(Number(run.outputs.changes)).toBeGreaterThanOrEqual(1);
    expect(sandbox().requests.filter((r) => r.method !== 'GET' && !r.path.endsWith('/resolve'))).toEqual([]);

    const check = github().checkRuns.at(-1)!;
    expect(check).toMatchObject({
      name: 'platform-gitops plan (alerting, components)',
      head_sha: head,
      status: 'completed',
      conclusion: 'failure',
    });
    expect(check.output.text).toContain('api-p99-latency');

    const mine = () => github().comments.filter((c) => c.issue_number === pr);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.body).toMatch(/^<!-- platform-gitops:v1:[0-9a-f]{16} -->\n### platform-gitops plan/);
    // Read as a person would: every changed field in full, the query as a diff block, lines linked.
    const body = mine()[0]!.body;
    const blob = `https://github.example/acme/gitops/blob/${head}`;
    expect(body).toContain(
      `**✏️ update** api-p99-latency · [\`line 3\`](${blob}/alerting/api.yaml#L3)\n\n` +
        // What the rule watches, by name, with the ids beside them.
        'Watches **api** in shop/production · APPLICATION (`a1a1a1a1-0000-4000-8000-000000000301`) on cluster **prod-eu** (`c1a5e7e0-0000-4000-8000-000000000101`).\n\n' +
        `- \`severity\`: \`HIGH\` → \`CRITICAL\``,
    );
    expect(body).toContain(
      '`condition.promql`:\n```diff\n' +
        '- histogram_quantile(0.99, sum by (le) (rate(http_server_request_duration_seconds_bucket{app="api"}[5m])))\n' +
        '+ histogram_quantile(0.99,\n' +
        '+   sum by (le) (rate(http_server_request_duration_seconds_bucket{app="api"}[10m])))\n```',
    );
    expect(body).toMatch(
      /\*\*➕ create\*\* api-up · \[`line \d+`\]\(https:\/\/github\.example\/acme\/gitops\/blob\/[0-9a-f]{40}\/alerting\/api\.yaml#L\d+\)/,
    );
    expect(body).toContain('- `condition.promql`: `up{app="api"} == 0`');
    expect(body).toContain('[workflow run](https://github.example/acme/gitops/actions/runs/');
    expect(body).not.toMatch(/null|→ `"|\b1 \w+s\b/);
    expect(body).toContain(
      '4 components unchanged in this change and not tied to a changed one: not resolved (`cert-manager`, `external-dns`, `ingress-nginx`, `karpenter`).',
    );
    expect(body).toContain(
      `| ❌ error | [\`OUT_OF_RANGE\`](https://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/component.md#out_of_range) | [\`line 14\`](${blob}/components/prod-eu/observability.yaml#L14) | retentionDays must be between 1 and 365. |`,
    );

    expect(run.outputs.command).toBe('plan');
    expect(run.summary).toContain('### Platform components');
    expect(run.summary).toMatch(/\| `observability` \| `aws-standard@1.4.0` \| .* \| ❌ violations \|/);
    // Nothing a reviewer reads names a path on the runner.
    expect(run.summary).not.toContain(run.outputs['plan-json']!);
    expect(body).not.toContain(run.outputs['plan-json']!);
    const everywhere = [
      run.log,
      run.summary,
      JSON.stringify(github().requests),
      await readFile(run.outputs['plan-json']!, 'utf8'),
    ].join('\n');
    expect(everywhere).not.toContain(secret);
    expect(run.summary).toContain('## platform-gitops plan');
    expect(run.summary).toContain('api-p99-latency');
    expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024);
    const json = JSON.parse(await readFile(run.outputs['plan-json']!, 'utf8'));
    expect(json.command).toBe('plan');
    expect(JSON.stringify(json)).not.toContain(sandbox().token);
    expect(run.state['api-url']).toBe(sandbox().url);
    // The run's start, for the post step to tell this run's deployments from earlier ones.
    const started = Date.parse(run.state['run-started'] ?? '');
    expect(started).toBeGreaterThanOrEqual(before);
    expect(started).toBeLessThanOrEqual(Date.now());
    expect(JSON.stringify(run.state)).not.toContain(sandbox().token);

    // The author reverts the change: the same comment is edited to "no changes", not deleted or re-posted.
    await commitEdit(dir, 'components/prod-eu/observability.yaml', (t) =>
      t.replace('retentionDays: 100000', 'retentionDays: 30'),
    );
    const third = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: CRITICAL', 'severity: HIGH'),
    );
    const again = await runAction({
      workspace: dir,
      eventName: 'pull_request',
      payload: pullRequestEvent(pr, first, third),
      inputs: inputs(),
      githubUrl: github().url,
    });
    expect(again.code, again.stdout).toBe(0);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.body).not.toContain('CRITICAL');
    const edits = github().requests.filter(
      (r) => r.method === 'PATCH' && r.path.includes('/issues/comments/'),
    );
    expect(edits).toHaveLength(1);
  });

  it('validates a fork pull request offline, says why, and falls back to annotations without checks: write', async () => {
    const { dir, first } = await exampleRepository();
    const second = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: SEVERE'),
    );
    const pr = github().addPullRequest();
    github().switches = { checksForbidden: true, issuesForbidden: true };
    sandbox().resetLog();
    try {
      const run = await runAction({
        workspace: dir,
        eventName: 'pull_request',
        payload: pullRequestEvent(pr, first, second, 'someone/gitops'),
        inputs: { ...inputs(), 'api-token': '' },
        githubUrl: github().url,
      });
      expect(run.code).toBe(1);
      expect(run.outputs.command).toBe('validate');
      expect(sandbox().requests).toEqual([]);
      expect(run.annotations[0]).toMatch(
        /^::error file=alerting\/api.yaml,line=\d+,col=\d+.*title=Value not allowed::`severity` must be one of/,
      );
      expect(run.summary).toContain('Pull request from a fork');
      expect(run.summary).toContain('Checks run not created: the token lacks the checks: write permission');
      expect(run.summary).toContain(
        'Pull-request comment not posted: the token lacks the pull-requests: write permission',
      );
      expect(run.stdout.match(/checks: write/g)).toHaveLength(1);
    } finally {
      github().switches = {};
    }
  });
  it('on pull_request_target validates only what is checked out, offline, and says so', async () => {
    const { dir, first } = await exampleRepository();
    const pr = github().addPullRequest();
    sandbox().resetLog();
    const run = await runAction({
      workspace: dir,
      eventName: 'pull_request_target',
      payload: pullRequestEvent(pr, first, 'e'.repeat(40), 'someone/gitops'),
      inputs: inputs(),
      githubUrl: github().url,
      sha: first,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.command).toBe('validate');
    expect(sandbox().requests).toEqual([]);
    expect(run.summary).toContain(
      "pull\\_request\\_target: the pull request's documents are never read with secrets",
    );
    expect(github().checkRuns.at(-1)).toMatchObject({
      head_sha: first,
      name: 'platform-gitops validate (alerting, components)',
    });
  });

  it('on merge_group plans the queued merge, never writes, and reports on the group head', async () => {
    const { dir, first } = await exampleRepository();
    const head = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: CRITICAL'),
    );
    sandbox().resetLog();
    const comments = github().comments.length;
    const run = await runAction({
      workspace: dir,
      eventName: 'merge_group',
      payload: {
        action: 'checks_requested',
        merge_group: {
          head_sha: head,
          base_sha: first,
          head_ref: 'refs/heads/gh-readonly-queue/main/pr-9-x',
        },
        repository: { full_name: 'acme/gitops', default_branch: 'main' },
      },
      inputs: inputs(),
      githubUrl: github().url,
      sha: head,
      ref: 'refs/heads/gh-readonly-queue/main/pr-9-x',
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.command).toBe('plan');
    expect(Number(run.outputs.changes)).toBeGreaterThanOrEqual(1);
    expect(sandbox().requests.filter((r) => r.method !== 'GET' && !r.path.endsWith('/resolve'))).toEqual([]);
    expect(github().checkRuns.at(-1)).toMatchObject({ head_sha: head, conclusion: 'success' });
    expect(github().comments).toHaveLength(comments);
  });
});
