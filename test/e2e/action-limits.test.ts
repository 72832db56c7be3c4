/**
 * A large run through the bundled action: 300 invalid documents, 300 component violations and a plan of 2,000 creates on a pull
 * request. Every annotation reaches the Checks run in requests of at most 50, and every GitHub limit holds
 * (annotation caps, comment size, output text, summary bytes).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  commitEdit,
  exampleRepository,
  pullRequestEvent,
  runAction,
  useActionWorld,
} from './action-runner.js';

const { sandbox, github } = useActionWorld('');
function rule(name: string, severity: string): string {
  return `kind: AlertRule
organization_id: 7f1b2c3d-0000-4000-8000-000000000001
cluster_id: c1a5e7e0-0000-4000-8000-000000000101
target: {target_type: APPLICATION, target_id: a1a1a1a1-0000-4000-8000-000000000301}
name: ${name}
description: generated rule ${name}
tag: load
condition: {kind: CUSTOM, promql: "sum(rate(http_requests_total{app=\\"api\\"}[5m]))", operator: ABOVE, threshold: 1, function: NONE}
for_duration: PT5M
severity: ${severity}
enabled: true
alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000201]
presentation: {summary: "${name} fired", runbook_url: "https://runbooks.acme.example/${name}"}
`;
}

function component(i: number): string {
  return `kind: PlatformComponent
organization_id: 7f1b2c3d-0000-4000-8000-000000000001
template: {key: aws-standard, version: 1.4.0}
component: observability
cluster: {mode: QOVERY_MANAGED, provider: AWS, id: c1a5e7e0-0000-4000-8000-${String(2000 + i).padStart(12, '0')}}
profileConfig:
  retentionDays: ${400 + i}
  storage: 200Gi
  grafanaAdminPassword: Gr4fana-generated-${i}-secret
clusterInputs:
  s3BucketName: bucket-${i}
`;
}

describe('a run at every limit', () => {
  it('delivers 300 violations, 300 other findings and a plan of 2,000 changes within every GitHub limit', async () => {
    const { dir, first } = await exampleRepository();
    await mkdir(join(dir, 'generated'), { recursive: true });
    for (let file = 0; file < 20; file++) {
      const docs = Array.from({ length: 100 }, (_, i) => rule(`load-${file}-${i}`, 'HIGH'));
      await writeFile(join(dir, 'generated', `rules-${file}.yaml`), docs.join('---\n'));
    }
    for (let file = 0; file < 10; file++) {
      const docs = Array.from({ length: 30 }, (_, i) => rule(`broken-${file}-${i}`, 'SEVERE'));
      await writeFile(join(dir, 'generated', `broken-${file}.yaml`), docs.join('---\n'));
      // And 300 component violations, each from its own resolve: the service's findings at their lines.
      const components = Array.from({ length: 30 }, (_, i) => component(file * 30 + i));
      await writeFile(join(dir, 'generated', `components-${file}.yaml`), components.join('---\n'));
    }
    const head = await commitEdit(dir, 'generated/rules-0.yaml', (t) => t);
    const pr = github().addPullRequest();
    sandbox().resetLog();

    const run = await runAction({
      workspace: dir,
      eventName: 'pull_request',
      payload: pullRequestEvent(pr, first, head),
      inputs: {
        'api-url': sandbox().url,
        'api-token': sandbox().token,
        'github-token': github().token,
        paths: 'generated',
        // The findings counted below are the documents' and the service's; the backtest's ten rules (its
        // own cap) are tested in action-backtest.test.ts, the live series check in action-live-series.test.ts.
        backtest: 'false',
        'live-series': 'false',
      },
      githubUrl: github().url,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ command: 'plan', changes: '2000', violations: '300', errors: '600' });
    expect(sandbox().requests.filter((r) => r.method !== 'GET' && !r.path.endsWith('/resolve'))).toEqual([]);

    // The Checks run carries every finding on its line: the step prints one line pointing at it instead of
    // workflow commands GitHub would show a second time, and the failure. (The caps of workflow commands,
    // used without a Checks run, are tested in test/unit/report/annotations.test.ts.)
    // Findings about the run as a whole have no line in the Checks run: they, and the failure, are printed.
    expect(run.annotations.at(-1)).toMatch(/^::error::plan: 600 errors/);
    expect(run.annotations.filter((a) => a.includes('file='))).toEqual([]);
    expect(run.stdout).toMatch(/\d+ findings are annotated on their lines by the Checks run: http/);

    // Checks run: every annotation delivered, at most 50 per request, text within its limit.
    const checkRequests = github().requests.filter(
      (r) => r.method !== 'GET' && (r.path.endsWith('/check-runs') || /check-runs\/\d+$/.test(r.path)),
    );
    for (const request of checkRequests) {
      const output = (request.body as { output: { annotations?: unknown[]; text: string } }).output;
      expect(output.annotations?.length ?? 0).toBeLessThanOrEqual(50);
      expect(output.text.length).toBeLessThanOrEqual(65_535);
      expect(request.status).toBeLessThan(300);
    }
    // 600 errors, and a warning for each component's password written in the document (sensitive-literal).
    expect(checkRequests).toHaveLength(18);
    const check = github().checkRuns.at(-1)!;
    expect(check.output.annotations).toHaveLength(900);
    const literals = check.output.annotations.filter((a) => a.title === 'Sensitive value in git');
    expect(literals).toHaveLength(300);
    expect(new Set(check.output.annotations.map((a) => `${a.path}:${a.start_line}`)).size).toBe(900);
    const violations = check.output.annotations.filter((a) => a.title === 'Out of range');
    expect(violations).toHaveLength(300);
    expect(violations[0]).toMatchObject({
      path: 'generated/components-0.yaml',
      start_line: 7,
      start_column: 3,
    });
    expect(check.conclusion).toBe('failure');

    // The comment and the summary stay within their sizes and say what they left out.
    const comment = github().comments.find((c) => c.issue_number === pr)!;
    expect(comment.body.length).toBeLessThan(65_536);
    expect(comment.body).toContain("Cut to fit GitHub's size limit");
    expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024);
    expect(run.summary).toContain('### Plan (2000 pending');
    const everything = [run.log, run.summary, JSON.stringify(github().requests)].join('\n');
    expect(everything).not.toMatch(/Gr4fana-generated-\d+-secret/);
    // A guard against a hang, not a speed check: 2,000 changes and 600 findings through the bundle.
  }, 180_000);
});
